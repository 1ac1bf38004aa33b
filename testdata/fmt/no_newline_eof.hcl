block {
a=1}