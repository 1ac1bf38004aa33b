# The dynamic "port" example of Nomad's expressions guide.
variable "datacenters" {
  type    = list(string)
  default = ["dc1"]
}

locals {
  ports = [
    {
      port_label = "api"
      port       = 80
    },
    {
      port_label = "ui"
      port       = 8080
    }
  ]
}

job "example" {
  datacenters = var.datacenters
  group "cache" {
    network {
      mode = "host"
      dynamic "port" {
        for_each = local.ports
        labels   = [port.value.port_label]
        content {
          to = port.value.port
        }
      }
    }
  }
}
