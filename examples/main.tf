# A small Terraform configuration used by the README's quick start.
variable "environment" {
  type    = string
  default = "staging"
}

locals {
  name = "web-${var.environment}"
  tags = {
    Environment = var.environment
    Owner       = "platform"
  }
}

resource "aws_instance" "web" {
  count         = var.environment == "production" ? 3 : 1
  ami           = "ami-0c55b159cbfafe1f0"
  instance_type = "t3.micro"
  tags          = merge(local.tags, { Name = "${local.name}-${count.index}" })
}
