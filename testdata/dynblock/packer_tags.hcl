source "amazon-ebs" "example" {
  tag {
    key   = "Name"
    value = "example"
  }

  dynamic "tag" {
    for_each = tags
    content {
      key   = tag.key
      value = upper(tag.value)
    }
  }

  tag {
    key   = "Last"
    value = "static"
  }
}
