variable "tags" {
  type    = map(string)
  default = {}
}

source "amazon-ebs" "web" {
  dynamic "tag" {
    for_each = var.tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}
