#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Whether two `hcl json` documents are the same configuration: A of a file in the JSON syntax,
B of what `hcl fromjson` made of it. `hcl json` reads a JSON-syntax file without a schema, so A
keeps what the native syntax writes differently:
- a block given as one object (B: an array of one), "//" comments, empty arrays of blocks;
- a literal in an interpolation ("${true}"), which `hcl json` of the native syntax folds;
- the blank space inside a directive's markup ("%{ if x }"), which `hcl json` drops;
- Terraform's arguments whose strings are expression source ("aws.west"; B: "${aws.west}"), and
  a variable's default, whose strings are literal (B escapes "${" as "$${").
Anything else must be equal. usage: fromjson_same.py A.json B.json (exit 1 with the first
difference)."""
import json
import re
import sys

EXPRESSION_KEYS = {"depends_on", "provider", "providers", "ignore_changes", "replace_triggered_by", "when",
                   "on_failure", "from", "to", "type", "experiments"}
LITERAL_KEYS = {"default"}


def no_blocks(v):
    """An empty array of blocks, under any number of label levels."""
    return v == [] or (isinstance(v, dict) and bool(v) and all(no_blocks(x) for x in v.values()))


def directives(s):
    """`hcl json` writes a directive's markup without the blank space inside it."""
    return re.sub(r"%\{(~?)\s*(.*?)\s*(~?)\}", r"%{\1\2\3}", s)


def diff(a, b, path, mode):
    if isinstance(a, dict) and isinstance(b, list) and len(b) == 1:
        return diff(a, b[0], path + "[0]", mode)
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in b and (k == "//" or no_blocks(a[k])):
                continue
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'A' if k in a else 'B'}"
            sub = "expression" if k in EXPRESSION_KEYS else "literal" if k in LITERAL_KEYS else mode
            d = diff(a[k], b[k], f"{path}.{k}", sub)
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} elements against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = diff(x, y, f"{path}[{i}]", mode)
            if d:
                return d
        return None
    if isinstance(a, str) and isinstance(b, str):
        if mode == "expression" and not a.startswith("${") and b == "${" + a + "}":
            return None
        if mode == "literal" and b.replace("$${", "${").replace("%%{", "%{") == a:
            return None
        if directives(a) == directives(b):
            return None
    if isinstance(a, str) and not isinstance(b, str) and a.startswith("${") and a.endswith("}"):
        try:  # `hcl json` writes a native "${true}" as true, but keeps the JSON syntax's as written
            if json.loads(a[2:-1]) == b:
                return None
        except ValueError:
            pass
    if a == b and type(a) == type(b):
        return None
    return f"{path}: {json.dumps(a)[:200]} against {json.dumps(b)[:200]}"


def main():
    a = json.load(open(sys.argv[1]))
    b = json.load(open(sys.argv[2]))
    d = diff(a, b, "", "template")
    if d:
        print(d)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
