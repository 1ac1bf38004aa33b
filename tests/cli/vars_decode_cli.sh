#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# --vars documents decode to the reference's values and types: numbers at the edges of the inline
# integer fast path (int64's ends, 18 and 19 digits, -0, decimals, 1e400), objects of one shape
# in any member order, repeated names, strings that need NFC or hold escapes. The .out files are
# hcl-oracle's output for each .expr over its .json.
. "$(dirname "$0")/lib.sh"
DIR=$TESTDATA/eval/vars_decode

for name in numbers shapes; do
  expect_status 0 "$HCL" eval --format oracle --vars "$DIR/$name.json" "$(cat "$DIR/$name.expr")"
  cmp -s "$TMP/out" "$DIR/$name.out" || fail "$name: got $(head -c 600 "$TMP/out")"
done

# A document far larger than the goldens: 20,000 objects of a few shapes, members in varying
# order, checked against counts worked out while writing it.
python3 - "$TMP/big.json" <<'PY'
import json, sys
rs = []
for i in range(20000):
    r = {"id": i, "name": "r%d" % i, "after": {"size": i % 1000, "price": i / 8}}
    if i % 3 == 0:
        r = dict(reversed(list(r.items())))
    if i % 7 == 0:
        r["after"]["tags"] = ["t%d" % i]
    rs.append(r)
json.dump({"rs": rs}, open(sys.argv[1], "w"))
PY
expect_status 0 "$HCL" eval --vars "$TMP/big.json" 'length([for r in rs : r.name if r.after.size > 500])'
[ "$(cat "$TMP/out")" = "9980" ] || fail "big document: $(cat "$TMP/out")"
expect_status 0 "$HCL" eval --vars "$TMP/big.json" 'sum([for r in rs : r.after.price]) + length([for r in rs : r if can(r.after.tags)])'
[ "$(cat "$TMP/out")" = "25001608" ] || fail "big document sums: $(cat "$TMP/out")"

# A plan-like document through --vars, whose containers build their members on first use
# (cty/json_document.h), and through jsondecode, which decodes it whole: the same answers, for
# members asked for one by one, whole subtrees, and the document's values written out. An @
# stands where the expression finds the document's top-level names.
python3 "$(dirname "$0")/../bench/gen_plan.py" plan "$TMP/plan.json" 300
for expr in '[for r in @resource_changes : r.address if r.change.after.size > 500]' \
  '[for r in @resource_changes : r.change.after if r.change.after.price < 1]' \
  '{for r in @resource_changes : r.address => [r.change.after.tags.env, r.change.after.ports, r["type"]]}' \
  '[@resource_changes[7], @resource_changes[299].change, @configuration]' \
  'tomap({for k, v in @resource_changes[50].change.after : k => tostring(v) if v != null && !can(length(v))})'; do
  direct=${expr//@/}
  whole=${expr//@/jsondecode(file(\"plan.json\")).}
  (cd "$TMP" && "$HCL" eval --vars plan.json "jsonencode($direct)") >"$TMP/direct" 2>&1 || fail "--vars: $direct"
  (cd "$TMP" && "$HCL" eval "jsonencode($whole)") >"$TMP/whole" 2>&1 || fail "jsondecode: $whole"
  cmp -s "$TMP/direct" "$TMP/whole" || fail "$direct: $(head -c 300 "$TMP/direct") vs $(head -c 300 "$TMP/whole")"
  [ "$(wc -c <"$TMP/direct")" -gt 20 ] || fail "$direct: $(cat "$TMP/direct")"
done

exit $FAILS
