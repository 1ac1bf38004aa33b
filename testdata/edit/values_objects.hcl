resource "aws_instance" "web" {
  tags = {
    Name = "web" # the name
    # About the environment.
    Env                  = "prod"
    "kubernetes.io/role" = "node"
    nested = {
      deep = { a = 1, b = 2, }
    }
  }
}

locals {
  one_line = { a = 1, b = "x", c = true }
  empty    = {}
  dup      = { k = 1, k = 2 }
}

terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}
