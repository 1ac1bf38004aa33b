block "a" {
  x = 1
