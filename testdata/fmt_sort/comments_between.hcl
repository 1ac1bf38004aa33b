locals { # kept with the brace
  b = 2
  # detached, with blank lines around

  a = 1
  // two lines
  // of lead comment
  c = 3 /* trailing */
  # last words before the brace
}
