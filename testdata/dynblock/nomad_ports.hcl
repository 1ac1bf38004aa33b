job "example" {
  group "cache" {
    network {
      mode = "host"
      dynamic "port" {
        for_each = ports
        labels   = [port.value.label]
        content {
          to = port.value.port
        }
      }
    }
  }
}
