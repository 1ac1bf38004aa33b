# A comment
// Another
/* Block
   comment */
a = 1 # trailing
b = [
  1, # one
  2, /* two */
  // three
  3,
]
c = {
  # inside an object
  k = "v" // trailing
}
d = max(
  1, # inside a call the comment is part of the source text
  2
)
block "x" { # comment after brace
  # comment inside
  v = true
}
