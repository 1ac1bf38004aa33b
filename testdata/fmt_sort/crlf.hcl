variable "b" {
  type = string
}

# about a
variable "a" {
  type    = number
  default = 1
}
