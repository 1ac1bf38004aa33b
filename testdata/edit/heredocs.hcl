locals {
  script = <<-EOT
    #!/bin/sh
    echo "a = b"
  EOT
  policy = <<EOF2
{"Version": "2012-10-17"}
EOF2
  after = 1
}
