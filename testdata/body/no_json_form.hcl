ok  = 1
inf = [1 / 0]
