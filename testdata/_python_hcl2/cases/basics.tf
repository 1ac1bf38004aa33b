# top comment
variable "region" {
  type    = string # inline
  default = "us-east-1"
}
locals {
  a = 1
  b = 1.5
  c = true
  d = null
  e = [1, "x", var.y]
  f = { k = "v", "q" = 2 }
  g = "hello ${var.name}!"
  h = var.x + 1
  i = <<EOF
heredoc ${x}
EOF
  j = [for x in var.l : x if x > 1]
  k = -1
  l = 1e3
  m = "a\nb\"c"
  n = func(1, 2)
  o = a ? b : c
}
resource "aws_instance" "web" {
  ami = "x"
  tags = { Name = "n" }
  ebs_block_device {
    size = 1
  }
  ebs_block_device {
    size = 2
  }
}
resource "aws_instance" "db" {
}
terraform {}
