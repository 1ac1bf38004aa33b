a = "%{ if x }a%{ else }b%{ else }c%{ endif }"
