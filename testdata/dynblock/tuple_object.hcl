a {
  dynamic "from_tuple" {
    for_each = [1, "two", true]
    content {
      k = from_tuple.key
      v = from_tuple.value
    }
  }
  dynamic "from_object" {
    for_each = { z = 1, a = "x" }
    content {
      k = from_object.key
      v = from_object.value
    }
  }
}
