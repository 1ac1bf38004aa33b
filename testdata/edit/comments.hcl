# file comment

# lead of web
// second lead line
resource "aws_instance" "web" { # on the brace line
  # lead of ami
  ami   = "ami-1" # trailing ami
  count=2 /* inline */ # and a line comment

  tags = {
    # inside the object
    Name = "x" # trailing Name
  } // after the object
  /* block comment */ type = "t2.micro"
  # before the closing brace
}
# after web

module "vpc" {
  version = "1.0" // pinned
}
