a = "${~ var.x ~}"
b = <<-EOT
  %{~ for x in var.l ~}
  ${x}
  %{~ endfor ~}
  EOT
