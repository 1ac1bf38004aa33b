dynamic "item" {
  for_each = [1, 2]
  content {
    v = item.value + missing
    w = nosuch(1)
  }
}
