packer {
  required_plugins {
    amazon = {
      version = ">= 1.2.0"
      source  = "github.com/hashicorp/amazon"
    }
  }
}

locals {
  timestamp = formatdate("YYYYMMDD", "2024-01-02T03:04:05Z")
  ami_name  = "app-${region}-${formatdate("YYYY", "2024-01-02T03:04:05Z")}"
}

source "amazon-ebs" "app" {
  region        = region
  instance_type = "t3.micro"
  ssh_username  = "ubuntu"
  tags          = merge(tags, { Name = "app" })
}

build {
  sources = ["source.amazon-ebs.app"]

  provisioner "shell" {
    inline = [
      "echo building in ${region}",
      "echo ${length(subnets)} subnets",
    ]
  }
}
