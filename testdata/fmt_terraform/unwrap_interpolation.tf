resource "a" "b" {
  simple = "${var.x}"
  spaced = "${ var.x }"
  strip = "${~ var.x ~}"
  call = "${lookup(var.m, "k")}"
  nested_quotes = "${format("%s-%s", "${var.a}", var.b)}"
  prefix = "x-${var.x}"
  suffix = "${var.x}-x"
  two = "${var.a}${var.b}"
  directive = "%{ if var.c }yes%{ endif }"
  literal = "just text"
  number = 1
  object = { key = "${var.x}" }
  list = ["${var.x}"]
}

locals {
  trimmed = "${
    var.x
  }"
  multi = "${var.a ?
    var.b : var.c}"
  already = "${(var.a ?
    var.b : var.c)}"
  cond = "${var.a ? "${var.b}" : "c"}"
}
