ports = {
  api = 8080
  ui  = 8081
}
