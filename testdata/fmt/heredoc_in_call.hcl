a = f(<<EOT
x
EOT
)
b = [
<<EOT
y
EOT
,
<<-EOT
  z
  EOT
]
