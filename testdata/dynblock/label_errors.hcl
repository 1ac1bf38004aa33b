dynamic "a" {
  for_each = [1]
  labels   = [null]
  content {
  }
}
dynamic "b" {
  for_each = [1]
  labels   = [[1]]
  content {
  }
}
dynamic "c" {
  for_each = [1]
  labels   = "not a list"
  content {
  }
}
