# header

/* multi
   line */
locals {
  // first
  a = 1 /* after */
  b = [
    1, // one
    2, # two
  ]
  c = x + 1 # sum
}
