a = foo
b = var.a
c = [foo, var.b]
d = var.x+1
e = a.b[0].c
f = a[*].b
g = a.*.b
h = f(x,y)
i = f(
  x,
  y,
)
j = {
  for k, v in var.m : k => v...
}
k = (var.k)
l = !var.b
m = { (var.k) = 1, "a b" = 2, c: 3 }
n = -var.x
o = 1.0
p = 0.5e-3
q = "a${b}c%{if x}y%{endif}"
r = [
  1, # one
  2,
]
s = var.a == "x" ? 1 : 2
t = a  &&  b
u = upper("x")
v = [for s in var.l : upper(s)]
w = {a = {b = [1, {c = 2}]}}
x = "\u0041"
y = 123456789012345678901234567890
z = -1.5
aa = provider::terraform::encode_tfvars({})
ab = <<-EOT
    indented
    EOT
ad = "x" # trailing
/* block */
ae = 1 // slash
af = a.0
ag = f(var.l...)
