#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails on any function over 120 lines in lib/ and apps/, naming each one.

A function is measured from the first line of its declaration to its closing brace, lambdas and
local classes inside it included. Functions are found from the braces: a brace at namespace or
class scope that follows a parenthesised parameter list opens a function body (comments,
strings and character literals are left out first). ALLOWED names the few that stay long on
purpose, each with the reason; KNOWN the ones still to split, which may not grow.

usage: function_size_check.py [ROOT]       check (exit 1 when one is too long)
       function_size_check.py --list [ROOT] every function over the limit, allowed or not
"""
import os
import re
import sys

LIMIT = 120
DIRS = ("lib", "apps")

# "path:function": why it stays one function.
ALLOWED = {
    # The lexer's one dispatch switch: a case per first byte of a token, as the reference's
    # scanner (scan_tokens.rl) is one state machine; split, each token would pay a call.
    "lib/lex/lexer.cpp:scan_main",
    # Registration tables of one function family each: a list of entries, one per function,
    # read (and reviewed) as a table.
    "lib/funcs/string.cpp:add_string_functions",
    "lib/funcs/encoding.cpp:add_encoding_functions",
}

# "path:function": its length now. Long functions still to split: each may shrink, not grow, and
# one that is no longer long must leave this list.
KNOWN: dict[str, int] = {}

TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|R"([^(\s]*)\(.*?\)\1"|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[{};]""",
                   re.S)
NAME = re.compile(r"([~\w:]+|operator\s*\S+)\s*\($")


def header_kind(text):
    """What a '{' opens, given the code since the previous '{', '}' or ';'."""
    t = " ".join(text.split())
    if re.search(r"\bnamespace\b", t):
        return "namespace", None
    if re.search(r"\b(class|struct|union|enum)\b", t.split("(")[0]) or t.startswith("extern"):
        return "class", None
    if "(" not in t or re.search(r"=\s*$|\breturn\b", t) or t.endswith(("=", ",")):
        return "other", None
    # The parameter list: the last top-level (...) before trailing qualifiers, or the one before a
    # constructor's initializer list.
    head = t
    depth, cut = 0, None
    for i, c in enumerate(t):
        if c == "(":
            if depth == 0 and cut is None:
                cut = i
            depth += 1
        elif c == ")":
            depth -= 1
    if cut is None:
        return "other", None
    m = NAME.search(head[:cut + 1])
    if not m or m.group(1) in ("if", "for", "while", "switch", "catch", "sizeof", "decltype"):
        return "other", None
    if "=" in head[:cut] and "operator" not in head[:cut]:
        return "other", None
    return "function", m.group(1).split("::")[-1]


def functions(path):
    """Yields (name, first line, last line) of each function defined in the file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    stack = []  # (kind, name, start line)
    last = 0    # end of the previous '{', '}' or ';'
    for m in TOKEN.finditer(text):
        tok = m.group(0)
        if tok not in ("{", "}", ";"):
            continue
        inside = any(k == "function" for k, _, _ in stack)
        if tok == "{":
            if inside:
                stack.append(("block", None, 0))
            else:
                header = TOKEN.sub(lambda x: x.group(0) if x.group(0) in "{};" else " ", text[last:m.start()])
                header = "\n".join(l for l in header.split("\n") if not l.lstrip().startswith("#"))
                kind, name = header_kind(header)
                start = text.count("\n", 0, last + len(header) - len(header.lstrip())) + 1
                stack.append((kind, name, start))
        elif tok == "}" and stack:
            kind, name, start = stack.pop()
            if kind == "function":
                yield name, start, text.count("\n", 0, m.start()) + 1
        last = m.end()


def long_functions(root):
    for d in DIRS:
        for dirpath, _, names in sorted(os.walk(os.path.join(root, d))):
            for name in sorted(names):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                for fn, start, end in functions(path):
                    if end - start + 1 > LIMIT:
                        yield rel, fn, start, end - start + 1


def main(argv):
    listing = bool(argv) and argv[0] == "--list"
    args = argv[1:] if listing else argv
    root = args[0] if args else "."
    problems = []
    found = set()
    for rel, fn, start, lines in sorted(long_functions(root), key=lambda x: -x[3]):
        key = f"{rel}:{fn}"
        found.add(key)
        allowed = key in ALLOWED or lines <= KNOWN.get(key, 0)
        note = " (allowed)" if key in ALLOWED else " (known, to split)" if allowed else ""
        if listing or not allowed:
            print(f"{rel}:{start}: {fn} is {lines} lines{note}")
        if not allowed:
            problems.append(key)
    for key in sorted(set(KNOWN) - found):
        print(f"{key}: no longer over {LIMIT} lines: take it off KNOWN in {os.path.basename(__file__)}")
        problems.append(key)
    if problems and not listing:
        print(f"{len(problems)} problem(s): functions over {LIMIT} lines (split them by what they do)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
