#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that every stage under lib/ includes only stages below it.

The stage order lives in one place, the table under "## Stages" in docs/ARCHITECTURE.md: one row
per stage with its level, lowest first. A stage may include stages of lower levels only, so a
same-level include or one that goes up (and with them any cycle) fails, naming the include:

    lib/x/file.cpp:12: stage x includes y/foo.h, which is above it

Every quoted include under lib/ must name a header of a stage in the table ("stage/file.h");
anything else (apps/'s headers, a stage missing from the table) fails too, and so does an include
graph in ARCHITECTURE.md ("### The include graph") that is no longer the code's.

A header under lib/ with a `using namespace` directive at namespace scope fails too: it would pour
another stage's names into every file that includes it (inside a function body it is allowed).

usage: layers_check.py [ROOT]            check (exit 1 on a violation)
       layers_check.py --graph [ROOT]    print the include graph: stage -> stages it includes
"""
import os
import re
import sys

ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*`([a-z_]+)/`\s*\|")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
USING_NAMESPACE = re.compile(r"\busing\s+namespace\b")
NAMESPACE_OPEN = re.compile(r"\bnamespace\b[\w:\s]*$")
LITERAL = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")


def read_levels(root):
    path = os.path.join(root, "docs", "ARCHITECTURE.md")
    levels, in_section = {}, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                in_section = line.strip() == "## Stages"
                continue
            m = ROW.match(line) if in_section else None
            if m:
                levels[m.group(2)] = int(m.group(1))
    if not levels:
        sys.exit(f"{path}: no stage table under '## Stages'")
    return levels


def includes(root):
    """Yields (file relative to root, line number, stage of the file, included path)."""
    lib = os.path.join(root, "lib")
    for dirpath, _, names in sorted(os.walk(lib)):
        for name in sorted(names):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            parts = os.path.relpath(path, lib).split(os.sep)
            stage = parts[0] if len(parts) > 1 else ""
            with open(path, encoding="utf-8", errors="replace") as f:
                for n, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if m:
                        yield rel, n, stage, m.group(1)


def check(root):
    levels = read_levels(root)
    problems = []
    for stage in sorted(os.listdir(os.path.join(root, "lib"))):
        if os.path.isdir(os.path.join(root, "lib", stage)) and stage not in levels:
            problems.append(f"lib/{stage}/: stage {stage} is not in the table of docs/ARCHITECTURE.md")
    for rel, n, stage, inc in includes(root):
        target = inc.split("/")[0] if "/" in inc else ""
        if not os.path.isfile(os.path.join(root, "lib", inc)) or target not in levels:
            problems.append(f"{rel}:{n}: includes {inc}, which is no header of a stage under lib/")
        elif stage not in levels or target == stage:
            continue
        elif levels[target] == levels[stage]:
            problems.append(f"{rel}:{n}: stage {stage} includes {inc}, which is on its own level")
        elif levels[target] > levels[stage]:
            problems.append(f"{rel}:{n}: stage {stage} includes {inc}, which is above it")
    problems += stale_graph(root)
    problems += header_using_namespace(root)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s) with the stage rules of docs/ARCHITECTURE.md")
        return 1
    return 0


def header_using_namespace(root):
    """`using namespace` directives at namespace scope (every enclosing brace a namespace's) in lib/ headers."""
    problems = []
    for dirpath, _, names in sorted(os.walk(os.path.join(root, "lib"))):
        for name in sorted(n for n in names if n.endswith(".h")):
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
            scopes = []  # one entry per open brace: whether it opened a namespace
            for n, line in enumerate(text.splitlines(), 1):
                code = LITERAL.sub('""', line).split("//")[0]
                if code.lstrip().startswith("#"):
                    continue
                pos = 0
                for m in re.finditer(r"[{};]|\busing\s+namespace\b", code):
                    tok = m.group(0)
                    if tok == "{":
                        scopes.append(bool(NAMESPACE_OPEN.search(code[pos:m.start()])))
                    elif tok == "}" and scopes:
                        scopes.pop()
                    elif tok not in ("{", "}", ";") and all(scopes):
                        rel = os.path.relpath(path, root)
                        problems.append(f"{rel}:{n}: `using namespace` at namespace scope in a header")
                    if tok in ("{", "}", ";"):
                        pos = m.end()
    return problems


def stage_graph(root):
    edges = {}
    for _, _, stage, inc in includes(root):
        target = inc.split("/")[0] if "/" in inc else ""
        edges.setdefault(stage, set())
        if target and target != stage:
            edges[stage].add(target)
    return edges


def stale_graph(root):
    """The include graph written in docs/ARCHITECTURE.md must be the one the code has."""
    with open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8") as f:
        doc = f.read()
    heading = "### The include graph"
    if heading not in doc:
        return [f"docs/ARCHITECTURE.md: no '{heading}' section"]
    block = doc[doc.index(heading):].split("```")[1]
    written = {}
    for line in block.strip().splitlines():
        stage, _, targets = line.partition("->")
        written[stage.strip()] = set(targets.split())
    actual = stage_graph(root)
    return [f"docs/ARCHITECTURE.md: the include graph says {s} -> {' '.join(sorted(written.get(s, ())))}, "
            f"the code has {s} -> {' '.join(sorted(actual.get(s, ())))}"
            for s in sorted(set(written) | set(actual)) if written.get(s, set()) != actual.get(s, set())]


def graph(root):
    edges = stage_graph(root)
    for stage in sorted(edges):
        print(f"{stage} -> {' '.join(sorted(edges[stage]))}")
    return 0


def main(argv):
    if argv and argv[0] == "--graph":
        return graph(argv[1] if len(argv) > 1 else ".")
    return check(argv[0] if argv else ".")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
