#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential test of `hcl edit` against `hcl-oracle edit` (hcledit's operations with hclwrite).

For each file, addresses are generated from the reference lexer's tokens (`hcl-oracle tokens`):
every attribute (nested blocks included) and every block. Every attribute (with --get-sample N,
a deterministic 1 in N of them) gets `attribute get`; a deterministic 1 in --sample of them also
gets `--with-comments`, `set`, `rm`, `mv`, `replace` and `append`, and as many blocks get `block
get/rm/mv/append/new` and `body get`; every file gets `block list`. With --file-sample N, a
deterministic 1 in N of the files is examined at all. Standard output and success must be
identical.

Three outcomes are documented deviations (docs/edit.md), counted apart and not failures: `hcl
edit` refuses a modifying attribute operation whose address names attributes in several blocks
("Ambiguous address"); it refuses an edit whose result would not parse where hcledit prints it
("refused-invalid"); and where hcledit's output does not parse, `hcl edit` prints one that does
("oracle-invalid"); and where hcledit's `body get` prints a fragment of the body, `hcl edit`
prints the body ("oracle-garbled").

usage: edit_diff.py --hcl build/hcl --oracle hcl-oracle [--sample N] [--get-sample N] [--file-sample N]
                    [--jobs N] PATH...
Exit status 1 when any output differs.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

OPENERS = {"TokenOBrace", "TokenOBrack", "TokenOParen", "TokenTemplateInterp", "TokenTemplateControl",
           "TokenOQuote", "TokenOHeredoc"}
CLOSERS = {"TokenCBrace", "TokenCBrack", "TokenCParen", "TokenTemplateSeqEnd", "TokenCQuote", "TokenCHeredoc"}


def escape_part(s):
    return s.replace("\\", "\\\\").replace(".", "\\.")


def unquote(raw):
    out, i = [], 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            out.append({"n": "\n", "t": "\t", "r": "\r"}.get(raw[i + 1], raw[i + 1]))
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


def structure(tokens):
    """(attributes, blocks): each a list of address part lists, in source order."""
    attrs, blocks = [], []
    stack = [[]]  # the block path of each open body
    i, n = 0, len(tokens)
    while i < n:
        t = tokens[i]["type"]
        if t in ("TokenNewline", "TokenComment"):
            i += 1
            continue
        if t == "TokenCBrace" and len(stack) > 1:
            stack.pop()
            i += 1
            continue
        if t != "TokenIdent":
            i += 1
            continue
        name = tokens[i]["bytes"]
        i += 1
        if i < n and tokens[i]["type"] == "TokenEqual":
            attrs.append(stack[-1] + [name])
            depth = 0
            i += 1
            while i < n:
                k = tokens[i]["type"]
                if k in OPENERS:
                    depth += 1
                elif k in CLOSERS:
                    if depth == 0:
                        break
                    depth -= 1
                elif depth == 0 and (k in ("TokenNewline", "TokenEOF") or
                                     (k == "TokenComment" and tokens[i]["bytes"].endswith("\n"))):
                    break
                i += 1
            continue
        labels = []
        while i < n and tokens[i]["type"] != "TokenOBrace":
            k = tokens[i]["type"]
            if k == "TokenIdent":
                labels.append(tokens[i]["bytes"])
            elif k == "TokenOQuote":
                raw = ""
                i += 1
                while i < n and tokens[i]["type"] != "TokenCQuote":
                    raw += tokens[i]["bytes"]
                    i += 1
                labels.append(unquote(raw))
            i += 1
        path = stack[-1] + [name] + labels
        blocks.append(path)
        stack.append(path)
        i += 1
    return attrs, blocks


def address(parts):
    return ".".join(escape_part(p) for p in parts)


def sampled(key, rate):
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) % rate == 0


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout, p.stderr


def squeeze(text):
    """Text with each run of blank space as one space (alignment aside)."""
    return re.sub(rb"\s+", b" ", text).strip()


def parses(args, text):
    """Whether the reference parser accepts text (hcledit can print files that do not parse)."""
    with tempfile.NamedTemporaryFile(suffix=".hcl") as f:
        f.write(text)
        f.flush()
        return run([args.oracle, "validate", f.name])[0] == 0


def check_file(path, name, args):
    """Returns a list of (kind, op, detail) outcomes. `name` (the path below the folder given)
    picks the sample, so that it does not depend on where the corpus is."""
    rc, out, _ = run([args.oracle, "tokens", path])
    if rc != 0:
        return [("skipped", "tokens", path)]
    try:
        tokens = json.loads(out)
    except ValueError:
        return [("skipped", "tokens", path)]
    attrs, blocks = structure(tokens)
    ops = [["block", "list"]]
    for a in attrs:
        addr = address(a)
        key = name + "\0" + addr
        if sampled("get\0" + key, args.get_sample):
            ops.append(["attribute", "get", addr])
        if sampled(key, args.sample):
            ops.append(["attribute", "get", addr, "--with-comments"])
            ops.append(["attribute", "set", addr, '"edited"'])
            ops.append(["attribute", "rm", addr])
            ops.append(["attribute", "mv", addr, address(a[:-1] + [a[-1] + "_moved"])])
            ops.append(["attribute", "replace", addr, "renamed", "[1, 2]"])
            ops.append(["attribute", "append", address(a[:-1] + ["added"]), "var.x"])
    for b in blocks:
        addr = address(b)
        if sampled(name + "\0" + addr, args.sample):
            ops.append(["block", "get", addr])
            ops.append(["body", "get", addr])
            ops.append(["block", "rm", addr])
            ops.append(["block", "mv", addr, "moved.x"])
            ops.append(["block", "append", addr, "child.y", "--newline"])
    if sampled(name, args.sample):
        ops.append(["block", "new", "added.z", "--newline"])
    results = []
    for op in ops:
        # A name may hold a NUL byte (after a byte that is not UTF-8, the reference's scanner
        # takes any byte into a name), which no command line can carry.
        if any("\0" in w for w in op):
            continue
        rc_o, out_o, _ = run([args.oracle, "edit", path] + op)
        rc_h, out_h, err_h = run([args.hcl, "edit", "-f", path] + [w for w in op if not w.startswith("--")] +
                                 [w for w in op if w.startswith("--")])
        name = " ".join(op[:2])
        if rc_o == 0 and rc_h == 1 and b"Ambiguous address" in err_h:
            results.append(("ambiguous", name, path))
        elif rc_o == 0 and rc_h == 1 and b"would leave the file invalid" in err_h:
            results.append(("refused-invalid", name, path))
        elif (rc_o == 0) == (rc_h == 0) and (rc_o != 0 or out_o == out_h):
            results.append(("same", name, path))
        elif rc_o == 0 and rc_h == 0 and op[1] not in ("get", "list") and not parses(args, out_o):
            results.append(("oracle-invalid", name, path))
        elif name == "body get" and rc_o == 0 and rc_h == 0 and (
                (out_o and not out_o.endswith(b"\n")) or squeeze(out_h).startswith(squeeze(out_o)) or
                not parses(args, out_o)):
            # hcledit cuts a body at its last line break token: a fragment when that falls
            # inside an item (the last line ends in a comment, a one-line block).
            results.append(("oracle-garbled", name, path))
        else:
            results.append(("differ", name, "%s: %s (oracle rc %d, hcl rc %d)" % (path, " ".join(op), rc_o, rc_h)))
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hcl", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--sample", type=int, default=20, help="1 in N addresses gets the editing operations")
    ap.add_argument("--get-sample", type=int, default=1, help="1 in N attributes gets `attribute get` (1: every one)")
    ap.add_argument("--file-sample", type=int, default=1, help="1 in N files is examined at all (1: every one)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-list", help="file of paths (relative to a PATH) to leave out: inputs that do not parse")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    skip = set()
    if args.skip_list:
        with open(args.skip_list) as f:
            skip = {line.strip() for line in f if line.strip()}
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for name in sorted(names):
                    full = os.path.join(root, name)
                    rel = os.path.relpath(full, p)
                    if rel not in skip and sampled("file\0" + rel, args.file_sample):
                        files.append((full, rel))
        else:
            files.append((p, os.path.basename(p)))
    files.sort()
    counts, differ = {}, []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for results in pool.map(lambda f: check_file(f[0], f[1], args), files):
            for kind, op, detail in results:
                counts.setdefault(op, {}).setdefault(kind, 0)
                counts[op][kind] += 1
                if kind == "differ":
                    differ.append(detail)
    print("files: %d" % len(files))
    for op in sorted(counts):
        print("%-20s %s" % (op, ", ".join("%s %d" % kv for kv in sorted(counts[op].items()))))
    for d in differ[:50]:
        print("DIFFER " + d)
    if differ:
        print("%d outputs differ" % len(differ))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
