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

exit $FAILS
