resource "aws_security_group" "sg" {
  name = "sg"

  ingress {
    from_port = 80
    to_port   = 80
  }

  ingress {
    from_port = 443
    to_port   = 443
  }

  dynamic "egress" {
    for_each = var.rules
    content {
      port = egress.value
    }
  }
}

resource "aws_security_group" "other" {
  name = "other"
}
