a = f ( x , y )
b = g(  )
c = x [ 1 ] [ "a" ]
d = x . y . z
e = x[*].y
f = x.*.y
g = h(x...)
h = h(x ...)
i = 1[0]
j = f(x)[0]
k = [1][0]
l = {a=1}["a"]
m = x.0.y
