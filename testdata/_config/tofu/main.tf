variable "v" {
  default = "tf"
}
