# SPDX-License-Identifier: Apache-2.0
# The exit-status table of hcl(1) and docs/ci.md, row by row: each failure is provoked in every
# subcommand and must end with the status the table gives it.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDATA/.." && pwd)
cd "$TMP"
printf 'x = 1\n' > ok.tf
printf 'x = [1 2]\n' > bad.tf
printf 'x=1\n' > ugly.tf
printf 'object {\n  attr "x" {\n    type = number\n  }\n}\n' > spec.hcldec
printf 'x = "a"\n' > wrong.conf

# docs/ci.md's table, as "ROW<TAB>COLUMN<TAB>STATUS" lines; the man page's must say the same.
python3 - "$ROOT/docs/ci.md" "$ROOT/man/hcl.1.scd" > "$TMP/table" <<'PY'
import re, sys
readme, man = open(sys.argv[1]).read(), open(sys.argv[2]).read()
sec = readme[readme.index("## Exit statuses"):]
rows = []
for l in sec.splitlines()[1:]:
    if l.startswith("| "):
        rows.append(l)
    elif rows:
        break
rows = rows[2:]
cols = ["common", "fmt", "dec"]
out = []
for l in rows:
    cells = [c.strip() for c in l.strip("|").split("|")]
    name = re.sub(r"[`*]", "", cells[0])
    for col, st in zip(cols, cells[1:]):
        out.append((name, col, st))
# The man page's table: "|  ROW" then ":  STATUS" per column.
msec = man[man.index("# EXIT STATUS"):]
msec = msec[:msec.index("\n# ", 3)] if "\n# " in msec[3:] else msec
mrows, cur = [], None
for l in msec.splitlines():
    if l.startswith("|  "):
        cur = [re.sub(r"[`*]", "", l[3:].strip())]
        mrows.append(cur)
    elif l.startswith(":  ") and cur is not None:
        cur.append(l[3:].strip())
mout = [(r[0], col, st) for r in mrows for col, st in zip(cols, r[1:])]
if mout != out:
    print("MISMATCH\t%r\t%r" % (out, mout))
for o in out:
    print("\t".join(o))
PY
grep -q MISMATCH "$TMP/table" && fail "hcl(1) and docs/ci.md give different tables: $(grep MISMATCH "$TMP/table")"
[ "$(grep -c . "$TMP/table")" -ge 18 ] || fail "no exit-status table in docs/ci.md: $(cat "$TMP/table")"

# provoke ROW COLUMN: the commands that cause ROW's failure in the subcommands of COLUMN.
provoke() {
  case "$1|$2" in
    success\|common)
      echo "validate ok.tf"; echo "json ok.tf"; echo "eval 1+1"; echo "edit ok.tf attribute get x" ;;
    success\|fmt) echo "fmt --check ok.tf" ;;
    success\|dec) echo "dec --spec spec.hcldec ok.tf" ;;
    errors*\|common)
      echo "validate bad.tf"; echo "json bad.tf"; echo "eval 1+"; echo "edit bad.tf attribute get x" ;;
    errors*\|fmt) echo "fmt bad.tf" ;;
    errors*\|dec) echo "dec --spec spec.hcldec wrong.conf" ;;
    usage*\|common)
      echo "validate --nosuch"; echo "json --nosuch"; echo "eval"; echo "edit ok.tf attribute frob x" ;;
    usage*\|fmt) echo "fmt --nosuch" ;;
    usage*\|dec) echo "dec --nosuch" ;;
    "an input that does not exist"*\|common)
      echo "validate nosuch.tf"; echo "json nosuch.tf"; echo "eval --file nosuch.tf x"; echo "edit nosuch.tf attribute get x" ;;
    "an input that does not exist"*\|fmt) echo "fmt nosuch.tf" ;;
    "an input that does not exist"*\|dec) echo "dec --spec spec.hcldec nosuch.conf" ;;
    output*\|common)
      echo "validate ok.tf"; echo "json ok.tf"; echo "eval 1+1"; echo "edit ok.tf attribute get x" ;;
    output*\|fmt) echo "fmt --write=false ugly.tf" ;;
    output*\|dec) echo "dec --spec spec.hcldec ok.tf" ;;
    "a file that is not formatted"*\|fmt) echo "fmt --check ugly.tf" ;;
    "a file that is not formatted"*) ;;
    *) echo "UNKNOWN" ;;
  esac
}

rows=0
while IFS="$(printf '\t')" read -r row col want; do
  [ "$row" = MISMATCH ] && continue
  rows=$((rows + 1))
  provoke "$row" "$col" > "$TMP/cmds"
  grep -q UNKNOWN "$TMP/cmds" && { fail "no way to provoke \"$row\" for $col"; continue; }
  [ "$want" = "-" ] && { [ -s "$TMP/cmds" ] && fail "\"$row\" has commands for $col but no status"; continue; }
  [ -s "$TMP/cmds" ] || fail "\"$row\" for $col: nothing provokes it"
  while read -r cmd; do
    case "$row" in
      output*) "$HCL" $cmd > /dev/full 2> "$TMP/err" < /dev/null ;;
      *) "$HCL" $cmd > "$TMP/out" 2> "$TMP/err" < /dev/null ;;
    esac
    got=$?
    [ "$got" = "$want" ] || fail "\"$row\": hcl $cmd exited $got, the table says $want: $(head -c 300 "$TMP/err")"
  done < "$TMP/cmds"
done < "$TMP/table"
[ $rows -ge 18 ] || fail "only $rows cells in the table"

# The rows below the table.
expect_status 2 "$HCL" nosuch
expect_status 2 "$HCL" --nosuch
printf 'Content-Length: 58\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}' > lsp-cut.in
expect_status 1 sh -c "'$HCL' lsp < lsp-cut.in"

finish
