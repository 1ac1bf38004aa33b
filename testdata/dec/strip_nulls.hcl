present = "yes"
nested  = { a = null, b = [null, 1], c = { d = null } }
html    = "<a href=\"x\">&amp;</a>\u2028"
