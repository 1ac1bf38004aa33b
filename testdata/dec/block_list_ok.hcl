listener {
  port  = 80
  extra = "a"
}
listener {
  port  = 443
  extra = 1
}
tag {
  key   = "a"
  value = "1"
}
tag {
  key   = "a"
  value = "1"
}
tag {
  key   = "b"
  value = "2"
}
