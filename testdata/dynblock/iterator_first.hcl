# HCL 2.20: an invalid iterator is reported alone, before for_each is evaluated.
dynamic "b" {
  for_each = nosuch
  iterator = a.b
  content {}
}
