# A literal "$" (or "%") right before an interpolation (or a directive) cannot be written as is in a
# JSON-syntax template: "$${" is the escape for a literal "${". hcl writes it as ${"$"}; hcl2json
# writes "$${x}", which reads back as the literal text "${x}".
trimmed = "$ ${~var.x}"
nested  = "${"$"}${var.x}"
percent = "%${~ ""}%{if var.on}on%{endif}"
split   = "${"$"}{not an interpolation}"
