a = b.(c)
