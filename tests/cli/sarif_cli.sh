# SPDX-License-Identifier: Apache-2.0
# --format sarif for validate and fmt: each log is checked against the required structure of
# SARIF 2.1.0 (testdata/_schemas, written from the specification) with python3-jsonschema, and
# its results against the files: rule, level, file URI and region.
. "$(dirname "$0")/lib.sh"
SCHEMA=$TESTDATA/_schemas/sarif-2.1.0-required.schema.json
python3 -c 'import jsonschema' 2>/dev/null || { fail "python3-jsonschema is not installed (packaging/deps.sh installs it)"; finish; }

# check_sarif LOG PYTHON-ASSERTIONS: valid against the schema, then the assertions on `log`.
check_sarif() {
  python3 - "$SCHEMA" "$1" "$2" <<'PY' || fail "$1: $2"
import json, re, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
jsonschema.Draft7Validator(schema).validate(log)
for run in log["runs"]:
    rules = run["tool"]["driver"].get("rules", [])
    for r in run["results"]:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"], r
        for loc in r.get("locations", []):
            uri = loc["physicalLocation"]["artifactLocation"]["uri"]
            assert re.fullmatch(r"[A-Za-z0-9._~/%-]+", uri), uri
            reg = loc["physicalLocation"]["region"]
            assert reg.get("endLine", reg["startLine"]) >= reg["startLine"], reg
results = log["runs"][0]["results"]
exec(sys.argv[3])
PY
}

mkdir -p "$TMP/p/sub dir"
printf 'a = [1, 2\n}\n' > "$TMP/p/broken.hcl"
printf 'x = 1\ny = 2\n\nz=3\n' > "$TMP/p/sub dir/un formatted.hcl"
printf 'ok = true\n' > "$TMP/p/good.hcl"
cd "$TMP/p"

expect_status 1 "$HCL" validate --format sarif .
check_sarif "$TMP/out" '
assert len(results) == 1, results
r = results[0]
assert r["level"] == "error" and r["ruleId"] == "missing-item-separator", r
loc = r["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]["uri"] == "broken.hcl", loc
assert loc["region"]["startLine"] == 2 and loc["region"]["startColumn"] == 1, loc
assert log["runs"][0]["tool"]["driver"]["name"] == "hcl"'
expect_empty "$TMP/err"

expect_status 0 "$HCL" validate --format sarif good.hcl
check_sarif "$TMP/out" 'assert results == [], results'

expect_status 2 "$HCL" fmt --check --recursive --format sarif .
check_sarif "$TMP/out" '
by_rule = {r["ruleId"]: r for r in results}
assert set(by_rule) == {"missing-item-separator", "unformatted"}, results
u = by_rule["unformatted"]
assert u["level"] == "error", u
loc = u["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]["uri"] == "sub%20dir/un%20formatted.hcl", loc
assert loc["region"]["startLine"] == 4, loc'
[ "$(cat "sub dir/un formatted.hcl")" = "$(printf 'x = 1\ny = 2\n\nz=3')" ] || fail "fmt --check --format sarif wrote a file"

# Without --check the file is written and reported as a warning.
expect_status 0 "$HCL" fmt --format sarif "sub dir"
check_sarif "$TMP/out" '
assert [(r["ruleId"], r["level"]) for r in results] == [("unformatted", "warning")], results
assert "was rewritten" in results[0]["message"]["text"], results'

finish
