resource aws_instance web {
  ami = "abc"
}

resource "aws_instance" web2 {}

data "a" /* between */ "b" {
}

data "a" "b" /* before brace */ {
}

provider "" {}

thing "\u0041\u00e9" "e\u0301" "tab\there" "q\"uote" "back\\slash" {}

thing "dollar$${x}" "pct%%{y}" "plain$" {}

terraform {
  backend s3 {
    bucket = "b"
  }
}
