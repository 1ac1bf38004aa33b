dynamic "user" {
  for_each = users
  labels   = [user.key]
  content {
    name = user.key
    dynamic "key" {
      for_each = user.value.keys
      content {
        owner = user.key
        index = key.key
        value = key.value
      }
    }
    static {
      outer = user.key
    }
  }
}
