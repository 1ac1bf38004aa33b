variable "environment" {
  type = string
}

resource "aws_instance" "web" {
  count         = var.environment == "production" ? 3 : 1
  instance_type = "t3.micro"
}
