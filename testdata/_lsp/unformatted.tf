resource "a" b {
  x="${var.y}"
    longer_name = 2 # trailing
  ünï="é😀"   # ✓
  éé=[ "😀",
"x"]
  nested {
  z = [1,2,
  3]
  }
}
