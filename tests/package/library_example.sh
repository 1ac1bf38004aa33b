# SPDX-License-Identifier: Apache-2.0
# Sourced by the package tests: writes the complete example of docs/library.md (example.cpp, its
# input web.hcl and its expected output) into a directory, so every package test builds the page's
# own program and the guide cannot drift from the library.
# usage: library_example SOURCE_DIR OUT_DIR

# The block that follows the marker <!-- package-test: NAME --> in docs/library.md.
library_example_block() {
  awk -v marker="<!-- package-test: $2 -->" '
    $0 == marker { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { exit }
    found == 2 { print }' "$1/docs/library.md"
}

library_example() {
  library_example_block "$1" example.cpp > "$2/example.cpp"
  library_example_block "$1" web.hcl > "$2/web.hcl"
  library_example_block "$1" expected-output > "$2/expected"
  for f in example.cpp web.hcl expected; do
    [ -s "$2/$f" ] || { echo "docs/library.md has no block for $f"; return 1; }
  done
}
