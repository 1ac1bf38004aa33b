a = "one"
item {
  n = 1
}
