# A dynamic block has exactly one label, the type of the blocks it makes.
dynamic {
  x = 1
}
dynamic "a" "b" {
  y = 2
}
