block {
a = <<-EOT
    indented ${ x }
      more
    EOT
bb = 2
}
