a = b = c
for_each = { for k, v in m: k => v }
x == y
