variable "replicas" {
  default = 2
}
