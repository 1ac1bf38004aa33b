dynamic "resource" {
  for_each = [1]
  labels   = ["a", "b"]
  content {
  }
}
dynamic "resource" {
  for_each = [1]
  labels   = []
  content {
  }
}
dynamic "resource" {
  for_each = [1]
  content {
  }
}
dynamic "nosuch" {
  for_each = [1]
  content {
  }
}
dynamic "listener" {
  for_each = some_variable
  content {
  }
}
dynamic "listener" {
  for_each = [1]
  labels   = ["x"]
  content {
  }
}
