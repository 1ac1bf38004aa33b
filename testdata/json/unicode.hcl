# Strings are NFC-normalized as cty normalizes them; names and labels are kept as written.
snowman      = "☃"
emoji        = "😀 ${var.x} 😀"
decomposed   = "e\u0301"
precomposed  = "é"
combining    = "A\u030A ngström"
rtl          = "שלום"
cjk          = "漢字"
line_sep     = "a\u2028b\u2029c"
controls     = "\u0001\u001f\u007f"
html         = "<script>&amp;</script>"
nul          = "a\u0000b"
naïve_name   = "identifiers may be unicode"
map = {
  "ключ" = "значение"
  "e\u0301" = "key normalized"
}
