a = <<EOT
hello
EOT