top = "x"

dynamic "resource" {
  for_each = sizes
  labels   = [resource.key]
  content {
    size = resource.value
    dynamic "tag" {
      for_each = tags
      content {
        key   = tag.key
        value = "${resource.key}-${tag.value}"
      }
    }
  }
}

listener {
  port = 80
}

dynamic "listener" {
  for_each = [443, 8443]
  iterator = l
  content {
    port = l.value
  }
}
