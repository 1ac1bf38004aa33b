a = 1
bbb = 2
cc = 3

longer_name = 4
x = 5
# comment breaks
y = 6
zzzz = 7
