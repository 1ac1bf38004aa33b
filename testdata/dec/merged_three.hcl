b = "three"
item {
  n = 3
}
