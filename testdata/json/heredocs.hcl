plain = <<EOT
line one
  line two
EOT

flush = <<-EOT
    indented
      more
    back
    EOT

flush_interp = <<-EOT
    name: ${var.name}
      nested: ${var.x}
    EOT

with_directives = <<EOT
%{ for s in var.servers ~}
server ${s}
%{ endfor ~}
EOT

escapes_kept = <<EOT
no \n escapes here, but $${this} and %%{that}
EOT

in_call = jsonencode(<<EOT
{"a": 1}
EOT
)

empty = <<EOT
EOT

blank_lines = <<-EOT

    first

    second
    EOT
