# Variables of the module.
# This header stays at the top.

variable "zone" {
  type = string
}

# The region to deploy in.
variable "region" {
  type    = string # a line comment
  default = "eu-west-1"
}

resource "aws_instance" "web" {
  ami = var.ami
}

variable "ami" {}

output "zeta" {
  value = 1
}

/* block comment above */
output "alpha" {
  value = 2
}
