# A Packer template: the image's tags come from a dynamic block over a map variable.
variable "env" {
  type    = string
  default = "dev"
}

variable "tags" {
  type    = map(string)
  default = {}
}

locals {
  name = "web-${var.env}"
}

source "amazon-ebs" "web" {
  ami_name      = "${local.name}-{{timestamp}}"
  instance_type = "t3.micro"

  tag {
    key   = "Name"
    value = "web"
  }

  dynamic "tag" {
    for_each = var.tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}
