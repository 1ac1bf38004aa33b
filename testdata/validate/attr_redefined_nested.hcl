a {
  b = 1
  b = 2
  c {
    b = 3
  }
}
