# The iterator shadows a variable of the same name; other variables stay visible.
dynamic "tags" {
  for_each = [number]
  content {
    v     = tags.value
    other = length(ports)
  }
}
