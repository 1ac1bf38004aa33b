a {
x = 1
yyy = 2
b {
zz = 3
w = 4
}
last = 5
}
