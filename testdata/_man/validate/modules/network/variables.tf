variable "cidr" {
  type = string
}
