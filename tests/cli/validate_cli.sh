# SPDX-License-Identifier: Apache-2.0
# hcl validate: paths, stdin, formats, exit statuses.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/proj/sub" "$TMP/proj/.terraform" "$TMP/proj/.git"
printf 'a = 1\n' > "$TMP/proj/good.tf"
printf 'b = 2\n' > "$TMP/proj/sub/also.hcl"
printf 'c = [1 2]\n' > "$TMP/proj/sub/bad.tfvars"
printf 'broken {\n' > "$TMP/proj/.terraform/cached.tf"
printf 'not hcl at all {{{\n' > "$TMP/proj/notes.txt"
printf 'x = 1\n' > "$TMP/proj/job.nomad"

# Valid files: exit 0 and a summary.
expect_status 0 "$HCL" validate "$TMP/proj/good.tf"
expect_contains "$TMP/out" "Success! 1 file is valid."
expect_empty "$TMP/err"

# Directories are walked recursively for the default extensions, skipping hidden directories.
expect_status 1 "$HCL" validate -r "$TMP/proj"
expect_contains "$TMP/err" "Error: Missing item separator"
expect_contains "$TMP/err" "on $TMP/proj/sub/bad.tfvars line 1:"
expect_contains "$TMP/err" "Expected a comma to mark the beginning of the next item."
expect_not_contains "$TMP/err" "cached.tf"
expect_not_contains "$TMP/err" "notes.txt"
expect_contains "$TMP/out" "1 error in 1 of 4 files."

# No argument means the current directory.
(cd "$TMP/proj/sub" && "$HCL" validate >"$TMP/out" 2>"$TMP/err"); [ $? -eq 1 ] || fail "cwd validate should exit 1"
expect_contains "$TMP/err" "bad.tfvars"

# --ext changes the extensions (with or without the dot, comma-separated or repeated).
expect_status 0 "$HCL" validate -r --ext tf,nomad "$TMP/proj"
expect_contains "$TMP/out" "2 files are valid"
expect_status 1 "$HCL" validate -r --ext .txt "$TMP/proj"

# stdin.
printf 'a = 1\n' | "$HCL" validate - >"$TMP/out" 2>"$TMP/err" || fail "stdin valid should exit 0"
printf 'a = \n' | "$HCL" validate - >"$TMP/out" 2>"$TMP/err"; [ $? -eq 1 ] || fail "stdin invalid should exit 1"
expect_contains "$TMP/err" "on <stdin> line 1:"

# A missing path or unreadable file is an I/O error: exit 2 with the path in the message.
expect_status 2 "$HCL" validate "$TMP/nope.tf"
expect_contains "$TMP/err" "$TMP/nope.tf"
expect_status 2 "$HCL" validate "$TMP/proj/good.tf" "$TMP/nope.tf"

# Usage errors exit 2.
expect_status 2 "$HCL" validate --format yaml "$TMP/proj/good.tf"
expect_status 2 "$HCL" validate --no-such-flag

# --quiet prints nothing on success.
expect_status 0 "$HCL" validate -q "$TMP/proj/good.tf"
expect_empty "$TMP/out"

# JSON: terraform validate -json's fields, all files in one document.
expect_status 1 "$HCL" validate -r --format json "$TMP/proj"
python3 - "$TMP/out" <<'PY' || fail "json document"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format_version"] == "1.0" and d["valid"] is False and d["error_count"] == 1 and d["warning_count"] == 0
diag = d["diagnostics"][0]
assert diag["severity"] == "error" and diag["summary"] == "Missing item separator"
assert diag["range"]["start"] == {"line": 1, "column": 8, "byte": 7}, diag["range"]
assert diag["snippet"]["code"] == "c = [1 2]" and diag["snippet"]["highlight_start_offset"] == 7
PY
expect_status 0 "$HCL" validate --format json "$TMP/proj/good.tf"
expect_contains "$TMP/out" '"valid": true'

# GitHub Actions annotations on stdout.
expect_status 1 "$HCL" validate --format github "$TMP/proj/sub/bad.tfvars"
expect_contains "$TMP/out" "::error file=$TMP/proj/sub/bad.tfvars,line=1,col=8,endLine=1,endColumn=9,title=Missing item separator::Expected a comma"

# Output order is deterministic even though files are checked in parallel.
for i in $(seq 1 40); do printf 'v%d = [\n' "$i" > "$TMP/proj/sub/m$(printf %02d "$i").hcl"; done
"$HCL" validate --format github "$TMP/proj/sub" > "$TMP/run1"
"$HCL" validate --format github "$TMP/proj/sub" > "$TMP/run2"
cmp -s "$TMP/run1" "$TMP/run2" || fail "output order differs between runs"
sort -c <(grep -o 'file=[^,]*' "$TMP/run1") 2>/dev/null || fail "files not reported in sorted order"

# Colour only on a terminal and never with NO_COLOR (stderr here is a file: no escapes).
printf 'a = \n' | "$HCL" validate - 2>"$TMP/err"
! grep -q $'\x1b\[' "$TMP/err" || fail "colour escapes in non-terminal output"

finish
