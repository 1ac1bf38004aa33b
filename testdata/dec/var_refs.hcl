a = foo.bar[0].baz + other["key"]
b = [for x in xs : x + y if x != z]
item {
  v = "${tmpl.value} ${upper(fn_arg)}"
}
item {
  v = local[*].id
}
