#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential test of the Terraform dialect's functions against `terraform console`.

Calls of every Terraform built-in with generated arguments (a fixed seed, so the cases never
change unless this file does), each asked as jsonencode(CALL): Terraform's answer is the exact
JSON text of the value, or an error.

  function_diff.py cases                       print the cases, one expression a line
  function_diff.py record TESTDATA             ask terraform, write TESTDATA/functions.jsonl
  function_diff.py check HCL TESTDATA          compare `hcl eval --dialect terraform` with it
  function_diff.py live HCL TESTDATA           ask terraform now and compare (exit 77 without it)

Cases run with TESTDATA/files as the working directory, where the file functions read.
Left out, since their answers change from run to run or need what a console has not:
timestamp, uuid, bcrypt (checked by verifying, tests/cli/dialect_cli.sh), plantimestamp (not in
the console), templatestring (takes only a reference), the sensitivity family, abspath and
pathexpand (depend on the machine).
"""
import base64
import gzip
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

SEED = 38
PER_FUNCTION = 12
SKIP = {"timestamp", "uuid", "bcrypt", "plantimestamp", "templatestring", "sensitive", "nonsensitive",
        "issensitive", "abspath", "pathexpand"}
ERROR = "\u0001error"
UNKNOWN = {"unknown": True}  # what a console prints as (known after apply)


def hcl_string(s):
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        else:
            out.append(ch)
    return "".join(out).replace("${", "$${").replace("%{", "%%{") + '"'


STRINGS = ["", "a", "abc", "hello world", "Hello, World!", "  padded  ", "a,b,c", "ünïcödé", "日本語",
           "line1\nline2\n", "x-y_z", "10.0.0.0/8", "192.168.1.0/24", "172.16.0.0/12", "2001:db8::/32",
           "2024-01-02T03:04:05Z", "2023-12-31T23:59:59+05:30", "1h30m", "-45m", '{"a":1,"b":[true,null]}',
           "[1,2,3]", "a: 1\nb: [x, y]\n", "SGVsbG8=", "QUJD", "/path/to/file.txt", "a%20b+c", "%d items",
           "%s and %s", "%#v", "%5.2f", "foo", "bar", "FOO bar", "hello.txt", "*.txt", "data.json",
           "^[a-z]+$", "(\\d+)-(\\d+)", "12-34", "0x1F", "ff", "777", "101", "true", "5", "3.14", "a\tb",
           "UTF-8", "ISO-8859-1", "dns", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "YYYY-MM-DD hh:mm",
           "EEEE, DD-MMM-YY", "name=value", "~", "\u00e9", "e\u0301", "${}", "%{x}", "a\\b", "CamelCase",
           "snake_case_name", "/", "-", "1", "0", "key", "b"]
NUMBERS = ["0", "1", "-1", "2", "3", "2.5", "10", "16", "100", "-3.7", "1e3", "0.1", "255", "8", "4",
           "24", "32", "1.5", "-0.5", "1000000", "7", "64", "2", "36"]
BOOLS = ["true", "false"]
LISTS = ["[]", '["a", "b"]', '["b", "a", "c", "a"]', "[1, 2, 3]", "[3, 1, 2]", '[["a", "b"], ["c"]]',
         "[[1, 2], [3]]", "[true, false, true]", '["a", 1, true]', '["", "x", null]', '[null]',
         '[{a = 1}, {a = 2}]', '["10.0.0.0/16", "10.1.0.0/16"]', "[1, 2, 3, 4, 5, 6, 7]", '["x"]',
         "[[], [1]]", '["foo", "bar", "foo"]', "[0.5, -2, 10]", '["1", "2"]']
MAPS = ["{}", "{a = 1, b = 2}", '{x = "y"}', '{a = "1", b = "2"}', "{a = [1, 2], b = [3]}",
        '{a = ["x", "y"], b = ["y"]}', '{name = "n", items = ["i", "j"]}', "{a = {b = 1}}",
        '{a = 1, b = "two"}', '{k1 = "v1", k2 = "v2", k3 = "v3"}', "{a = true}", '{"key" = "val"}',
        '{b = 2, c = 3}', "{a = null}"]
SETS = ["toset([])", 'toset(["a", "b"])', 'toset(["b", "c"])', "toset([1, 2, 3])", 'toset(["x"])']
SPECIAL = ["null", "tolist([])", "tomap({})", '[for i in range(3) : i * 2]', '{for k in ["p", "q"] : k => upper(k)}']

POOLS = {"string": STRINGS, "number": NUMBERS, "bool": BOOLS}


def any_value(rng):
    pool = rng.choice([STRINGS, STRINGS, NUMBERS, NUMBERS, BOOLS, LISTS, LISTS, MAPS, MAPS, SETS, SPECIAL])
    v = rng.choice(pool)
    return hcl_string(v) if pool is STRINGS else v


def value_of(rng, ty):
    if rng.random() < 0.12:
        return any_value(rng)
    if isinstance(ty, str) and ty in POOLS:
        v = rng.choice(POOLS[ty])
        return hcl_string(v) if ty == "string" else v
    if isinstance(ty, list) and ty[0] in ("list", "set"):
        elem = ty[1]
        if elem == "string":
            v = rng.choice(['["a", "b"]', '["b", "a", "c"]', "[]", '["x", "", "y"]', '["1", "2", "3"]',
                            '["foo", "bar", "foo"]', '["10.0.0.0/8"]', '["a", "b", "c", "d", "e"]'])
        elif elem == "number":
            v = rng.choice(["[1, 2, 3]", "[]", "[5]", "[-1, 0.5, 10]", "[4, 4, 2]", "[1, 1, 1, 1]"])
        elif elem == "bool":
            v = rng.choice(["[true, true]", "[true, false]", "[]", "[false]", '["true", true]'])
        else:
            v = rng.choice(LISTS)
        return f"toset({v})" if ty[0] == "set" else v
    if isinstance(ty, list) and ty[0] == "map":
        return rng.choice(MAPS)
    return any_value(rng)


# Arguments that exercise a function better than random values: (function, argument lists).
CRAFTED = {
    "file": [['"hello.txt"'], ['"data.json"'], ['"missing.txt"']],
    "filebase64": [['"hello.txt"'], ['"missing.txt"']],
    "fileexists": [['"hello.txt"'], ['"missing.txt"'], ['"."']],
    "fileset": [['"."', '"*.txt"'], ['"."', '"**/*.txt"'], ['"."', '"*.{json,tftpl}"'], ['"."', '"["']],
    "filemd5": [['"hello.txt"']], "filesha1": [['"hello.txt"']], "filesha256": [['"hello.txt"']],
    "filesha512": [['"hello.txt"']], "filebase64sha256": [['"hello.txt"']],
    "filebase64sha512": [['"hello.txt"']],
    "templatefile": [['"greeting.tftpl"', '{name = "n", items = ["a", "b"]}'],
                     ['"greeting.tftpl"', '{name = "n"}'], ['"greeting.tftpl"', '{}'],
                     ['"greeting.tftpl"', '{name = 1, items = [1, 2, 3]}']],
    "try": [['upper(1, 2)', '"fallback"'], ['tonumber("x")', '2'], ['"a"'], ['[1][3]', '{a = 1}.b', 'null']],
    "can": [['upper(1, 2)'], ['tonumber("5")'], ['[1][3]']],
    "cidrsubnet": [['"10.0.0.0/16"', '8', '2'], ['"10.0.0.0/16"', '4', '15'], ['"2001:db8::/32"', '16', '5'],
                   ['"10.0.0.0/30"', '8', '1']],
    "cidrhost": [['"10.0.0.0/24"', '5'], ['"10.0.0.0/24"', '-1'], ['"10.0.0.0/24"', '300'], ['"fd00::/64"', '17']],
    "cidrsubnets": [['"10.0.0.0/16"', '4', '4', '8', '4'], ['"10.0.0.0/24"', '30']],
    "format": [['"%d items"', '3'], ['"%s-%s"', '"a"', '"b"'], ['"%#v"', '{a = [1]}'], ['"%5.2f"', '3.14159'],
               ['"%q"', '"x"'], ['"%[2]s %[1]s"', '"a"', '"b"'], ['"%t"', 'true'], ['"%x"', '255'], ['"%d"', '"x"']],
    "formatdate": [['"YYYY-MM-DD hh:mm"', '"2024-01-02T03:04:05Z"'], ['"EEEE, DD-MMM-YY"', '"2023-12-31T23:59:59+05:30"'],
                   ['"h:mm aa ZZZZ"', '"2024-06-30T18:00:00-07:00"'], ['"YYYY"', '"not a date"']],
    "timeadd": [['"2024-01-02T03:04:05Z"', '"1h30m"'], ['"2024-01-02T03:04:05Z"', '"-45m"'],
                ['"2024-01-02T03:04:05Z"', '"1d"']],
    "timecmp": [['"2024-01-02T03:04:05Z"', '"2024-01-02T03:04:05+00:00"'], ['"2024-01-02T03:04:05Z"', '"2025-01-01T00:00:00Z"']],
    "regex": [['"^[a-z]+$"', '"abc"'], ['"(\\\\d+)-(\\\\d+)"', '"12-34"'], ['"(?P<y>\\\\d{4})"', '"in 2024"'], ['"["', '"x"']],
    "regexall": [['"\\\\d"', '"a1b2c3"'], ['"(a)(b)?"', '"ab a"'], ['"x"', '"y"']],
    "replace": [['"hello world"', '"o"', '"0"'], ['"hello world"', '"/o(.)/"', '"$1"'], ['"abc"', '""', '"-"']],
    "jsondecode": [['"{\\"a\\":1,\\"b\\":[true,null]}"'], ['"[1, 2.5e3, \\"x\\"]"'], ['"nope"'], ['"1e400"']],
    "yamldecode": [['"a: 1\\nb: [x, y]\\n"'], ['"- 1\\n- two\\n"'], ['"{"'], ['"x: !!binary aGk="']],
    "csvdecode": [['"a,b\\n1,2\\n3,4\\n"'], ['"a,b\\n1\\n"'], ['"a\\n\\"q,x\\"\\n"']],
    "base64gzip": [['"x"'], ['""'], ['"hello hello hello hello world"'], ['"' + "abcdefgh" * 40 + '"'],
                   ['"ünïcödé 日本語"']],
    "textencodebase64": [['"Hello"', '"UTF-16LE"'], ['"héllo"', '"ISO-8859-1"'], ['"x"', '"nope"']],
    "textdecodebase64": [['"SABlAGwAbABvAA=="', '"UTF-16LE"'], ['"aOlsbG8="', '"ISO-8859-1"']],
    "rsadecrypt": [['"aGk="', '"not a key"'], ['trimspace(file("secret.b64"))', 'file("key.pem")'],
                   ['trimspace(file("secret.b64"))', 'file("key8.pem")'], ['"aGk="', 'file("key.pem")'],
                   ['"!!"', 'file("key.pem")'], ['trimspace(file("secret.b64"))', 'file("hello.txt")']],
    "uuidv5": [['"dns"', '"example.com"'], ['"url"', '"https://x"'], ['"6ba7b810-9dad-11d1-80b4-00c04fd430c8"', '"n"'],
               ['"bad"', '"n"']],
    "parseint": [['"ff"', '16'], ['"-101"', '2'], ['"777"', '8'], ['"zz"', '36'], ['"12"', '1'], ['"9"', '8']],
    "range": [['3'], ['1', '4'], ['10', '0', '-3'], ['0', '1', '0.25'], ['1', '1']],
    "setproduct": [['["a", "b"]', '[1, 2]'], ['toset(["x"])', '["y", "z"]'], ['[]', '[1]']],
    "lookup": [['{a = 1, b = 2}', '"a"'], ['{a = 1}', '"c"', '0'], ['{a = "x"}', '"c"']],
    "matchkeys": [['["a", "b", "c"]', '["x", "y", "z"]', '["y", "z"]']],
    "transpose": [['{a = ["1", "2"], b = ["2", "3"]}'], ['{}']],
    "zipmap": [['["a", "b"]', '[1, 2]'], ['["a"]', '[1, 2]']],
    "one": [['[]'], ['[1]'], ['[1, 2]'], ['toset(["x"])']],
    "sum": [['[1, 2, 3.5]'], ['[]'], ['["1", 2]']],
    "merge": [['{a = 1}', '{b = 2}'], ['{a = 1}', 'null', '{a = "x"}'], ['{}', '{c = [1]}']],
    "coalesce": [['null', '""', '"b"'], ['null', '1', '"2"'], ['null']],
    "element": [['["a", "b", "c"]', '4'], ['["a"]', '-1'], ['[]', '0']],
    "slice": [['["a", "b", "c"]', '1', '3'], ['["a"]', '1', '0']],
    "chunklist": [['[1, 2, 3, 4, 5]', '2'], ['[]', '3'], ['[1]', '0']],
    "index": [['["a", "b"]', '"b"'], ['["a"]', '"z"']],
    "indent": [['2', '"a\\nb\\n"'], ['0', '"x"']],
    "title": [['"hello wORLD-foo_bar"']],
    "substr": [['"hello"', '1', '3'], ['"日本語テキスト"', '-3', '-1'], ['"abc"', '5', '1']],
    "strrev": [['"e\u0301abc"'], ['"日本"']],
    "sort": [['["b", "a", "10", "9"]'], ['[3, 1]']],
    "flatten": [['[[1, [2]], 3, []]'], ['[["a"], []]']],
    "tolist": [['toset(["b", "a"])'], ['[1, "a"]'], ['{a = 1}']],
    "tomap": [['{a = 1, b = "2"}'], ['{a = [1], b = "x"}']],
    "tonumber": [['"0x10"'], ['"1e3"'], ['" 1"'], ['null']],
    "tobool": [['"true"'], ['"yes"'], ['null']],
    "tostring": [['1.50'], ['true'], ['[1]'], ['null']],
    "log": [['8', '2'], ['0', '10'], ['100', '10']],
    "pow": [['2', '10'], ['2', '-1'], ['0', '0']],
    "signum": [['-3'], ['0'], ['0.1']],
    "max": [['1', '5', '3'], ['"2"', '7']], "min": [['1', '5', '3'], ['-1.5']],
    "alltrue": [['[]'], ['[true, "true"]'], ['[null]']], "anytrue": [['[]'], ['[false, "true"]']],
    "distinct": [['["a", "b", "a"]'], ['[1, "1"]']],
    "keys": [['{b = 1, a = 2}'], ['{}']], "values": [['{b = 1, a = 2}']],
    "compact": [['["a", "", null, "b"]']], "contains": [['["a"]', '"a"'], ['[1, 2]', '"1"']],
    "length": [['"日本語"'], ['{a = 1}'], ['null'], ['"e\u0301"']],
    "reverse": [['[1, 2, 3]'], ['toset(["a", "b"])']],
    "urlencode": [['"a b&c=d/é"']], "base64decode": [['"SGVsbG8="'], ['"!!"'], ['"/w=="']],
    "base64encode": [['"Hello"']], "jsonencode": [['{a = [1, true, null], "<b>" = "&"}'], ['1e30']],
    "yamlencode": [['{a = [1, true, null], b = "multi\\nline"}'], ['["x", {y = 2.5}]']],
    "split": [['","', '"a,b,,c"'], ['""', '"abc"']], "join": [['"-"', '["a", "b"]'], ['","', '[]']],
    "trim": [['"xxhixx"', '"x"']], "trimprefix": [['"hello"', '"he"']], "trimsuffix": [['"hello"', '"lo"']],
    "trimspace": [['"  \\thi\\n "']], "chomp": [['"hi\\r\\n\\n"']], "startswith": [['"hello"', '"he"']],
    "endswith": [['"hello"', '"lo"']], "strcontains": [['"hello"', '"ell"']],
    "cidrnetmask": [['"10.0.0.0/12"'], ['"fd00::/64"']],
    "coalescelist": [['[]', '["a"]'], ['[]', '[]']],
    "setunion": [['["a"]', '["b", "a"]']], "setintersection": [['["a", "b"]', '["b"]']],
    "setsubtract": [['["a", "b"]', '["b"]']],
    "ceil": [['1.2'], ['-1.2']], "floor": [['1.8'], ['-1.2']], "abs": [['-5.5']],
    "ephemeralasnull": [['[1, {a = "b"}]'], ['null']],
    "md5": [['"hello"']], "sha1": [['"hello"']], "sha256": [['"hello"']], "sha512": [['"hello"']],
    "base64sha256": [['"hello"']], "base64sha512": [['"hello"']], "basename": [['"/a/b.txt"'], ['""']],
    "dirname": [['"/a/b.txt"'], ['"b"']], "lower": [['"ÀB"']], "upper": [['"àb"']],
    "concat": [['[1]', '["a"]'], ['[]']], "toset": [['["b", "a", "b"]']],
}


def cases():
    sigs = json.load(open(os.path.join(TESTDATA, "function_signatures.json")))
    rng = random.Random(SEED)
    out = []
    for name in sorted(sigs):
        if name in SKIP:
            continue
        sig = sigs[name]
        calls = [list(a) for a in CRAFTED.get(name, [])]
        while len(calls) < PER_FUNCTION + len(CRAFTED.get(name, [])) // 2:
            args = [value_of(rng, t) for t in sig["params"]]
            if sig["variadic"] is not None:
                args += [value_of(rng, sig["variadic"]) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
            if rng.random() < 0.04 and args:
                args.pop()  # too few arguments
            calls.append(args)
        for args in calls:
            prefix = "core::" if rng.random() < 0.1 else ""
            out.append(f"jsonencode({prefix}{name}({', '.join(args)}))")
    # Duplicates add nothing: keep the first of each.
    seen, unique = set(), []
    for c in out:
        if c not in seen:
            seen.add(c)
            unique.append(c)
    return unique


def console(line, env, cwd):
    p = subprocess.run(["terraform", "console", "-no-color"], input=line + "\n", capture_output=True, text=True,
                       env=env, cwd=cwd, timeout=120)
    return p.returncode, p.stdout.strip(), p.stderr.strip()


def ask_terraform(exprs):
    """Each expression's answer: its JSON text, or None for an error. One console run answers a
    batch (a console prints only its last line's value): each case wrapped in try(), so that one
    failing case does not hide the others."""
    tmp = tempfile.mkdtemp()
    rc = os.path.join(tmp, "empty.tfrc")
    open(rc, "w").close()
    env = dict(os.environ, TF_CLI_CONFIG_FILE=rc, CHECKPOINT_DISABLE="1")
    # A copy, since the console leaves its state files where it runs.
    cwd = os.path.join(tmp, "files")
    shutil.copytree(os.path.join(TESTDATA, "files"), cwd)
    answers = {}
    batch = 40
    for i in range(0, len(exprs), batch):
        part = exprs[i:i + batch]
        line = "jsonencode([" + ", ".join(f'try({e}, "\\u0001error")' for e in part) + "])"
        code, out, err = console(line, env, cwd)
        if code == 0 and out.startswith('"'):
            values = json.loads(json.loads(out))
            for e, v in zip(part, values):
                answers[e] = None if v == ERROR else v
            continue
        for e in part:  # the batch failed or is unknown as a whole: ask one by one
            code, out, err = console(e, env, cwd)
            if code != 0:
                answers[e] = None
            else:
                answers[e] = json.loads(out) if out.startswith('"') else UNKNOWN
    shutil.rmtree(tmp)
    return answers


def ask_hcl(hcl, exprs):
    cwd = os.path.join(TESTDATA, "files")
    answers = {}
    for e in exprs:
        p = subprocess.run([hcl, "eval", "--dialect", "terraform", e], capture_output=True, text=True, cwd=cwd,
                           timeout=60)
        answers[e] = json.loads(p.stdout) if p.returncode == 0 else None
        if p.returncode == 1 and "Result has no JSON form" in p.stderr and "value is not known" in p.stderr:
            answers[e] = UNKNOWN
        if p.returncode not in (0, 1):
            answers[e] = ("exit", p.returncode, p.stderr[-300:])
    return answers


# Answers where hcl deliberately differs from Terraform 1.11, each listed in docs/COMPATIBILITY.md:
# reported, counted apart, and not failures. Each is a test of the case and both answers.
def known_difference(e, want, have):
    # Terraform's console answers unknown for format verbs given a null; cty 1.16.3 (the reference
    # of the hcl dialect, whose format every dialect shares) reports the format's own error.
    if e.startswith(("jsonencode(format(", "jsonencode(formatlist(", "jsonencode(core::format")) and \
            want == UNKNOWN and have is None and "null" in e:
        return "format with a null argument"
    # Terraform's go-cty unifies a set of null with sets of strings and of objects into an error;
    # cty 1.16.3 gives the empty set.
    if "setintersection(toset([null])" in e and want is None and have == "[]":
        return "setintersection of unrelated element types"
    # go-cty-yaml 1.1 (Terraform 1.11) reads 0x and 0o integers and ends a scalar document with
    # "..."; hcl's YAML follows go-cty-yaml 1.0.
    if "yamldecode(" in e and ('"0x' in e or '"0o' in e):
        return "yamldecode of a 0x or 0o integer"
    if "yamlencode(" in e and isinstance(want, str) and isinstance(have, str) and \
            json.loads(want) == json.loads(have) + "...\n":
        return "yamlencode of a plain scalar"
    return None


def gunzipped(answer):
    """The text inside a jsonencode(base64gzip(...)) answer."""
    try:
        return gzip.decompress(base64.b64decode(json.loads(answer)))
    except (ValueError, TypeError, OSError):
        return None


def compare(expected, got):
    same = differ = equivalent = known = 0
    for e, want in expected.items():
        have = got.get(e)
        if have == want:
            same += 1
            continue
        # Go's deflater and zlib may choose other blocks for the same text (docs/COMPATIBILITY.md):
        # base64gzip agrees when the text it compressed is the same.
        if "base64gzip(" in e and isinstance(want, str) and isinstance(have, str) and \
                gunzipped(want) is not None and gunzipped(want) == gunzipped(have):
            same += 1
            equivalent += 1
            continue
        why = known_difference(e, want, have)
        if why:
            known += 1
            print(f"KNOWN {e}: {why}")
            continue
        differ += 1
        if differ <= 40:
            print(f"DIFF {e}\n  terraform: {'error' if want is None else want}\n  hcl:       "
                  f"{'error' if have is None else have}")
    values = sum(1 for v in expected.values() if v is not None)
    print(f"{same} passed, {differ} failed ({len(expected)} cases: {values} values, "
          f"{len(expected) - values} errors; {equivalent} base64gzip results equal after decompressing; "
          f"{known} known differences)")
    return 0 if differ == 0 else 1


def main():
    global TESTDATA
    mode = sys.argv[1]
    if mode == "cases":
        TESTDATA = sys.argv[2]
        print("\n".join(cases()))
        return 0
    if mode == "record":
        TESTDATA = sys.argv[2]
        answers = ask_terraform(cases())
        with open(os.path.join(TESTDATA, "functions.jsonl"), "w") as f:
            for e, v in answers.items():
                if v is None:
                    r = {"expr": e, "error": True}
                elif v == UNKNOWN:
                    r = {"expr": e, "unknown": True}
                else:
                    r = {"expr": e, "value": v}
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        return 0
    hcl, TESTDATA = os.path.abspath(sys.argv[2]), sys.argv[3]
    if mode == "check":
        expected = {}
        for line in open(os.path.join(TESTDATA, "functions.jsonl"), encoding="utf-8"):
            r = json.loads(line)
            expected[r["expr"]] = None if r.get("error") else UNKNOWN if r.get("unknown") else r["value"]
        if sorted(expected) != sorted(cases()):
            print("FAIL: testdata/_terraform_console/functions.jsonl is stale: run function_diff.py record")
            return 1
        return compare(expected, ask_hcl(hcl, list(expected)))
    if mode == "live":
        if not shutil.which("terraform"):
            if os.environ.get("HCL_REQUIRE_TOOLS") == "1":
                print("FAIL: terraform is not on PATH")
                return 1
            print("skipped: terraform is not on PATH")
            return 77
        exprs = cases()
        return compare(ask_terraform(exprs), ask_hcl(hcl, exprs))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
