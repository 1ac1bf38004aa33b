terraform {
  source = local.my_value # the last line ends in a comment
}

a {
  x = 1
  # before the closing brace
}

z {
  list = [
    1, # one
    2
  ] // tail
}

only_comments {
  # nothing else
}

last {
  x = 1
  y = 2 # the last item ends in a comment
}

more_comments {
  # first
  # second
}
