# An interpolation whose expression runs past a line comment is multi-line: unwrapped, it needs
# the parentheses, or the lines after the comment would stand alone.
t = "${var.a ? # why
  var.b : var.c}"
u = "${var.a // note
}"
v = "${var.a /* inline */}"
