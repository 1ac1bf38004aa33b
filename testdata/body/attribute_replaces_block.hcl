thing {
  a = 1
}
thing = "the attribute wins"

other "x" {
}
