resource "x" "y" {
  user_data = <<-EOT
    #!/bin/bash
    echo zebra = 1
  EOT
  policy = <<EOF2
{"a": 1}
EOF2
  ami = "z"
}
