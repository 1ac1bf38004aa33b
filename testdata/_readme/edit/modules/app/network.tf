module "vpc" {
  source = "terraform-aws-modules/vpc/aws"
  version = "4.0.0"
}
