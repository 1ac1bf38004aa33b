# Different label counts are fine as long as no block's labels run into another's bodies.
a "x" {}
a "y" "z" {}
b "p" "q" {}
b "r" {}
