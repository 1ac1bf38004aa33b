# A Nomad job: one port block per entry of the ports variable.
variable "replicas" {
  type    = number
  default = 1
}

variable "ports" {
  type    = map(number)
  default = { http = 8080 }
}

job "web" {
  datacenters = ["dc1"]

  group "web" {
    count = var.replicas

    network {
      dynamic "port" {
        for_each = var.ports
        iterator = p
        labels   = [p.key]
        content {
          static = p.value
        }
      }
    }
  }
}
