thing {
  dynamic "item" {
    for_each = number
    content {
      v = item.value
    }
  }
}
