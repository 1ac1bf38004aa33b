a = <<EOT
[ { (
EOT
b {
c = 1
}
