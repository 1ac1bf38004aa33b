a { x = 1 }
b {}
c "l" { y = "two" }
d {
  e { z = 3 }
}
