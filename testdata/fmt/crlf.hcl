a=1
block {
bb=2 # c
  c = [
1,
]
}
x = <<EOT
hello
EOT
