variable "b" {}
variable "a" {}
