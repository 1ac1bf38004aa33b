# The dynamic "tag" example of Packer's expressions guide.
locals {
  standard_tags = {
    Component   = "user-service"
    Environment = "production"
  }
}

source "amazon-ebs" "example" {
  name = "pkr-test-name"

  tag {
    key   = "Name"
    value = "example-asg-name"
  }

  dynamic "tag" {
    for_each = local.standard_tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}
