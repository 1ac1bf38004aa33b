a = {b}
