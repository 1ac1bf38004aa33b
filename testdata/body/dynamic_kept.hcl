# The oracle does not expand dynamic blocks: the iterator is an unknown variable there.
source "amazon-ebs" "example" {
  dynamic "tag" {
    for_each = tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}
