# hclwrite joins a number, a dot and a number (`0. 1` becomes the number `0.1`, `b.0 .1` the
# invalid `b.0.1`, `b.0. e29` the invalid `b.0.e29`); hcl keeps one space so the file means what it meant.
a = 0. 1
b = b.0 .1
c = x.0
d = 1.5
e = x . 0
f = 0 .  1
g = b.0. e29
h = b.0 .E7
