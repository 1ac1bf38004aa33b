server {
  dynamic "listener" {
    for_each = ["http", "https"]
    iterator = l
    content {
      index = l.key
      proto = l.value
    }
  }
}
