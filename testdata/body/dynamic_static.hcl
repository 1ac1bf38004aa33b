# Kept as an ordinary block, a dynamic block whose content needs no iterator evaluates.
job "example" {
  dynamic "port" {
    for_each = ["a"]
    content {
      static = 8080
    }
  }
}
