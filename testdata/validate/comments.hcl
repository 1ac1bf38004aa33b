# hash
// slashes
/* block
   comment */
a = 1 # trailing
b = 2 /* inline */ + 3
