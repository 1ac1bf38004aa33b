variable "environment" {
  default = "dev"
}

locals {
  bucket = "logs-${var.environment}"
}

resource "aws_s3_bucket" "b" {
  bucket = local.bucket
  tags   = { env = var.environment }
}
