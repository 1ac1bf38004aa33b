a = f({a: 1, "b" = 2})
b = 1.50 + x
c = f(<<EOF
hi
EOF
)
d = x + 1 # c
# own line after d
e = "$${a} %%{b}"
f = 1e3 + 1
g = -x.y
h = [-1, -1.5, 1.0e2]
i = {a = -1}
j = 10.0
k = 1.0
l = f(1.0)
m = a[0].b[*].c
n = [ for x in y: x ]
o = !(a)
