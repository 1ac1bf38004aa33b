variable "a" {
  type = list
}
variable "b" {
  type = map
}
variable "c" {
  type = set
}
variable "d" {
  type = "string"
}
variable "e" {
  type = "list"
}
variable "f" {
  type = "map"
}
variable "g" {
  type = "number"
}
variable "h" {
  type = list(string)
}
variable "i" {
  type = object({
    a = list
  })
}
variable "j" { type = map }
variable "k" {
  type    = "${string}"
  default = "${var.x}"
}
module "m" {
  type = list
  variable "nested" {
    type = list
  }
}
locals {
  type = "string"
}
