outer {
  name = "o"
  inner {
    v = 1
    deepest {
      w = true
    }
  }
  inner {
    v = 2
  }
}
