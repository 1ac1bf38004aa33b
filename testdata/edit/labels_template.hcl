esc "$${x}" {
  v = 4
}
plain "p" {}
