plain "unexpected" {
}
plain "x" "y" {
}
two "only-one" {
}
two {
}
two "a" "b" "c" {
}
