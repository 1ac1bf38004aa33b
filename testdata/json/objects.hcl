# Object keys: names as written, keywords by name, numbers and strings by value, anything else as
# "${...}"; keys are sorted and the last of equal keys wins.
object = {
  name           = "a"
  "quoted key"   = "b"
  "with.dot"     = "c"
  1              = "one"
  2.50           = "two and a half"
  true           = "t"
  false          = "f"
  null           = "n"
  (var.computed) = "parenthesized"
  "${var.k}"     = "interpolated"
  dotted.name    = "traversal key"
  indexed[0]     = "traversal with index"
  upper("x")     = "call"
  colon_sep      : "colon"
  dup            = "first"
  dup            = "last"
}
empty   = {}
nested  = { a = { b = { c = [1, { d = "deep" }] } } }
oneline = { a = 1, b = 2 }
commas  = {
  a = 1,
  b = 2,
}
tuple_empty    = []
tuple_nested   = [[1, 2], [], [[3]]]
tuple_trailing = [
  "a",
  "b",
]
