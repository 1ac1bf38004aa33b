# A Packer template: the image's tags come from a dynamic block over a map variable.
locals {
  name = "web-${env}"
}

source "amazon-ebs" "web" {
  ami_name      = "web-${env}-{{timestamp}}"
  instance_type = "t3.micro"

  tag {
    key   = "Name"
    value = "web"
  }

  dynamic "tag" {
    for_each = tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}
