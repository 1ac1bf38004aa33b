listener {
  port  = 80
  proto = "http"
}
listener {
  port = 443
}
listener {
  port = 8080
}
rule {
  name = "only one"
}
