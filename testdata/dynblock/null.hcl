thing {
  dynamic "item" {
    for_each = nothing
    content {
      v = item.value
    }
  }
}
