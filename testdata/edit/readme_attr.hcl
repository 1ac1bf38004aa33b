resource "foo" "bar" {
  attr1 = "val1"
  nested {
    attr2 = "val2"
  }
}
