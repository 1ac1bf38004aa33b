# A Nomad job: one port block per entry of the ports variable.
job "web" {
  datacenters = ["dc1"]

  group "web" {
    count = replicas

    network {
      dynamic "port" {
        for_each = ports
        iterator = p
        labels   = [p.key]
        content {
          static = p.value
        }
      }
    }
  }
}
