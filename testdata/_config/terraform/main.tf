variable "environment" {
  type = string
  validation {
    condition     = contains(["dev", "prod"], var.environment)
    error_message = "environment must be dev or prod."
  }
}

variable "service" {
  type = object({
    name = string
    port = optional(number, 8080)
  })
  default = { name = "web" }
}

variable "replicas" {
  type     = number
  default  = 1
  nullable = false
}

locals {
  name   = "${var.service.name}-${var.environment}"
  labels = { app = local.name, port = var.service.port }
  url    = "http://${aws_instance.web.private_ip}:${var.service.port}"
}

resource "aws_instance" "web" {}

output "name" {
  value = local.name
}

output "token" {
  value     = "${local.name}-token"
  sensitive = true
}
