thing {
  dynamic "item" {
    for_each = []
    content {
      v = item.value
    }
  }
  other = 1
}
