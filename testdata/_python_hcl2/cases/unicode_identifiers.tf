locals {
  π = 3.14159
  ü = "x"
}
