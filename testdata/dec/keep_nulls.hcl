present = "yes"
nested  = { a = null, b = [null, 1], c = { d = null } }
