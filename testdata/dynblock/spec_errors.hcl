dynamic "no_content" {
  for_each = [1]
}
dynamic "two_contents" {
  for_each = [1]
  content {
  }
  content {
  }
}
dynamic "no_for_each" {
  content {
  }
}
dynamic "bad_iterator" {
  for_each = [1]
  iterator = a.b
  content {
  }
}
dynamic "bad_iterator_expr" {
  for_each = [1]
  iterator = "x"
  content {
  }
}
dynamic "unknown_arg" {
  for_each = [1]
  what     = 1
  content {
  }
}
