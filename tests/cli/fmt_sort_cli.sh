# SPDX-License-Identifier: Apache-2.0
# hcl fmt --sort: opt-in reordering, reported by --check as formatting is, in every report format.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/p"
# Formatted, but out of order.
printf 'variable "b" {}\n\n# About a.\nvariable "a" {}\n' > "$TMP/p/vars.tf"
printf 'variable "a" {}\n\nvariable "b" {}\n' > "$TMP/p/sorted.tf"
cp "$TMP/p/vars.tf" "$TMP/orig.tf"

# Without --sort the order is nobody's business.
expect_status 0 "$HCL" fmt --check "$TMP/p"
expect_status 3 "$HCL" fmt --sort --check "$TMP/p"
[ "$(cat "$TMP/out")" = "$TMP/p/vars.tf" ] || fail "--sort --check lists: $(cat "$TMP/out")"
cmp -s "$TMP/p/vars.tf" "$TMP/orig.tf" || fail "--check wrote a file"

expect_status 3 "$HCL" fmt --sort --check --format json "$TMP/p"
python3 - "$TMP/out" "$TMP/p" <<'PY' || fail "--sort json report"
import json, sys
d = json.load(open(sys.argv[1])); p = sys.argv[2]
files = {f["path"]: f for f in d["files"]}
assert d["formatted"] is False and d["unformatted_count"] == 1, d
assert files[p + "/vars.tf"] == {"path": p + "/vars.tf", "formatted": False, "written": False, "first_changed_line": 1}, files
assert files[p + "/sorted.tf"]["formatted"] is True
PY
expect_status 3 "$HCL" fmt --sort --check --format github "$TMP/p"
expect_contains "$TMP/out" "::error file=$TMP/p/vars.tf,line=1,col=1,endLine=1,endColumn=1,title=File is not formatted::"
expect_not_contains "$TMP/out" "sorted.tf"
expect_status 3 "$HCL" fmt --sort --check --format sarif "$TMP/p"
expect_contains "$TMP/out" '"ruleId": "unformatted"'
expect_contains "$TMP/out" "vars.tf"

# --diff shows the move; standard input is sorted to standard output.
expect_status 3 "$HCL" fmt --sort --check --diff "$TMP/p/vars.tf"
expect_contains "$TMP/out" '+variable "b" {}'
expect_status 0 "$HCL" fmt --sort - < "$TMP/p/vars.tf"
[ "$(cat "$TMP/out")" = "$(printf '# About a.\nvariable "a" {}\n\nvariable "b" {}')" ] || fail "stdin: $(cat "$TMP/out")"

# Writing, then nothing left to do.
expect_status 0 "$HCL" fmt --sort "$TMP/p"
[ "$(cat "$TMP/out")" = "$TMP/p/vars.tf" ] || fail "--sort lists: $(cat "$TMP/out")"
expect_status 0 "$HCL" fmt --sort=all --check "$TMP/p"

# --sort=all moves every top-level block; --sort leaves resources where they are.
printf 'resource "b" "x" {}\n\nresource "a" "y" {}\n' > "$TMP/r.tf"
expect_status 0 "$HCL" fmt --sort --check "$TMP/r.tf"
expect_status 3 "$HCL" fmt --sort=all --check "$TMP/r.tf"
expect_status 1 "$HCL" fmt --sort=some "$TMP/r.tf"

# A file that does not parse is reported as without --sort, and left alone.
printf 'variable "b" {\n' > "$TMP/bad.tf"
expect_status 2 "$HCL" fmt --sort "$TMP/bad.tf"
expect_contains "$TMP/err" "Unclosed configuration block"

finish
