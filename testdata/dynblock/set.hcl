thing {
  dynamic "item" {
    for_each = toset(set_like)
    content {
      key   = item.key
      value = item.value
    }
  }
}
