#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Sensitivity against `terraform console`: which values come out sensitive, and where.

    sensitive_diff.py generate CASES            write the generated expressions, one a line
    sensitive_diff.py record CASES GOLDEN       ask terraform console, write its answers
    sensitive_diff.py compare HCL CASES GOLDEN  compare `hcl eval --format hcl` with the answers
    sensitive_diff.py live CASES GOLDEN         ask terraform console again: are the answers current?

Each answer is terraform console's printed value in a canonical form: nested lists and objects
with `(sensitive value)` where the console hides a value, and tolist/toset/tomap wrappers
dropped (the console names types `hcl eval --format hcl` does not print); an error becomes
`error: SUMMARY`. `compare` checks hcl against the recorded answers; `live` (ctest
`terraform/sensitive_live`, label differential, so not repeated under the sanitizers) checks the
recorded answers against terraform itself, and exits 77 without terraform unless
HCL_REQUIRE_TOOLS=1 makes that a failure.

Cases are evaluated in batches, as attributes of one object (an attribute's value and marks are
the expression's own); a batch with an error is evaluated again one case at a time.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SENSITIVE = "(sensitive value)"


# ---- cases --------------------------------------------------------------------------------------


def s(x):
    return f"sensitive({x})"


def generate():
    atoms = ['"a"', "1", "true", "null", "[1, 2]", '{a = 1, b = "x"}', '["x", "y"]', "{}", "[]"]
    cases = []
    # The functions themselves, on plain, marked and partly marked values.
    for a in atoms + ['[sensitive(1), 2]', '{a = sensitive("x"), b = 1}', '[[sensitive(1)]]']:
        for f in ("sensitive", "nonsensitive", "issensitive"):
            cases.append(f"{f}({a})")
            cases.append(f"{f}(sensitive({a}))")
        cases.append(f"issensitive(nonsensitive(sensitive({a})))")
    # Operators, with the mark on either side, both or neither.
    binary = [("1", "2", op) for op in ("+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=")]
    binary += [("true", "false", op) for op in ("&&", "||", "==")]
    binary += [('"a"', '"a"', "=="), ("[1]", "[1]", "=="), ("{a = 1}", "{a = 1}", "!=")]
    for left, right, op in binary:
        for l, r in ((s(left), right), (left, s(right)), (s(left), s(right))):
            cases.append(f"{l} {op} {r}")
    cases += [f"[{s(1)}] == [1]", f"{{a = {s(1)}}} == {{a = 1}}", f"[{s(1)}, 2] == [3, 2]"]
    cases += [f"!{s('true')}", f"-{s(1)}", f"!nonsensitive({s('false')})"]
    # Conditionals: the condition's and both results' marks.
    for c, t, f in (("true", "1", "2"), ("false", '"a"', '"b"'), ("true", "[1]", "[2]")):
        for cc, tt, ff in ((s(c), t, f), (c, s(t), f), (c, t, s(f)), (c, s(t), s(f))):
            cases.append(f"{cc} ? {tt} : {ff}")
    cases += [f"{s(1)} == 1 ? \"y\" : \"n\"", f"true ? [{s(1)}] : [2]", f"true ? {{a = {s(1)}}} : {{a = 2}}"]
    # Templates.
    cases += [
        f'"a${{{s(chr(34) + "b" + chr(34))}}}c"',
        f'"${{{s(1)}}}"',
        f'"%{{if {s("true")}}}y%{{endif}}"',
        f'"%{{if true}}${{{s(1)}}}%{{else}}n%{{endif}}"',
        f'"%{{if false}}${{{s(1)}}}%{{else}}n%{{endif}}"',
        f'"%{{for x in {s("[1, 2]")}}}${{x}}%{{endfor}}"',
        f'"%{{for x in [{s(1)}, 2]}}${{x}}%{{endfor}}"',
        '"%{for x in [1, 2]}${x}%{endfor}"',
        f'"x${{nonsensitive({s(1)})}}"',
    ]
    # for expressions: the collection's mark, elements', the condition's and the key's.
    colls = ["[1, 2, 3]", '{a = 1, b = 2}', '["x", "y"]']
    for c in colls:
        cases += [
            f"[for x in {s(c)} : x]",
            f"[for k, v in {s(c)} : k]",
            f"{{for k, v in {s(c)} : k => v}}",
            f"[for x in {c} : x if {s('true')}]",
            f"[for x in {c} : {s('x')}]",
            f"{{for k, v in {c} : k => {s('v')}}}",
            f"{{for k, v in {c} : {s('tostring(k)')} => v}}",
            f"{{for k, v in {c} : tostring(v) => k...}}",
            f"[for x in {c} : x if x == {s('x')}]",
        ]
    cases += [f"[for x in [{s(1)}, 2] : x]", f"[for x in [{s(1)}, 2] : x * 2]", f"[for k, v in {{a = {s(1)}}} : v]"]
    # Splats.
    cases += [
        f"{s('[{a = 1}, {a = 2}]')}[*].a",
        f"[{{a = {s(1)}}}, {{a = 2}}][*].a",
        f"{s('{a = 1}')}[*].a",
        f"{s(1)}[*]",
        f"{s('[1, 2]')}[*]",
        f"[{s('{a = 1}')}][*].a",
        f"{s('[[1], [2]]')}[*][0]",
        f"{s('tolist([{a = 1}])')}[*].a",
    ]
    # Indexing and attributes.
    cases += [
        f"{s('[1, 2]')}[0]",
        f"[{s(1)}, 2][0]",
        f"[{s(1)}, 2][1]",
        f"[1, 2][{s(0)}]",
        f"{s('{a = 1}')}.a",
        f"{s('{a = 1}')}[\"a\"]",
        f"{{a = {s(1)}, b = 2}}.a",
        f"{{a = {s(1)}, b = 2}}.b",
        f"{{a = 1}}[{s(chr(34) + 'a' + chr(34))}]",
        f"tomap({{a = 1}})[{s(chr(34) + 'a' + chr(34))}]",
        f"{s('tomap({a = 1})')}.a",
        f"{s('tolist([1, 2])')}[1]",
        f"{s('[[1, 2]]')}[0][1]",
        f"{{a = {{b = {s(1)}}}}}.a",
        f"{{a = {{b = {s(1)}}}}}.a.b",
    ]
    # Collections built from marked parts.
    cases += [
        f"[{s(1)}, 2]",
        f"{{a = {s(1)}, b = 2}}",
        f"{{({s(chr(34) + 'k' + chr(34))}) = 1}}",
        f"[[{s(1)}], [2]]",
        f"{{a = {s('{b = 1}')}}}",
        f"[{s('[1, 2]')}, [3]]",
    ]
    # Function calls: the call machinery marks the result unless the function takes marks itself.
    calls = [
        'upper(%s)' % s('"a"'), 'lower(%s)' % s('"A"'), 'length(%s)' % s('[1, 2]'), 'length([%s, 2])' % s(1),
        'length(%s)' % s('"abc"'), 'length({a = %s})' % s(1), 'keys({a = %s})' % s(1), 'keys(%s)' % s('{a = 1}'),
        'values({a = %s, b = 2})' % s(1), 'values(%s)' % s('{a = 1}'), 'concat([%s], [2])' % s(1),
        'concat(%s, [2])' % s('[1]'), 'merge({a = %s}, {b = 2})' % s(1), 'merge(%s, {b = 2})' % s('{a = 1}'),
        'lookup({a = %s}, "a", 0)' % s(1), 'lookup(%s, "a", 0)' % s('{a = 1}'), 'lookup({a = 1}, "b", %s)' % s(0),
        'lookup({a = 1}, %s, 0)' % s('"a"'), 'element([%s, 2], 1)' % s(1), 'element([%s, 2], 0)' % s(1),
        'element(%s, 1)' % s('[1, 2]'), 'element([1, 2], %s)' % s(0), 'slice([%s, 2, 3], 1, 3)' % s(1),
        'slice([%s, 2, 3], 0, 2)' % s(1), 'slice(%s, 0, 1)' % s('[1, 2]'), 'reverse([%s, 2])' % s(1),
        'reverse(%s)' % s('[1, 2]'), 'zipmap(["a", "b"], [%s, 2])' % s(1), 'zipmap(%s, [1])' % s('["a"]'),
        'tolist([%s, 2])' % s(1), 'tolist(%s)' % s('[1]'), 'tomap({a = %s})' % s(1), 'toset([%s])' % s('"a"'),
        'toset(["a", %s])' % s('"b"'), 'tostring(%s)' % s(1), 'tonumber(%s)' % s('"1"'), 'tobool(%s)' % s('"true"'),
        'jsonencode(%s)' % s(1), 'jsonencode({a = %s})' % s(1), 'jsonencode([1, 2])', 'join(",", [%s, "b"])' % s('"a"'),
        'split(",", %s)' % s('"a,b"'), 'format("%%s-%%s", %s, "b")' % s('"a"'), 'coalesce(%s, 1)' % s("null"),
        'coalesce(null, %s)' % s(1), 'contains([%s, 2], 2)' % s(1), 'contains([1, 2], %s)' % s(3),
        'distinct([%s, 1, 2])' % s(1), 'flatten([[%s], [2]])' % s(1), 'flatten(%s)' % s('[[1], [2]]'),
        'setproduct([%s], [2])' % s(1), 'sum([%s, 2])' % s(1), 'max(%s, 2)' % s(1), 'min(1, %s)' % s(2),
        'abs(%s)' % s(-1), 'ceil(%s)' % s(1.5), 'floor(%s)' % s(1.5), 'replace(%s, "a", "b")' % s('"aa"'),
        'substr(%s, 0, 1)' % s('"abc"'), 'trimspace(%s)' % s('" a "'), 'base64encode(%s)' % s('"a"'),
        'sort([%s, "a"])' % s('"b"'), 'compact([%s, "", "b"])' % s('"a"'), 'range(%s)' % s(2),
        'try(%s, 2)' % s(1), 'try(%s.x, 2)' % s('{}'), 'can(%s)' % s(1), 'one([%s])' % s(1), 'one(%s)' % s('[1]'),
        'alltrue([%s])' % s("true"), 'anytrue([%s, false])' % s("true"), 'index([%s, 2], 2)' % s(1),
        'transpose({a = [%s]})' % s('"b"'), 'coalescelist([%s], [2])' % s(1), 'chunklist([%s, 2, 3], 2)' % s(1),
        'formatlist("%%s!", [%s, "b"])' % s('"a"'), 'md5(%s)' % s('"a"'), 'sha1(%s)' % s('"a"'),
        'title(%s)' % s('"ab"'), 'strrev(%s)' % s('"ab"'), 'startswith(%s, "a")' % s('"ab"'),
        'regex("a+", %s)' % s('"baab"'), 'cidrhost(%s, 1)' % s('"10.0.0.0/8"'), 'parseint(%s, 16)' % s('"ff"'),
        'signum(%s)' % s(-3), 'pow(%s, 2)' % s(3), 'log(%s, 10)' % s(100),
        'length(nonsensitive(%s))' % s('[1]'), 'keys(nonsensitive(%s))' % s('{a = 1}'),
        'nonsensitive(upper(%s))' % s('"a"'), 'issensitive(upper(%s))' % s('"a"'),
        'issensitive(length([%s]))' % s(1), 'issensitive([%s][0])' % s(1),
        'issensitive(jsonencode([%s]))' % s(1), 'issensitive(tolist([%s])[0])' % s(1),
        'issensitive(merge({a = %s}).a)' % s(1), 'issensitive({for k, v in {a = %s} : k => v}.a)' % s(1),
    ]
    cases += calls
    # Expanded arguments: each element carries the expanded value's marks.
    cases += [f"max({s('[1, 2]')}...)", f"max([{s(1)}, 2]...)", f"concat({s('[[1], [2]]')}...)"]
    # Arity and argument errors keep Terraform's wording.
    cases += ["sensitive()", "nonsensitive()", "issensitive()", "sensitive(1, 2)", "issensitive(1, 2)"]
    cases += call_matrix()
    seen = set()
    out = []
    for c in cases:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


# Functions with typical arguments: each call is generated plain, with one argument marked whole,
# and with the first or the last element (or attribute) of one collection argument marked.
CALLS = [
    ("upper", ["ab"]), ("lower", ["AB"]), ("title", ["ab cd"]), ("trimspace", [" a "]), ("strrev", ["abc"]),
    ("chomp", ["a"]), ("indent", [2, "a"]), ("trim", ["xax", "x"]), ("trimprefix", ["ab", "a"]),
    ("trimsuffix", ["ab", "b"]), ("substr", ["abcd", 1, 2]), ("replace", ["aba", "a", "c"]),
    ("split", [",", "a,b"]), ("join", ["-", ["a", "b"]]), ("format", ["%s=%d", "a", 1]),
    ("formatlist", ["%s!", ["a", "b"]]), ("startswith", ["ab", "a"]), ("endswith", ["ab", "b"]),
    ("strcontains", ["ab", "b"]), ("regex", ["[a-z]+", "12ab"]), ("regexall", ["a", "aba"]),
    ("length", [["a", "b"]]), ("length", [{"a": 1, "b": 2}]), ("keys", [{"a": 1, "b": 2}]),
    ("values", [{"a": 1, "b": 2}]), ("lookup", [{"a": 1, "b": 2}, "a", 0]), ("lookup", [{"a": 1}, "z", 0]),
    ("merge", [{"a": 1}, {"b": 2}]), ("zipmap", [["a", "b"], [1, 2]]), ("concat", [[1, 2], [3]]),
    ("reverse", [[1, 2, 3]]), ("slice", [[1, 2, 3], 1, 2]), ("element", [[1, 2, 3], 1]), ("element", [[1, 2, 3], 0]),
    ("contains", [[1, 2], 1]), ("index", [["a", "b"], "b"]), ("distinct", [[1, 1, 2]]), ("flatten", [[[1], [2, 3]]]),
    ("compact", [["a", "", "b"]]), ("sort", [["b", "a"]]), ("coalesce", ["", "b"]), ("coalescelist", [[], [1]]),
    ("chunklist", [[1, 2, 3], 2]), ("one", [[1]]), ("setproduct", [["a"], [1, 2]]), ("setunion", [["a"], ["b"]]),
    ("setintersection", [["a", "b"], ["b"]]), ("setsubtract", [["a", "b"], ["b"]]), ("transpose", [{"a": ["x"]}]),
    ("matchkeys", [[1, 2], ["a", "b"], ["b"]]), ("sum", [[1, 2]]), ("alltrue", [[True, True]]),
    ("anytrue", [[False, True]]), ("max", [1, 5]), ("min", [1, 5]), ("abs", [-2]), ("ceil", [1.2]),
    ("floor", [1.8]), ("signum", [-4]), ("pow", [2, 3]), ("log", [8, 2]), ("parseint", ["ff", 16]),
    ("range", [1, 4]), ("tostring", [1]), ("tonumber", ["2"]), ("tobool", ["true"]), ("tolist", [["a", "b"]]),
    ("toset", [["a", "b"]]), ("tomap", [{"a": "x", "b": "y"}]), ("jsonencode", [{"a": [1, 2]}]),
    ("jsondecode", ['{"a":1}']), ("csvdecode", ["a,b\n1,2\n"]),
    ("base64encode", ["hi"]), ("base64decode", ["aGk="]), ("urlencode", ["a b"]), ("md5", ["a"]),
    ("sha256", ["a"]), ("cidrhost", ["10.0.0.0/8", 2]), ("cidrsubnet", ["10.0.0.0/8", 8, 1]),
    ("cidrnetmask", ["10.0.0.0/8"]), ("formatdate", ["YYYY", "2024-01-02T03:04:05Z"]),
    ("timeadd", ["2024-01-02T03:04:05Z", "1h"]),
]


def hcl_literal(v, mark=None):
    """`v` written in HCL; `mark` is the path (list of keys) of a part to wrap in sensitive()."""
    here = mark == []
    sub = mark[1:] if mark else None
    if isinstance(v, bool):
        text = "true" if v else "false"
    elif isinstance(v, (int, float)):
        text = repr(v)
    elif isinstance(v, str):
        text = json.dumps(v).replace("${", "$${").replace("%{", "%%{")
    elif isinstance(v, list):
        text = "[" + ", ".join(hcl_literal(e, sub if mark and mark[0] == i else None) for i, e in enumerate(v)) + "]"
    else:
        text = "{" + ", ".join(f"{k} = " + hcl_literal(e, sub if mark and mark[0] == k else None) for k, e in v.items()) + "}"
    return f"sensitive({text})" if here else text


def call_matrix():
    out = []
    for name, args in CALLS:
        out.append(f"{name}({', '.join(hcl_literal(a) for a in args)})")
        for i, a in enumerate(args):
            marks = [[]]
            if isinstance(a, list) and a:
                marks += [[0], [len(a) - 1]] if len(a) > 1 else [[0]]
            if isinstance(a, dict) and a:
                keys = list(a)
                marks += [[keys[0]], [keys[-1]]] if len(keys) > 1 else [[keys[0]]]
            for m in marks:
                rendered = [hcl_literal(b, m if j == i else None) for j, b in enumerate(args)]
                out.append(f"{name}({', '.join(rendered)})")
    return out


# ---- reading printed values ---------------------------------------------------------------------

TOKEN = re.compile(
    r'\s*(?:(?P<sens>\(sensitive value\))|(?P<unk>\((?:known after apply|unknown)\))|(?P<str>"(?:[^"\\]|\\.)*")'
    r'|(?P<num>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|(?P<word>[A-Za-z_][A-Za-z0-9_-]*)|(?P<punct>[\[\]{}(),=:]))'
)


def tokens(text):
    pos = 0
    out = []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip() == "":
                break
            raise ValueError(f"cannot read {text[pos:pos + 40]!r}")
        pos = m.end()
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
    return out


def unquote(s):
    body = s[1:-1].replace("$${", "${").replace("%%{", "%{")
    return json.loads('"' + body + '"')


def parse_value(toks, i):
    kind, text = toks[i]
    if kind == "sens":
        return SENSITIVE, i + 1
    if kind == "unk":
        return "(unknown)", i + 1
    if kind == "str":
        return unquote(text), i + 1
    if kind == "num":
        return float(text), i + 1
    if kind == "word":
        if text in ("true", "false"):
            return text == "true", i + 1
        if text == "null":
            return None, i + 1
        # tolist(...), toset(...), tomap(...): the console's type names
        assert toks[i + 1] == ("punct", "("), toks[i:i + 3]
        v, i = parse_value(toks, i + 2)
        assert toks[i] == ("punct", ")")
        return v, i + 1
    if text == "[":
        items = []
        i += 1
        while toks[i] != ("punct", "]"):
            v, i = parse_value(toks, i)
            items.append(v)
            if toks[i] == ("punct", ","):
                i += 1
        return items, i + 1
    if text == "{":
        obj = {}
        i += 1
        while toks[i] != ("punct", "}"):
            k_kind, k = toks[i]
            key = unquote(k) if k_kind == "str" else k
            assert toks[i + 1] in (("punct", "="), ("punct", ":")), toks[i:i + 3]
            v, i = parse_value(toks, i + 2)
            obj[key] = v
            if toks[i] == ("punct", ","):
                i += 1
        return obj, i + 1
    raise ValueError(f"unexpected {text!r}")


def canonical(text):
    toks = tokens(text)
    v, i = parse_value(toks, 0)
    if i != len(toks):
        raise ValueError(f"trailing text after the value: {toks[i:i + 5]}")
    return v


def error_summary(stderr):
    plain = re.sub(r"\x1b\[[0-9;]*m", "", stderr)
    m = re.search(r"Error: (.*)", plain)
    return "error: " + (m.group(1).strip() if m else plain.strip().splitlines()[0] if plain.strip() else "?")


# ---- evaluating ---------------------------------------------------------------------------------


def batched(cases, run_one, run_batch, size=100):
    """Answers for `cases` (canonical values or error strings), a batch at a time."""
    answers = {}
    for start in range(0, len(cases), size):
        chunk = cases[start:start + size]
        names = [f"c{start + j:04d}" for j in range(len(chunk))]
        # One line: the console reads one line as one expression.
        obj = "{" + ", ".join(f"{n} = ({c})" for n, c in zip(names, chunk)) + "}"
        ok, out = run_batch(obj)
        if ok:
            got = canonical(out)
            for n, c in zip(names, chunk):
                answers[c] = got[n]
            continue
        for c in chunk:
            ok, out = run_one(c)
            answers[c] = canonical(out) if ok else out
    return answers


def terraform_runner():
    work = tempfile.mkdtemp(prefix="sensitive-diff-")
    rc = os.path.join(work, "cli.tfrc")
    open(rc, "w").close()
    env = dict(os.environ, TF_CLI_CONFIG_FILE=rc, CHECKPOINT_DISABLE="1", NO_COLOR="1")

    def run(expr):
        p = subprocess.run(["terraform", "console"], input=expr + "\n", capture_output=True, text=True, cwd=work,
                           env=env, timeout=120)
        if p.returncode != 0:
            return False, error_summary(p.stderr + p.stdout)
        return True, p.stdout

    return run, run


def hcl_runner(binary):
    def run(expr):
        p = subprocess.run([binary, "eval", "--format", "hcl", expr], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, NO_COLOR="1"))
        if p.returncode != 0:
            return False, error_summary(p.stderr)
        return True, p.stdout

    return run, run


def read_cases(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def read_golden(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_golden(path, answers):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(answers, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")


def main(argv):
    if len(argv) >= 2 and argv[0] == "generate":
        with open(argv[1], "w", encoding="utf-8") as f:
            f.write("# Generated by tests/tools/sensitive_diff.py generate: one expression a line.\n")
            for c in generate():
                f.write(c + "\n")
        return 0
    if len(argv) >= 3 and argv[0] == "record":
        one, batch = terraform_runner()
        write_golden(argv[2], batched(read_cases(argv[1]), one, batch))
        return 0
    if len(argv) >= 4 and argv[0] == "compare":
        binary, cases, golden = argv[1], read_cases(argv[2]), read_golden(argv[3])
        missing = [c for c in cases if c not in golden]
        if missing:
            print(f"FAIL: {len(missing)} cases have no recorded answer (run record): {missing[:3]}")
            return 1
        one, batch = hcl_runner(binary)
        got = batched(cases, one, batch)
        bad = [c for c in cases if got[c] != golden[c]]
        for c in bad:
            print(f"differs: {c}\n  hcl:       {got[c]!r}\n  terraform: {golden[c]!r}")
        print(f"{len(cases) - len(bad)} of {len(cases)} cases agree with recorded terraform answers")
        return 1 if bad else 0
    if len(argv) >= 3 and argv[0] == "live":
        cases, golden = read_cases(argv[1]), read_golden(argv[2])
        if shutil.which("terraform") is None:
            print("terraform is not on PATH")
            return 1 if os.environ.get("HCL_REQUIRE_TOOLS") == "1" else 77
        one, batch = terraform_runner()
        now = batched(cases, one, batch)
        stale = [c for c in cases if now[c] != golden.get(c)]
        for c in stale:
            print(f"golden differs from terraform: {c}\n  golden:    {golden.get(c)!r}\n  terraform: {now[c]!r}")
        print(f"{len(cases) - len(stale)} of {len(cases)} recorded answers are terraform console's now")
        return 1 if stale else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
