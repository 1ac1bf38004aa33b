service "web" {
  port = 80
}
service "web" {
  port = 81
}
service {
  port = 82
}
service "a" "b" {
  port = 83
}
