a "x" "y" {}
a "x" {}
