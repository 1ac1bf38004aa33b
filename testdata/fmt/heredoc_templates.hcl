a = <<EOT
%{ for x in xs ~}
${x}
%{ endfor ~}
${ {a=1} }
EOT
