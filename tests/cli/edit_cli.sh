# SPDX-License-Identifier: Apache-2.0
# hcl edit on the command line: inputs (-f, stdin, several files, -r), -u writing back atomically
# (and nothing written when any file fails), exit statuses, --require-match, --minimal.
# usage: bash edit_cli.sh HCL_BINARY TESTDATA_DIR
source "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/proj/modules/net" "$TMP/proj/.terraform"
cat >"$TMP/proj/main.tf" <<'HCL'
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "4.0.0" # pinned
}
HCL
cat >"$TMP/proj/modules/net/net.tf" <<'HCL'
module "vpc" {
  source = "terraform-aws-modules/vpc/aws"
  version="4.0.0"
}
HCL
cp "$TMP/proj/main.tf" "$TMP/proj/.terraform/hidden.tf"
printf 'a {\n  x = 1\n}\n' >"$TMP/proj/other.hcl"

# Queries: -f FILE, standard input, and a path before the operation.
expect_status 0 "$HCL" edit -f "$TMP/proj/main.tf" attribute get module.vpc.version
[ "$(cat "$TMP/out")" = '"4.0.0"' ] || fail "get: $(cat "$TMP/out")"
expect_status 0 sh -c "\"$HCL\" edit -f - attribute get module.vpc.version < \"$TMP/proj/main.tf\""
[ "$(cat "$TMP/out")" = '"4.0.0"' ] || fail "get from stdin: $(cat "$TMP/out")"
expect_status 0 "$HCL" edit "$TMP/proj/main.tf" block list
[ "$(cat "$TMP/out")" = 'module.vpc' ] || fail "block list: $(cat "$TMP/out")"
# A VALUE that CLI11 could take for a list stays one word.
expect_status 0 "$HCL" edit -f "$TMP/proj/other.hcl" attribute set a.x '[1, 2]'
expect_contains "$TMP/out" 'x = [1, 2]'

# Without -u the edited file is printed and the file is left alone.
before=$(cat "$TMP/proj/main.tf")
expect_status 0 "$HCL" edit -f "$TMP/proj/main.tf" attribute set module.vpc.version '"5.1.0"'
expect_contains "$TMP/out" 'version = "5.1.0" # pinned'
[ "$(cat "$TMP/proj/main.tf")" = "$before" ] || fail "file changed without -u"

# Several files need -u for an edit.
expect_status 2 "$HCL" edit -r "$TMP/proj" attribute set module.vpc.version '"5.1.0"'
expect_contains "$TMP/err" "needs -u"

# The refactoring case: every module.vpc.version under a directory, hidden folders skipped.
inode=$(stat -c %i "$TMP/proj/main.tf")
expect_status 0 "$HCL" edit -u -r "$TMP/proj" attribute set module.vpc.version '"5.1.0"'
expect_empty "$TMP/out"
expect_contains "$TMP/proj/main.tf" 'version = "5.1.0" # pinned'
expect_contains "$TMP/proj/modules/net/net.tf" 'version = "5.1.0"'
expect_contains "$TMP/proj/.terraform/hidden.tf" 'version = "4.0.0"'
[ "$(stat -c %i "$TMP/proj/main.tf")" != "$inode" ] || fail "-u did not replace the file atomically"
[ "$(printf 'a {\n  x = 1\n}\n')" = "$(cat "$TMP/proj/other.hcl")" ] || fail "unmatched file rewritten"
[ "$(ls -A "$TMP/proj" | wc -l)" -eq 4 ] || fail "temporary files left: $(ls -A "$TMP/proj")"

# --minimal keeps every other byte (the unformatted line stays unformatted).
printf 'a {\n  x=1\n  y = 2 # c\n}\n' >"$TMP/min.hcl"
expect_status 0 "$HCL" edit --minimal -f "$TMP/min.hcl" attribute set a.y 3
[ "$(cat "$TMP/out")" = "$(printf 'a {\n  x=1\n  y = 3 # c\n}')" ] || fail "--minimal: $(cat "$TMP/out")"
expect_status 0 "$HCL" edit -f "$TMP/min.hcl" attribute set a.y 3
expect_contains "$TMP/out" '  x = 1'

# An address that names nothing: exit 0 and the input unchanged, or 1 with --require-match.
expect_status 0 "$HCL" edit -f "$TMP/min.hcl" attribute rm a.missing
[ "$(cat "$TMP/out")" = "$(cat "$TMP/min.hcl")" ] || fail "no match changed the file"
expect_status 1 "$HCL" edit --require-match -f "$TMP/min.hcl" attribute rm a.missing
expect_contains "$TMP/err" "Nothing matches the address"

# -u never rewrites a file the address names nothing in (hcledit's output would reformat it).
printf 'a {\n\tx=1\n}\n' >"$TMP/tabs.hcl"
cp "$TMP/tabs.hcl" "$TMP/tabs.orig"
expect_status 0 "$HCL" edit -u -f "$TMP/tabs.hcl" attribute set a.missing 2
cmp -s "$TMP/tabs.hcl" "$TMP/tabs.orig" || fail "-u rewrote a file with no match"
expect_status 0 "$HCL" edit -f "$TMP/tabs.hcl" attribute set a.missing 2
expect_contains "$TMP/out" '  x = 1'

# Over several files --require-match needs a match in one of them.
expect_status 0 "$HCL" edit -u --require-match -r "$TMP/proj" attribute set module.vpc.version '"5.1.0"'
expect_status 1 "$HCL" edit -u --require-match -r "$TMP/proj" attribute set module.nope.version '"1"'

# Failures: a bad VALUE, an input that does not parse, an ambiguous address; nothing is written,
# in any file, when one file fails.
expect_status 1 "$HCL" edit -f "$TMP/min.hcl" attribute set a.y '1 2'
expect_contains "$TMP/err" "Invalid value"
printf 'a {\n  x = \n}\n' >"$TMP/bad.hcl"
expect_status 1 "$HCL" edit -f "$TMP/bad.hcl" attribute set a.x 1
expect_contains "$TMP/err" "bad.hcl line 2"
printf 'b {\n  x = 1\n}\nb {\n  x = 2\n}\n' >"$TMP/amb.hcl"
expect_status 1 "$HCL" edit -f "$TMP/amb.hcl" attribute set b.x 3
expect_contains "$TMP/err" "Ambiguous address"
expect_status 0 "$HCL" edit -f "$TMP/amb.hcl" attribute get b.x
[ "$(cat "$TMP/out")" = "1" ] || fail "get of an ambiguous address: $(cat "$TMP/out")"
# A name the edit writes must be one identifier: no other syntax can be slipped in.
expect_status 1 "$HCL" edit -f "$TMP/min.hcl" block new 'x = 1'
expect_contains "$TMP/err" "Invalid name"
expect_status 1 "$HCL" edit -f "$TMP/min.hcl" attribute replace a.y '9z' 1
expect_status 1 "$HCL" edit -f "$TMP/min.hcl" block mv a 'b {'
cp "$TMP/min.hcl" "$TMP/ok.hcl"
expect_status 1 "$HCL" edit -u -f "$TMP/ok.hcl" -f "$TMP/bad.hcl" attribute set a.x 5
[ "$(cat "$TMP/ok.hcl")" = "$(cat "$TMP/min.hcl")" ] || fail "a file was written although another failed"

# Usage and I/O: exit 2.
expect_status 2 "$HCL" edit -f "$TMP/min.hcl" attribute frob a.x
expect_status 2 "$HCL" edit -f "$TMP/min.hcl" attribute set a.x
expect_status 2 "$HCL" edit -f "$TMP/min.hcl"
expect_status 2 "$HCL" edit -f "$TMP/missing.hcl" attribute get a.x

# Several files' answers are told apart.
expect_status 0 "$HCL" edit -r "$TMP/proj" attribute get module.vpc.version
expect_contains "$TMP/out" "# $TMP/proj/main.tf"

# --minimal lines an appended attribute up with the run it joins: the file stays formatted.
printf 'resource "a" "b" {\n  ami           = "x"\n  instance_type = "y"\n}\n' > "$TMP/align.tf"
expect_status 0 "$HCL" edit --minimal -u -f "$TMP/align.tf" attribute append resource.a.b.tags '{}'
expect_contains "$TMP/align.tf" '  tags          = {}'
expect_status 0 "$HCL" fmt --check "$TMP/align.tf"
# A VALUE whose quotes were forgotten is written as the reference it is, with a warning.
expect_status 0 "$HCL" edit --minimal -f "$TMP/align.tf" attribute set resource.a.b.ami m6i.large
expect_contains "$TMP/err" "quote it"
expect_status 0 "$HCL" edit --minimal -f "$TMP/align.tf" attribute set resource.a.b.ami var.ami
expect_empty "$TMP/err"

finish
