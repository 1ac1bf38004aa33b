resource "a" "b" {
  x = "${
  var.y
  }"
}
variable "v" {
  type = "list"
}
