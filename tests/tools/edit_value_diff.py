#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`hcl edit` inside values on a sample of the corpus, checked against the file's own bytes.

For every sampled file, `attribute list --values` names each object key and tuple element; for
up to --per-file of them:
- `attribute get ADDRESS` prints exactly the bytes of the value as written (found where
  `attribute set --minimal` puts its marker);
- `attribute set --minimal ADDRESS MARKER` changes those bytes and no others;
- `attribute rm --minimal ADDRESS` removes one run of bytes that holds the value, and besides it
  only its key, separators, blank space and comments.

usage: edit_value_diff.py --hcl HCL [--files N] [--per-file N] CORPUS_REAL_DIR
Exits 1 on any failure.
"""
import argparse, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

MARKER = '"__hcl_edit_marker__"'
# What an item may hold beside its value: its key and "=" or ":", commas, blank space, comments.
COMMENTS = re.compile(r'#[^\n]*\n?|//[^\n]*\n?|/\*.*?\*/', re.S)


def edit(hcl, path, *words):
    r = subprocess.run([hcl, 'edit', '-f', path] + list(words), capture_output=True, timeout=120)
    return r.returncode, r.stdout.decode('utf-8', 'surrogateescape'), r.stderr.decode(errors='replace')


def check_address(hcl, path, orig, addr):
    rc, got, err = edit(hcl, path, 'attribute', 'get', addr)
    if rc != 0 or not got.endswith('\n'):
        return f'get failed: {err[:200]}'
    value = got[:-1]
    rc, out, err = edit(hcl, path, '--minimal', 'attribute', 'set', addr, MARKER)
    if rc != 0:
        return f'set failed: {err[:200]}'
    if out.count(MARKER) != orig.count(MARKER) + 1:
        return 'set: the marker is not written once'
    i = out.index(MARKER)
    if out[:i] != orig[:i] or orig[i:i + len(value)] != value or orig[i + len(value):] != out[i + len(MARKER):]:
        return f'set changed other bytes than the value (get: {value[:80]!r})'
    rc, out, err = edit(hcl, path, '--minimal', 'attribute', 'rm', addr)
    if rc != 0:
        return f'rm failed: {err[:200]}'
    cut = len(orig) - len(out)
    if cut <= 0:
        return 'rm removed nothing'
    prefix = 0
    while prefix < len(out) and out[prefix] == orig[prefix]:
        prefix += 1
    suffix = 0
    while suffix < len(out) and out[-1 - suffix] == orig[-1 - suffix]:
        suffix += 1
    if prefix + suffix < len(out):
        return 'rm changed more than one run of bytes'
    # Where equal bytes repeat, the run removed could sit at several places: one of them must be
    # the item (its value, and besides only its key, separators, blank space and comments).
    runs = [orig[q:q + cut] for q in range(max(0, len(out) - suffix), prefix + 1)]
    for removed in runs:
        if value not in removed:
            continue
        head, _, tail = removed.rpartition(value)  # the value comes after a key of the same text
        rest = re.sub(r'[\s,]', '', COMMENTS.sub('', head + tail))
        if not rest or re.fullmatch(r'("[^"]*"|[^=:"]+)[=:]', rest):
            return None
    return f'rm removed {runs[-1][:120]!r}, more or other than the item with value {value[:80]!r}'


def check_file(hcl, path, per_file):
    rc, listed, err = edit(hcl, path, 'attribute', 'list', '--values')
    if rc != 0:
        return path, 0, []  # a file that does not parse
    rc, plain, _ = edit(hcl, path, 'attribute', 'list')
    attrs = set(plain.splitlines())
    inside = [a for a in listed.splitlines() if a not in attrs]
    # An address listed twice (a repeated key, blocks of one type and labels) is ambiguous, and
    # refused: those are left to the golden tests.
    counts = {}
    for a in listed.splitlines():
        counts[a] = counts.get(a, 0) + 1
    inside = [a for a in inside if counts[a] == 1]
    if len(inside) > per_file:
        step = len(inside) / per_file
        inside = [inside[int(k * step)] for k in range(per_file)]
    with open(path, 'rb') as f:
        orig = f.read().decode('utf-8', 'surrogateescape')
    failures = []
    for addr in inside:
        why = check_address(hcl, path, orig, addr)
        if why:
            failures.append((addr, why))
    return path, len(inside), failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--hcl', required=True)
    ap.add_argument('--files', type=int, default=60)
    ap.add_argument('--per-file', type=int, default=6)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('corpus')
    a = ap.parse_args()
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(a.corpus) for f in fs)
    # A fixed sample: the same files every run, spread over the whole corpus.
    step = max(1, len(files) // a.files)
    sample = files[::step][:a.files]
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        results = list(ex.map(lambda p: check_file(a.hcl, p, a.per_file), sample))
    checked = sum(n for _, n, _ in results)
    failures = [(p, addr, why) for p, _, fs in results for addr, why in fs]
    print(f'{checked - len(failures)}/{checked} addresses inside values of {len(sample)} files: get, set and rm '
          f'exact')
    for p, addr, why in failures[:30]:
        print(f'  {os.path.relpath(p, a.corpus)} {addr}: {why}')
    if checked == 0:
        print('nothing was checked', file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
