#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`hcl json FILE | hcl fromjson -` on every file of a corpus: the native text must parse, be
fmt-clean, and give back the same `hcl json`, or, for a file that is not fmt-clean itself, the
`hcl json` of its formatted text. Files `hcl json` itself rejects are counted, not checked.

usage: fromjson_roundtrip.py HCL CORPUS_DIR [--jobs N] [--show N]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

from hcl_batch import BATCH, keyed_documents

EXTENSIONS = (".tf", ".hcl", ".nomad", ".tfvars", ".tofu")


def run(cmd, data=None, cwd=None):
    p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def normalise_space(v):
    """The JSON with blank space inside "${...}" text collapsed: an expression's text as written,
    which formatting the native result may re-indent."""
    if isinstance(v, dict):
        return {k: normalise_space(x) for k, x in v.items()}
    if isinstance(v, list):
        return [normalise_space(x) for x in v]
    if isinstance(v, str):
        return "".join(v.split())
    return v


def check(hcl, path):
    rc, original, _ = run([hcl, "json", path])
    if rc != 0:
        return "skipped", ""
    rc, native, err = run([hcl, "fromjson", "-"], original)
    if rc != 0:
        return "fromjson failed", err.decode(errors="replace")[:400]
    rc, _, err = run([hcl, "fmt", "--check", "--no-terraform", "-"], native)
    if rc == 1:
        return "does not parse", err.decode(errors="replace")[:400]
    if rc != 0:
        return "not fmt-clean", ""
    rc, back, err = run([hcl, "json", "-"], native)
    if rc != 0:
        return "hcl json fails on the result", err.decode(errors="replace")[:400]
    if back == original:
        return "equal", ""
    # `hcl json` writes an expression as its source text, which formatting re-spaces: a file that
    # was not fmt-clean gives back the JSON of its formatted text.
    rc, formatted, _ = run([hcl, "fmt", "--no-terraform", "-"], open(path, "rb").read())
    if rc == 0:
        rc, formatted_json, _ = run([hcl, "json", "-"], formatted)
        if rc == 0 and formatted_json == back:
            return "the original is not fmt-clean; equal to its formatted text's", ""
    a, b = json.loads(original), json.loads(back)
    if normalise_space(a) == normalise_space(b):
        return "differs in blank space inside expressions", ""
    return "differs", ""


def check_batch(hcl, paths):
    """check() on many files with a few processes: every file that comes back equal is settled
    here; the rest, and every file of a step that fails, go through check() one by one."""
    root = os.path.commonpath([os.path.dirname(p) for p in paths])
    rel = [os.path.relpath(p, root) for p in paths]
    rc, out, _ = run([hcl, "json", "--"] + rel, cwd=root)
    originals = keyed_documents(out)
    results = {}
    tmp = tempfile.mkdtemp(prefix="hcl-roundtrip-")
    try:
        todo = [(i, p, originals[r]) for i, (p, r) in enumerate(zip(paths, rel)) if r in originals]
        for p, r in zip(paths, rel):
            if r not in originals:
                results[p] = ("skipped", "")
        for i, _, original in todo:
            with open(os.path.join(tmp, f"{i}.json"), "wb") as f:
                f.write(original.rstrip(b"\n"))
        natives = [f"{i}.hcl" for i, _, _ in todo]
        ok = todo and run([hcl, "fromjson", "--write", "--"] + [f"{i}.json" for i, _, _ in todo], cwd=tmp)[0] == 0
        ok = ok and run([hcl, "fmt", "--check", "--no-terraform", "--"] + natives, cwd=tmp)[0] == 0
        backs = keyed_documents(run([hcl, "json", "--"] + natives, cwd=tmp)[1]) if ok else {}
        for (i, p, original), n in zip(todo, natives):
            if backs.get(n) == original:
                results[p] = ("equal", "")
    finally:
        shutil.rmtree(tmp)
    return [results[p] if p in results else check(hcl, p) for p in paths]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hcl")
    ap.add_argument("corpus")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args()
    files = []
    for root, _, names in os.walk(args.corpus):
        files += [os.path.join(root, n) for n in names if n.endswith(EXTENSIONS)]
    files.sort()
    outcomes = collections.Counter()
    examples = collections.defaultdict(list)
    hcl = os.path.abspath(args.hcl) if os.sep in args.hcl else args.hcl
    parts = [files[i:i + BATCH] for i in range(0, len(files), BATCH)]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        done = [r for part in pool.map(lambda b: check_batch(hcl, b), parts) for r in part]
        for path, (outcome, detail) in zip(files, done):
            outcomes[outcome] += 1
            if len(examples[outcome]) < args.show:
                examples[outcome].append((path, detail))
    for outcome, n in sorted(outcomes.items()):
        print(f"{n:6d} {outcome}")
        if outcome not in ("equal", "skipped"):
            for path, detail in examples[outcome]:
                print(f"         {path} {detail}")
    # The one known difference: a file that was not fmt-clean comes back with its expressions
    # re-spaced, as formatting it would.
    bad = sum(n for o, n in outcomes.items()
              if o not in ("equal", "skipped", "the original is not fmt-clean; equal to its formatted text's"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
