zeta = missing_variable
alpha = upper(1, 2)

block "one" {
  inner = nope.attr
  nested {
    deep = also_missing
  }
}

beta = "${count}" + "x"
inf  = 1 / 0
gamma = tags.no_such_key
