# Every other expression kind becomes "${<source text>}", exactly as written.
variable     = var.name
attr_chain   = module.vpc.outputs.id
index        = var.list[0]
index_expr   = var.map[var.key]
string_index = var.map["key"]
legacy_index = var.list.0
full_splat   = aws_instance.web[*].id
splat_index  = aws_instance.web[*].tags["Name"]
attr_splat   = aws_instance.web.*.id
splat_bare   = var.list[*]
call         = max(1, 2, 3)
call_expand  = max(var.numbers...)
call_nested  = lookup(merge(var.a, { b = 1 }), "b", null)
namespaced   = provider::aws::arn_parse(var.arn)
binary       = 1 + 2 * 3
compare      = var.a >= 10 && !var.b
conditional  = var.on ? "yes" : "no"
cond_parens  = (var.on) ? 1 : 0
parens       = (1 + 2)
parens_lit   = (1)
unary_var    = -var.x
not_var      = !var.flag
neg_parens   = -(5)
for_tuple    = [for s in var.list : upper(s)]
for_object   = { for k, v in var.map : k => v if v != null }
for_group    = { for v in var.list : v.key => v... }
multiline = concat(
  var.a,   # first
  var.b,   // second
  /* third */ var.c,
)
spacing      = var.a   +   var.b
template_cmp = "${var.a}" == "b"
heredoc_cond = (var.on ? <<EOT
yes
EOT
: "no")
heredoc_end = var.on ? "no" : <<EOT
yes
EOT
