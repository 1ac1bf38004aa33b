terraform {
  required_version = ">= 1.0" # pin
  backend "s3" {
    bucket = "b"
  }
}

module "m" {
  source = "./m"
}
