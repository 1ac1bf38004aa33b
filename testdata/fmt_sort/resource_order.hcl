resource "aws_instance" "web" {
  tags = {
    Name = "web"
  }
  # Which image.
  ami           = "ami-123"
  instance_type = "t3.micro" # small

  depends_on = [aws_vpc.main]

  lifecycle {
    create_before_destroy = true
  }

  ebs_block_device {
    device_name = "/dev/sdb"
  }
  ebs_block_device {
    device_name = "/dev/sda"
  }
  provider = aws.west
  for_each = var.instances
}

module "vpc" {
  name    = "main"
  version = "5.1.0"
  source  = "terraform-aws-modules/vpc/aws"
  count   = 1
}
