from_hcl = { x = [1, 2] }
