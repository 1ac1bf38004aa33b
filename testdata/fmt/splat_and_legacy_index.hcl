a = x.*.y
b = x[*].y[0]
c = x.0
d = x.0.y
