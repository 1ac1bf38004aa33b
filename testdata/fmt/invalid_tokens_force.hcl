a = 1 ; b = 2
c = 'x'
d = `y`
e = a & b | c ^ d
