resource "aws_instance" "web" {}
resource "aws_instance" {}
