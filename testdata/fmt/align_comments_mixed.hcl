a = 1 # c1
b { # c2
c = 2 # c3
} # c4
# alone
d = "xx" # c5
