#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Mutation differential of `hcl validate` and `hcl fmt` against the reference.

Corpus files are damaged at random (bytes deleted, pieces of syntax and of broken UTF-8 inserted,
stretches copied), and each damaged file goes through `hcl-oracle validate` and `hcl validate
--format json`: every diagnostic's severity, summary, detail and range must be the same, in the
same order. Files the reference accepts are formatted by both (`hcl-oracle fmt` prints what
hclfmt prints) and must come out byte for byte the same. The corpus alone seldom reaches error
recovery, escapes next to other errors or bytes that are not UTF-8 inside names; this found
three bugs there that the corpus conformance runs never saw.

The seed fixes the damage, so a run can be repeated and a finding reproduced; damaged files that
differ are kept in --keep.

usage: mutation_diff.py --hcl HCL --oracle HCL_ORACLE --corpus DIR [--seed N] [--files N]
                        [--keep DIR]
Exit status 1 when any file differs.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

PIECES = [b"{", b"}", b'"', b"${", b"%{", b"~}", b"\n", b"<<EOT\n", b"<<-EOT\n", b"EOT\n", "\u00e9".encode(),
          "\u0301".encode(), "\U0001F1EB\U0001F1F7".encode(), "\u200d".encode(), b"\\q", b"\\u00e9", b"\\", b"[", b"]",
          b"(", b")", b",", b"=", b"#", b"/*", b"*/", b"//", b"...", b"?", b":", b"for ", b"if ", b"in ", b"endif",
          b"else", b"\r", b"\r\n", b"\t", b" ", b"1e", b"0.", b".*", b"[*]", b"=>", b"!", b"&&", b"||", b"-", b"%",
          b"$$", b"%%", b"null", b"x.y", b"'", b"`", b";", b"\x00", b"\\n",
          # Bytes that are not UTF-8, some of which the reference's generated tables take into
          # names and grapheme clusters (source/identifier.h, source/byte_patterns.h).
          b"\xff", b"\xe2\x82", b"\xc4", b"\xcc", b"\xcd", b"\xe5", b"\xf0\xab", b"\xe0\xa1\xa0"]


def mutate(rng, data):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        op, i = rng.random(), rng.randint(0, len(b))
        if op < 0.35 and b:
            del b[i:i + rng.randint(1, 12)]
        elif op < 0.85:
            b[i:i] = rng.choice(PIECES)
        else:
            j = rng.randint(0, len(b))
            b[i:i] = b[j:j + rng.randint(1, 30)]
    return bytes(b)


def key(d):
    r = d.get("range") or {}
    s, e = r.get("start", {}), r.get("end", {})
    return (d.get("severity"), d.get("summary"), d.get("detail", ""), s.get("line"), s.get("column"), s.get("byte"),
            e.get("line"), e.get("column"), e.get("byte"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hcl", required=True)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", type=int, default=3000)
    ap.add_argument("--keep", default="mutation-diff-findings")
    args = ap.parse_args()

    sources = sorted(os.path.join(d, n) for d, _, names in os.walk(args.corpus) for n in names
                     if os.path.getsize(os.path.join(d, n)) < 8000)
    if not sources:
        sys.exit(f"{args.corpus}: no files")
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="mutation-diff-")
    checked = valid = differ = 0
    try:
        while checked < args.files:
            batch = []
            for k in range(min(100, args.files - checked)):
                path = os.path.join(tmp, f"m{k}.hcl")
                with open(path, "wb") as f, open(rng.choice(sources), "rb") as src:
                    f.write(mutate(rng, src.read()))
                batch.append(path)
            ref = json.loads(subprocess.run([args.oracle, "validate"] + batch, capture_output=True).stdout)
            want = {f["filename"]: [key(d) for d in f["diagnostics"]] for f in ref["files"]}
            out = subprocess.run([args.hcl, "validate", "--format", "json"] + batch, capture_output=True)
            got = {p: [] for p in batch}
            for d in json.loads(out.stdout)["diagnostics"]:
                got.setdefault(d["range"]["filename"], []).append(key(d))
            for path in batch:
                problem = None
                if want.get(path, []) != got[path]:
                    problem = f"validate: reference {want.get(path, [])[:3]}\n  hcl {got[path][:3]}"
                elif not want.get(path):
                    valid += 1
                    a = subprocess.run([args.oracle, "fmt", path], capture_output=True)
                    b = subprocess.run([args.hcl, "fmt", "-"], stdin=open(path, "rb"), capture_output=True)
                    if a.returncode != 0 or b.returncode != 0 or a.stdout != b.stdout:
                        problem = f"fmt: reference exit {a.returncode}, hcl exit {b.returncode}, output differs"
                if problem:
                    differ += 1
                    os.makedirs(args.keep, exist_ok=True)
                    kept = os.path.join(args.keep, f"seed{args.seed}-{checked:06d}.hcl")
                    shutil.copyfile(path, kept)
                    print(f"DIFFER {kept}: {problem}")
                checked += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{checked} damaged files, {valid} of them valid and formatted: {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
