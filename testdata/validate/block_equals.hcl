resource "x" = {
}
