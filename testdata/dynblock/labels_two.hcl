dynamic "resource" {
  for_each = tags
  labels   = ["tag", resource.key]
  content {
    value = resource.value
  }
}
