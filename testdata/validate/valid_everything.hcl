variable "x" {
  type    = list(object({ a = number }))
  default = [for i, v in var.y : { a = i * 2 } if v != null]
}

locals {
  m = { for k, v in var.z : k => v... }
  s = "${var.a}-%{ if var.b }yes%{ else }no%{ endif }"
  h = <<-EOT
    hello ${upper(var.c)}
    %{ for x in var.d ~}
    - ${x}
    %{ endfor ~}
  EOT
  t = var.list[*].id
  u = var.list.*.id[0]
  v = var.m["k"].x[0]
  w = -1 + 2 * 3 / 4 % 5 - (6 - 7)
  c = a > b && c <= d || !e == f != g >= h < i
  f = concat(var.a, var.b...)
  o = { (var.k) = 1, "q" : 2, r = 3 }
}

block "one" "two" three { a = 1 }
empty {}
