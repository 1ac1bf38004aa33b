resource "aws_instance" "web" {
  ami = "ami-0abc"
}

resource "aws_instance" "db" {
  ami = "ami-0def"
}
