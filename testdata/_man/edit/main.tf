terraform {
  required_version = ">= 1.6"
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "4.0.0"
}

# The web tier.
resource "aws_instance" "web" {
  ami           = "ami-0abc"
  instance_type = "t3.micro"
}
