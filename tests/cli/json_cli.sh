# SPDX-License-Identifier: Apache-2.0
# hcl json: paths, stdin, layouts, keyed and merged output, failures and exit statuses.
. "$(dirname "$0")/lib.sh"
case "$HCL" in /*) ;; *) HCL=$PWD/$HCL ;; esac

mkdir -p "$TMP/proj/sub" "$TMP/proj/.terraform"
printf 'variable "x" {\n  default = 1\n}\n' > "$TMP/proj/main.tf"
printf 'variable "y" {\n  default = "${var.x}"\n}\nname = "b"\n' > "$TMP/proj/sub/vars.tf"
printf 'ignored = true\n' > "$TMP/proj/.terraform/cached.tf"
printf 'not hcl {{{\n' > "$TMP/proj/notes.txt"
printf 'a = [1 2]\n' > "$TMP/bad.tf"
printf 'include {}\ninclude "x" {}\n' > "$TMP/labels.tf"
printf 'name = "other"\n' > "$TMP/dup.tf"
: > "$TMP/empty.tf"

# One file: its own object, indented by four spaces as hcl2json, ending with a newline.
expect_status 0 "$HCL" json "$TMP/proj/main.tf"
printf '{\n    "variable": {\n        "x": [\n            {\n                "default": 1\n            }\n        ]\n    }\n}\n' > "$TMP/want"
cmp -s "$TMP/out" "$TMP/want" || fail "single file output: $(cat "$TMP/out")"
expect_empty "$TMP/err"

# --pretty is the default; --compact prints one line; they exclude each other.
expect_status 0 "$HCL" json --pretty "$TMP/proj/main.tf"
cmp -s "$TMP/out" "$TMP/want" || fail "--pretty output"
expect_status 0 "$HCL" json --compact "$TMP/proj/main.tf"
printf '{"variable":{"x":[{"default":1}]}}\n' > "$TMP/want"
cmp -s "$TMP/out" "$TMP/want" || fail "--compact output: $(cat "$TMP/out")"
expect_status 2 "$HCL" json --pretty --compact "$TMP/proj/main.tf"

# Standard input.
printf 'a = 1\n' | "$HCL" json --compact - >"$TMP/out" 2>"$TMP/err" || fail "stdin should exit 0"
[ "$(cat "$TMP/out")" = '{"a":1}' ] || fail "stdin output: $(cat "$TMP/out")"
printf 'a = \n' | "$HCL" json - >"$TMP/out" 2>"$TMP/err"; [ $? -eq 1 ] || fail "invalid stdin should exit 1"
expect_contains "$TMP/err" "on <stdin> line 1:"
expect_empty "$TMP/out"

# An empty file is an empty object.
expect_status 0 "$HCL" json --compact "$TMP/empty.tf"
[ "$(cat "$TMP/out")" = '{}' ] || fail "empty file: $(cat "$TMP/out")"

# A directory: one object keyed by file path, found recursively, hidden directories skipped.
expect_status 0 "$HCL" json --compact -r "$TMP/proj"
printf '{"%s":{"variable":{"x":[{"default":1}]}},"%s":{"name":"b","variable":{"y":[{"default":"${var.x}"}]}}}\n' \
  "$TMP/proj/main.tf" "$TMP/proj/sub/vars.tf" > "$TMP/want"
cmp -s "$TMP/out" "$TMP/want" || fail "directory output: $(cat "$TMP/out")"
# Pretty keyed output nests each document one level in.
expect_status 0 "$HCL" json -r "$TMP/proj"
python3 - "$TMP/out" "$TMP/proj" <<'PY' || fail "pretty keyed output"
import json, sys
text = open(sys.argv[1]).read()
doc = json.loads(text)
proj = sys.argv[2]
assert list(doc) == [proj + "/main.tf", proj + "/sub/vars.tf"], list(doc)
assert doc[proj + "/sub/vars.tf"]["name"] == "b"
assert text.startswith('{\n    "' + proj + '/main.tf": {\n        "variable": {\n'), text[:200]
assert text.endswith('\n    }\n}\n')
PY

# Several files: keyed too, in the order given; the current directory by default.
expect_status 0 "$HCL" json --compact "$TMP/proj/sub/vars.tf" "$TMP/empty.tf"
printf '{"%s":{"name":"b","variable":{"y":[{"default":"${var.x}"}]}},"%s":{}}\n' "$TMP/proj/sub/vars.tf" "$TMP/empty.tf" > "$TMP/want"
cmp -s "$TMP/out" "$TMP/want" || fail "several files: $(cat "$TMP/out")"
(cd "$TMP/proj/sub" && "$HCL" json --compact >"$TMP/out" 2>"$TMP/err") || fail "cwd should exit 0"
[ "$(cat "$TMP/out")" = '{"vars.tf":{"name":"b","variable":{"y":[{"default":"${var.x}"}]}}}' ] || fail "cwd output: $(cat "$TMP/out")"

# --ext chooses the file name endings scanned in directories.
expect_status 1 "$HCL" json --compact --ext txt -r "$TMP/proj"
[ "$(cat "$TMP/out")" = '{}' ] || fail "--ext output: $(cat "$TMP/out")"
expect_contains "$TMP/err" "notes.txt"

# --merge: all bodies in one object, blocks in file order.
expect_status 0 "$HCL" json --compact --merge -r "$TMP/proj"
[ "$(cat "$TMP/out")" = '{"name":"b","variable":{"x":[{"default":1}],"y":[{"default":"${var.x}"}]}}' ] ||
  fail "merge output: $(cat "$TMP/out")"
# An attribute set in two files fails clearly, and nothing is printed.
expect_status 1 "$HCL" json --merge -r "$TMP/proj" "$TMP/dup.tf"
expect_contains "$TMP/err" "Error: Conflicting attribute"
expect_contains "$TMP/err" "on $TMP/dup.tf line 1:"
expect_contains "$TMP/err" "The argument \"name\" was already set at $TMP/proj/sub/vars.tf:4,1."
expect_empty "$TMP/out"

# Invalid input: diagnostics on stderr, exit 1, nothing printed for that file.
expect_status 1 "$HCL" json "$TMP/bad.tf"
expect_contains "$TMP/err" "Error: Missing item separator"
expect_contains "$TMP/err" "on $TMP/bad.tf line 1:"
expect_empty "$TMP/out"
# ... while the other files of a keyed document are still printed.
expect_status 1 "$HCL" json --compact "$TMP/bad.tf" "$TMP/empty.tf"
[ "$(cat "$TMP/out")" = "{\"$TMP/empty.tf\":{}}" ] || fail "keyed output with a bad file: $(cat "$TMP/out")"
expect_contains "$TMP/err" "Missing item separator"
# ... and nothing at all when merging.
expect_status 1 "$HCL" json --merge "$TMP/bad.tf" "$TMP/empty.tf"
expect_empty "$TMP/out"

# Blocks whose labels cannot share one JSON shape.
expect_status 1 "$HCL" json "$TMP/labels.tf"
expect_contains "$TMP/err" "Error: Inconsistent block labels"
expect_contains "$TMP/err" "on $TMP/labels.tf line 2:"
expect_contains "$TMP/err" "This \"include\" block has 1 label, but the one at $TMP/labels.tf:1,1 has no labels."
expect_empty "$TMP/out"

# I/O and usage errors exit 2.
expect_status 2 "$HCL" json "$TMP/nope.tf"
expect_contains "$TMP/err" "$TMP/nope.tf"
expect_status 2 "$HCL" json --no-such-flag
if [ -w /dev/full ]; then
  "$HCL" json "$TMP/proj/main.tf" >/dev/full 2>"$TMP/err"; [ $? -eq 2 ] || fail "a failed write should exit 2"
  expect_contains "$TMP/err" "cannot write"
fi

# The output is valid JSON with exact numbers.
printf 'n = 12345678901234567890\nf = 0.1\nl = [1e3, -0]\n' > "$TMP/n.tf"
expect_status 0 "$HCL" json --compact "$TMP/n.tf"
[ "$(cat "$TMP/out")" = '{"f":0.1,"l":[1000,-0],"n":12345678901234567890}' ] || fail "numbers: $(cat "$TMP/out")"

# One file's document is written out in pieces as it is made (a large file needs no second copy
# of its JSON in memory): the pieces join into what the whole document is (--merge of one file
# still builds it whole), and a file whose conflict lies deep inside, after much output, prints
# nothing at all rather than the part before it.
for i in $(seq 3000); do printf 'r "t" "n%d" {\n  v = [%d, "s"]\n  inner {\n    x = %d\n  }\n}\n' "$i" "$i" "$i"; done > "$TMP/big.tf"
expect_status 0 "$HCL" json --merge "$TMP/big.tf"
mv "$TMP/out" "$TMP/whole"
[ "$(wc -c < "$TMP/whole")" -gt 300000 ] || fail "big.tf should make more JSON than one piece"
expect_status 0 "$HCL" json "$TMP/big.tf"
cmp -s "$TMP/out" "$TMP/whole" || fail "the document written in pieces differs from the whole one"
cp "$TMP/big.tf" "$TMP/late.tf"
printf 'r "t" "last" {\n  inner {\n  }\n  inner "labelled" {\n  }\n}\n' >> "$TMP/late.tf"
expect_status 1 "$HCL" json "$TMP/late.tf"
expect_empty "$TMP/out"
expect_contains "$TMP/err" "Error: Inconsistent block labels"
expect_contains "$TMP/err" "on $TMP/late.tf line 18004, in r \"t\" \"last\":"

finish
