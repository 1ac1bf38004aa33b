a = [for in x: y]
