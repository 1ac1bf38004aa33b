locals {
  name = "web"
}

locals {
  size = count
}

resource "aws_instance" "web" {
  ami  = "ami-${region}"
  tags = tags

  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 10
  }

  ebs_block_device {
    device_name = "/dev/sdc"
    volume_size = 20
  }
}

resource "aws_instance" "db" {
  ami = "ami-db"
}

resource "aws_s3_bucket" "logs" {
  bucket = "logs-${region}"
}

terraform {
  required_version = ">= 1.0"
  backend "s3" {
    bucket = "state"
  }
}
