variable "c" { default = 1 }
variable "b" { type = string }
variable "a" {}
