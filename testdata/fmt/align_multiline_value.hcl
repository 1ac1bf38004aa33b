a = 1
bb = [
1,
]
ccc = 3
dd = {
a = 1
}
e = 2
