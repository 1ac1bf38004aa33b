a = shout("hi")
b = shout(some_variable)
