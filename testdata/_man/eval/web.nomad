variable "ports" {
  type = map(number)
}

job "web" {
  group "web" {
    network {
      dynamic "port" {
        for_each = var.ports
        labels   = [port.key]
        content {
          static = port.value
        }
      }
    }
  }
}
