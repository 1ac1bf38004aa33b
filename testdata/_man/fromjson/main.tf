variable "region" {
  type    = string
  default = "eu-west-1"
}
