resource "x" "${var.y}" {
}
