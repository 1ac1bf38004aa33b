resource "a" "b" {
  z = 1
  dynamic "setting" {
    for_each = var.settings
    content {
      value = setting.value
      name  = setting.key
    }
  }
  a = 2
  provisioner "local-exec" {
    when    = destroy
    command = "echo"
  }
  provisioner "local-exec" {
    command = "echo second"
  }
  single_line { y = 1 }
}
