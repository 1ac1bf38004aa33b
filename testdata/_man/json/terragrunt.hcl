inputs = {
  env  = env
  name = "web-${env}"
}
