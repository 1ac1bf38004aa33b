# Literal values of every kind.
string  = "hello"
number  = 12.50
big     = 12345678901234567890
neg     = -3
yes     = true
no      = !true
nothing = null
list    = [1, "two", false, null]
object  = { a = 1, "b-c" = [2], (region) = "key from a variable" }
escapes = "tab\tquote\"unicode\u00e9\U0001F600"
heredoc = <<EOT
  kept indentation
EOT
flush   = <<-EOT
    trimmed
      nested
    EOT
nfc     = "cafe\u0301"
