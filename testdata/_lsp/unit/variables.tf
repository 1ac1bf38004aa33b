variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "names" {
  type = list(string)
}
