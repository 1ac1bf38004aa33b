a = add_one(41)
b = shout("hi")
c = greet("hello", "a", "b")
