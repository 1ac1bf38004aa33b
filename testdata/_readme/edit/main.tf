module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "4.0.0" # pinned until the provider upgrade
}

resource "aws_instance" "web" {
  ami           = "ami-0abc"
  instance_type = "t3.micro"
  # Deprecated: set on the network interface instead.
  associate_public_ip_address = true
}
