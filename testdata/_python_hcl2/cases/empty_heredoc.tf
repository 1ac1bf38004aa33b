a = <<EOT
EOT
b = "after the empty heredoc"
