a = ! x
b = !(x)
c = x != y
d = ! ! x
