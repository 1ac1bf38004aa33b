a = "x%{ endif }"
