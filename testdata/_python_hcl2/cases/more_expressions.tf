a = { "k" : 1, l = [1, 2,], "${x}" = 3 }
b = f(var.l...)
c = [for k, v in var.m : "${k}=${v}" if v != ""]
d = {for k, v in var.m : k => v... if k != "x"}
e = x.y[*].z
f = a == b ? c : d
g = !x && y || z
h = tomap({
  a = 1
  b = 2
})
