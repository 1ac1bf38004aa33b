terraform {
  required_version = ">= 1.5"
  required_providers {
    random = {
      source = "hashicorp/random"
    }
    # The main cloud.
    aws = {
      version = "~> 5.0"
      source  = "hashicorp/aws"
    }
  }
}

locals {
  zone = "a"
  # counted
  count = 3
  bastion_name = "b"

  # A second group.
  version = "1"
  alpha   = true
}
