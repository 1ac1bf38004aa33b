# SPDX-License-Identifier: Apache-2.0
# hcl fmt: paths, flags (terraform fmt's spellings too) and exit statuses.
# usage: bash fmt_flags.sh HCL_BINARY TESTDATA_DIR
set -u
HCL=$(realpath "$1")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
# expect NAME WANT_STATUS GOT_STATUS
status() { if [ "$3" -eq "$2" ]; then ok; else fail "$1: exit status $3, expected $2"; fi; }
# same NAME EXPECTED ACTUAL
same() { if [ "$2" = "$3" ]; then ok; else fail "$1: expected [$2] got [$3]"; fi; }

UNFORMATTED=$'a=1\nbbb = 2\n'
FORMATTED=$'a   = 1\nbbb = 2\n'

fresh() {
  rm -rf "$T/d"
  mkdir -p "$T/d/sub"
  printf '%s' "$UNFORMATTED" > "$T/d/a.hcl"
  printf '%s' "$FORMATTED" > "$T/d/b.tf"
  printf '%s' "$UNFORMATTED" > "$T/d/sub/c.hcl"
  printf '%s' "$UNFORMATTED" > "$T/d/.hidden.hcl"
  printf '%s' "$UNFORMATTED" > "$T/d/notes.txt"
}

# --- standard input -------------------------------------------------------------------------
out=$(printf '%s' "$UNFORMATTED" | "$HCL" fmt -); st=$?
status "stdin" 0 $st; same "stdin output" "$FORMATTED" "$out"$'\n'

out=$(printf 'a = \n' | "$HCL" fmt - 2>"$T/err"); st=$?
status "stdin syntax error" 2 $st; same "stdin syntax error prints nothing" "" "$out"
grep -q '<stdin> line 1' "$T/err" && ok || fail "stdin syntax error: diagnostic names <stdin> line 1: $(cat "$T/err")"

out=$(printf '%s' "$UNFORMATTED" | "$HCL" fmt --check -); st=$?
status "stdin --check unformatted" 3 $st; same "stdin --check lists nothing" "" "$out"
out=$(printf '%s' "$FORMATTED" | "$HCL" fmt -check -); st=$?
status "stdin -check formatted" 0 $st

out=$(printf '%s' "$UNFORMATTED" | "$HCL" fmt -diff -); st=$?
status "stdin -diff" 0 $st
same "stdin -diff output" $'--- old/<stdin>\n+++ new/<stdin>\n@@ -1,2 +1,2 @@\n-a=1\n+a   = 1\n bbb = 2' "$out"

# --- directories --------------------------------------------------------------------------------
fresh
out=$("$HCL" fmt "$T/d"); st=$?
status "directory" 0 $st
same "directory lists changed files only, not in subdirectories or hidden" "$T/d/a.hcl" "$out"
same "directory rewrites" "$FORMATTED" "$(cat "$T/d/a.hcl")"$'\n'
same "subdirectory untouched without --recursive" "$UNFORMATTED" "$(cat "$T/d/sub/c.hcl")"$'\n'
same "hidden file untouched" "$UNFORMATTED" "$(cat "$T/d/.hidden.hcl")"$'\n'
same "other extensions untouched" "$UNFORMATTED" "$(cat "$T/d/notes.txt")"$'\n'

fresh
out=$("$HCL" fmt -recursive "$T/d"); st=$?
status "-recursive" 0 $st
same "-recursive lists" "$T/d/a.hcl"$'\n'"$T/d/sub/c.hcl" "$out"

fresh
out=$(cd "$T/d" && "$HCL" fmt --recursive); st=$?
status "no path: current directory" 0 $st
same "no path lists relative names" $'a.hcl\nsub/c.hcl' "$out"

fresh
out=$("$HCL" fmt "$T/d/notes.txt"); st=$?
status "explicit file of any extension" 0 $st; same "explicit file listed" "$T/d/notes.txt" "$out"

# --- --check, --list, --write, --diff ---------------------------------------------------------
fresh
cp -r "$T/d" "$T/before"
out=$("$HCL" fmt --check -recursive "$T/d"); st=$?
status "--check unformatted" 3 $st
same "--check lists" "$T/d/a.hcl"$'\n'"$T/d/sub/c.hcl" "$out"
diff -r "$T/before" "$T/d" >/dev/null && ok || fail "--check wrote files"

out=$("$HCL" fmt -check -list=false "$T/d"); st=$?
status "-check -list=false" 3 $st; same "-check -list=false prints nothing" "" "$out"

out=$("$HCL" fmt -check "$T/d/b.tf"); st=$?
status "-check formatted" 0 $st; same "-check formatted prints nothing" "" "$out"

out=$("$HCL" fmt -check -diff "$T/d/a.hcl"); st=$?
status "-check -diff" 3 $st
same "-check -diff lists and diffs" "$T/d/a.hcl"$'\n'"--- old/$T/d/a.hcl"$'\n'"+++ new/$T/d/a.hcl"$'\n@@ -1,2 +1,2 @@\n-a=1\n+a   = 1\n bbb = 2' "$out"
diff -r "$T/before" "$T/d" >/dev/null && ok || fail "-check -diff wrote files"

out=$("$HCL" fmt -write=false "$T/d"); st=$?
status "-write=false" 0 $st; same "-write=false lists" "$T/d/a.hcl" "$out"
diff -r "$T/before" "$T/d" >/dev/null && ok || fail "-write=false wrote files"

out=$("$HCL" fmt --write=false --list=false "$T/d/a.hcl" "$T/d/b.tf"); st=$?
status "--write=false --list=false" 0 $st
same "--write=false --list=false prints every file" "$FORMATTED$FORMATTED" "$out"$'\n'

out=$("$HCL" fmt --no-write --no-list "$T/d/a.hcl"); st=$?
same "--no-write --no-list" "$FORMATTED" "$out"$'\n'

out=$("$HCL" fmt -diff -list=false "$T/d/a.hcl"); st=$?
status "-diff" 0 $st
same "-diff rewrites" "$FORMATTED" "$(cat "$T/d/a.hcl")"$'\n'
case "$out" in "--- old/$T/d/a.hcl"*) ok ;; *) fail "-diff output: $out" ;; esac

# The diff is the one diff -u prints (what terraform fmt -diff shows).
cat > "$T/multi.hcl" <<'EOF'
block {
a=1
  bb=2
  ccc = 3
  d = 4
  e = 5
  f = 6
  g = 7
  h = 8
  i = 9
  j=10
}
EOF
cp "$T/multi.hcl" "$T/multi.orig"
ours=$("$HCL" fmt -diff -list=false "$T/multi.hcl")
theirs=$(diff -u --label "old/$T/multi.hcl" --label "new/$T/multi.hcl" "$T/multi.orig" "$T/multi.hcl")
same "-diff equals diff -u" "$theirs" "$ours"

# --- errors -------------------------------------------------------------------------------------
fresh
printf 'a = \n' > "$T/d/bad.hcl"
cp "$T/d/bad.hcl" "$T/bad.orig"
out=$("$HCL" fmt "$T/d" 2>"$T/err"); st=$?
status "syntax error among files" 2 $st
same "other files still formatted" "$FORMATTED" "$(cat "$T/d/a.hcl")"$'\n'
cmp -s "$T/d/bad.hcl" "$T/bad.orig" && ok || fail "file with a syntax error was rewritten"
grep -q "on $T/d/bad.hcl line 1" "$T/err" && ok || fail "diagnostic names the file: $(cat "$T/err")"
grep -q "Invalid expression" "$T/err" && ok || fail "diagnostic summary: $(cat "$T/err")"

fresh
printf 'a = \n' > "$T/d/bad.hcl"
"$HCL" fmt -check "$T/d" >/dev/null 2>&1; st=$?
status "-check with syntax error and unformatted file" 2 $st

"$HCL" fmt "$T/nonexistent.hcl" >/dev/null 2>"$T/err"; st=$?
status "missing path" 2 $st
grep -q "nonexistent.hcl" "$T/err" && ok || fail "missing path message: $(cat "$T/err")"

"$HCL" fmt --bogus "$T/d" >/dev/null 2>&1; st=$?
status "unknown flag" 1 $st
"$HCL" fmt --write=maybe "$T/d" >/dev/null 2>&1; st=$?
status "bad flag value" 1 $st
"$HCL" fmt - "$T/d/a.hcl" </dev/null >/dev/null 2>&1; st=$?
status "- with other paths" 1 $st

# --- Terraform style ----------------------------------------------------------------------------
printf 'resource a b {\n  x = "${var.y}"\n}\n' > "$T/main.tf"
printf 'resource a b {\n  x = "${var.y}"\n}\n' > "$T/plain.hcl"
out=$("$HCL" fmt --write=false --list=false "$T/main.tf")
same ".tf files get the Terraform style" $'resource "a" "b" {\n  x = var.y\n}' "$out"
out=$("$HCL" fmt --write=false --list=false --terraform=false "$T/main.tf")
same "--terraform=false" $'resource a b {\n  x = "${var.y}"\n}' "$out"
out=$("$HCL" fmt --write=false --list=false "$T/plain.hcl")
same ".hcl files get the canonical style" $'resource a b {\n  x = "${var.y}"\n}' "$out"
out=$("$HCL" fmt --write=false --list=false --terraform "$T/plain.hcl")
same "--terraform" $'resource "a" "b" {\n  x = var.y\n}' "$out"
out=$("$HCL" fmt - < "$T/main.tf")
same "stdin gets the canonical style" $'resource a b {\n  x = "${var.y}"\n}' "$out"

# --- many files: parallel, deterministic order -------------------------------------------------
mkdir -p "$T/many"
for i in $(seq 1 300); do printf 'x%d=%d\n' "$i" "$i" > "$T/many/f$i.hcl"; done
first=$("$HCL" fmt -write=false "$T/many")
second=$("$HCL" fmt -write=false "$T/many")
same "order is deterministic" "$first" "$second"
same "order is sorted" "$(printf '%s\n' "$T"/many/*.hcl | LC_ALL=C sort)" "$first"
out=$("$HCL" fmt --write=false --list=false "$T/many")
expected=$(for f in $(printf '%s\n' "$T"/many/*.hcl | LC_ALL=C sort); do n=${f##*/f}; n=${n%.hcl}; printf 'x%d = %d\n' "$n" "$n"; done)
same "printed contents in order" "$expected" "$out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
