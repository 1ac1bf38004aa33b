a = [for x y: y]
