a "x" {
  v = 1
}
a "y" "z" {
  v = 2
}
b "x" {
  v = 3
}
b {
  v = 4
}
c {
  v = 5
}
c "x" {
  v = 6
}
d "x" "y" {
}
d "x" {
}
