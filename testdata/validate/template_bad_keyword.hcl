a = "%{ iff x }%{ endif }"
