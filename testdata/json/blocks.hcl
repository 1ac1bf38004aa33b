# Blocks nest under their type, then one object level per label; the innermost level is an array
# of bodies in source order, so repeated blocks keep their order.
locals {
  a = 1
}
locals {
  b = 2
}

resource "aws_instance" "web" {
  ami = "ami-123"

  ebs_block_device {
    device_name = "/dev/sda"
  }
  ebs_block_device {
    device_name = "/dev/sdb"
  }

  dynamic "ingress" {
    for_each = var.ports
    content {
      from_port = ingress.value
    }
  }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_instance" "db" {}
resource "aws_s3_bucket" "logs" {
  bucket = "logs"
}
resource "aws_instance" "web" {
  ami = "second block with the same labels"
}

one_line { x = 1 }
empty_block {}
ident_label name {}
three "a" "b" "c" {
  depth = 3
}
three "a" "b" "d" {}
three "a" "e" "f" {}

# An attribute replaces a block of the same name, as in hcl2json.
shadowed { from_block = true }
shadowed = "attribute"

outer {
  inner {
    innermost "x" {
      v = 1
    }
  }
}
