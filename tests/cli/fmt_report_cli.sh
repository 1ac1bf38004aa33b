# SPDX-License-Identifier: Apache-2.0
# hcl fmt --format json|github: machine-readable reports for CI.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/p"
printf 'a=1\nbb = 2\n' > "$TMP/p/x.tf"
printf 'a = 1\n' > "$TMP/p/y.tf"
printf 'a = [\n' > "$TMP/p/z.tf"

expect_status 2 "$HCL" fmt --check --format json "$TMP/p"
python3 - "$TMP/out" "$TMP/p" <<'PY' || fail "fmt json report"
import json, sys
d = json.load(open(sys.argv[1])); p = sys.argv[2]
assert d["format_version"] == "1.0" and d["formatted"] is False, d
assert d["unformatted_count"] == 1 and d["error_count"] == 1, d
files = {f["path"]: f for f in d["files"]}
assert files[p + "/x.tf"] == {"path": p + "/x.tf", "formatted": False, "written": False, "first_changed_line": 1}, files
assert files[p + "/y.tf"]["formatted"] is True
assert d["diagnostics"][0]["summary"] == "Missing expression" and d["diagnostics"][0]["range"]["filename"] == p + "/z.tf"
PY
cmp -s "$TMP/p/x.tf" <(printf 'a=1\nbb = 2\n') || fail "--check wrote a file"
expect_empty "$TMP/err"

rm "$TMP/p/z.tf"
expect_status 3 "$HCL" fmt -check --format github "$TMP/p"
expect_contains "$TMP/out" "::error file=$TMP/p/x.tf,line=1,col=1,endLine=1,endColumn=1,title=File is not formatted::"
expect_not_contains "$TMP/out" "y.tf"

# Without --check the files are written and reported as warnings.
expect_status 0 "$HCL" fmt --format github "$TMP/p"
expect_contains "$TMP/out" "::warning file=$TMP/p/x.tf"
[ "$(cat "$TMP/p/x.tf")" = "$(printf 'a  = 1\nbb = 2')" ] || fail "file not formatted: $(cat "$TMP/p/x.tf")"
expect_status 0 "$HCL" fmt --check --format json "$TMP/p"
expect_contains "$TMP/out" '"formatted": true'

# terraform's -no-color spelling.
expect_status 0 "$HCL" fmt -no-color --check "$TMP/p"
expect_status 1 "$HCL" fmt --format yaml "$TMP/p"

finish
