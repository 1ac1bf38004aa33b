job "example" {
  datacenters = ["dc1"]
  type        = "service"

  group "cache" {
    count = count

    network {
      mode = "host"
      port "db" {
        to = 6379
      }
    }

    task "redis" {
      driver = "docker"

      config {
        image = "redis:7"
        ports = ["db"]
        args  = [for i in range(2) : "--flag-${i}"]
      }

      env {
        REGION = region
      }

      resources {
        cpu    = 500
        memory = 256
      }
    }
  }
}
