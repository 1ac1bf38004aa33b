locals {
  prefix = "app-${var.region}"
}

module "net" {
  source = "./net"
}

data "aws_ami" "base" {
  owners = ["self"]
}

resource "aws_instance" "web" {
  ami           = data.aws_ami.base.id
  instance_type = upper(var.region, local.prefix)
  subnet        = module.net.subnet
  tags          = { Name = "${local.prefix}-web" }
}

output "ip" {
  value = aws_instance.web.private_ip
}
