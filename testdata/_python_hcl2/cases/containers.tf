a = f({a = 1, b = "x"})
b = f({ a = 1 }, [1,2])
c = {for k, v in var.m : k => v if v != null}
d = [for i, v in var.l : v]
e = "${var.a+1}-${f(x)}"
f = "%{for x in var.l}${x},%{endfor}"
g = (a + b) * c
h = var.a[0]["k"]
i = a.b[*]
j = [
  "a",
  "b"
]
k = -1
l = -1.5
m = - 2
n = var.cond ? {a = 1} : {}
o = {
  a = 1 # c1
  # c2
  b = 2
}
p = [var.a, [1, 2], {x = var.y}]
q = true
r = null
s = "${x}"
t = {"${var.k}" = 1}
u = a.b.c
v = 1.50
x = f()
y = [
  # lead
  1
]
z = !true
