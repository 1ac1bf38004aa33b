item {
  v = "a"
}
item {
  v = [1]
}
