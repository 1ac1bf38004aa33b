module "a" {
  source = "x"
}
module "b" {
  source = "y"
  inner "q" {
    v = 1
  }
}
