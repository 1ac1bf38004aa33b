a = [for k, in x: y]
