name   = "a"
regoin = "eu"
lisener {
  port = 1
}
listener = 3
region {
}
totally_different = 1
