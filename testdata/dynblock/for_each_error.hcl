thing {
  dynamic "item" {
    for_each = no_such_variable
    content {
      v = item.value
    }
  }
}
