greeting = "Hello, ${upper(region)}!"
sum      = count * 2 + 1
ratio    = 1 / 3
cidrs    = [for s in subnets : s.cidr]
by_az    = { for s in subnets : s.az => s.cidr }
first    = subnets[0].az
splat    = subnets[*].az
cond     = count > 2 ? "many" : "few"
merged   = merge(tags, { extra = "x" })
keys     = keys(tags)
joined   = join(",", [for k, v in tags : "${k}=${v}"])
tmpl     = "%{ for s in subnets }${s.az};%{ endfor }"
strip    = <<-EOT
  %{~ if count > 1 ~}
  several
  %{~ else ~}
  one
  %{~ endif ~}
EOT
big_plus = big + 1
