variable "region" {
  type    = string
  default = "us-east-1"
}

local "ami_name" {
  expression = "app-${var.region}"
}

build {
  name    = local.ami_name
  sources = ["source.amazon-ebs.example"]
}
