# Header.

resource "b" "x" {}

data "a" "y" {}

region = "eu"

resource "a" "z" {}

module "m" {}

locals {
  b = 1
}

locals {
  a = 1
}
