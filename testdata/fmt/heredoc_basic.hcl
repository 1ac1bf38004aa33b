a = <<EOT
  keep   this
	and this
EOT
b = 1
