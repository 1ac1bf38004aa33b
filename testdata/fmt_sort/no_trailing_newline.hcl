variable "b" {}
variable "a" {}