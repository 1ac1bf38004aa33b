a = true&&false
b = null
c = x in y
d = [for in in ins: in]
e = in
