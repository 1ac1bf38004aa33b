service "web" {
  port = 80
}
service "api" {
  port = 8080
}
resource "disk" "a" {
  size = "10G"
}
resource "disk" "b" {
  size = 20
}
resource "net" "a" {
}
