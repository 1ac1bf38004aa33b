a = 1 # one
bbb = 22 # two
cc = [1, 2, 3] // three

x = 1 /* four */
y = 2
block {
z = 1 # five
}
