variable "env" {
  type = string
}

locals {
  name = "web-${var.env}"
}
