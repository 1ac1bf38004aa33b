#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Agreement of `hcl` with the reference on the conformance corpus (../shared/corpus).

usage: corpus_check.py HCL_BINARY CORPUS_DIR [validate|fmt|json|all] [--show N]

validate: the valid/invalid verdict of every file, and for invalid files the first error's
          line:column and summary (expected/invalid-diags.txt).
fmt:      byte equality with expected/fmt/ for every valid file.
json:     JSON equality (numbers compared exactly) with expected/json/ for every file, and how many are byte-identical.
Prints one line of figures per check; exits 1 when a check is below its target.

Each `hcl` process takes a batch of files, as users run it on a directory: one process per file
made the three checks about 150 s of processor time, nearly all of it starting processes.
"""
import json, os, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

from hcl_batch import BATCH, in_batches, keyed_documents

def load_json(b):
    return json.loads(b, parse_float=Decimal, parse_int=Decimal)

def corpus_files(corpus):
    real = os.path.join(corpus, 'real')
    out = []
    for d, _, fs in os.walk(real):
        for f in fs:
            out.append(os.path.relpath(os.path.join(d, f), real))
    return sorted(out)

def check_validate(hcl, corpus, show):
    files = corpus_files(corpus)
    invalid = set(open(os.path.join(corpus, 'expected', 'invalid.txt')).read().split())
    first = {}
    for line in open(os.path.join(corpus, 'expected', 'invalid-diags.txt')):
        path, rest = line.rstrip('\n').split('\t', 1)
        pos, summary = rest.split(': ', 1)
        first[path] = (pos, summary)
    real = os.path.join(corpus, 'real')
    def run(batch):
        r = subprocess.run([hcl, 'validate', '--format', 'json', '--'] + batch, capture_output=True, cwd=real)
        doc = json.loads(r.stdout)
        errors = {}
        for d in doc['diagnostics']:
            if d['severity'] == 'error':
                errors.setdefault(d['range']['filename'] if d.get('range') else None, []).append(d)
        return [(f, errors.get(f, [])) for f in batch]
    verdict_ok = pos_ok = summary_ok = 0
    bad = []
    results = in_batches(run, files)
    for f, errors in results:
        valid = not errors
        if valid == (f not in invalid):
            verdict_ok += 1
        else:
            bad.append(f'verdict {f}: ours {"valid" if valid else "invalid"}')
        if f in invalid and not valid:
            d = errors[0]
            r = d.get('range')
            pos = f"{r['start']['line']}:{r['start']['column']}" if r else '?'
            if pos == first[f][0]:
                pos_ok += 1
            else:
                bad.append(f'position {f}: reference {first[f]} ours {pos} {d["summary"]}')
            if d['summary'] == first[f][1]:
                summary_ok += 1
    n, ni = len(files), len(invalid)
    print(f'validate: verdict {verdict_ok}/{n} ({100*verdict_ok/n:.2f}%), first error position {pos_ok}/{ni} '
          f'({100*pos_ok/max(ni,1):.1f}%), summary {summary_ok}/{ni}')
    for b in bad[:show]:
        print('  ' + b)
    return verdict_ok == n and pos_ok >= 0.95 * ni

def check_fmt(hcl, corpus, show):
    exp = os.path.join(corpus, 'expected', 'fmt')
    real = os.path.join(corpus, 'real')
    files = sorted(os.path.relpath(os.path.join(d, f), exp) for d, _, fs in os.walk(exp) for f in fs)
    def run(batch):
        # Copies under neutral names, formatted in place: the canonical style in the native
        # syntax, as for standard input, whatever the corpus file's name says.
        tmp = tempfile.mkdtemp(prefix='hcl-corpus-fmt-')
        try:
            names = [f'{i}.hcl' for i in range(len(batch))]
            for f, n in zip(batch, names):
                shutil.copyfile(os.path.join(real, f), os.path.join(tmp, n))
            r = subprocess.run([hcl, 'fmt', '--'] + names, capture_output=True, cwd=tmp)
            if r.returncode != 0:
                # Some file was refused: each one on its own says which.
                out = []
                for f in batch:
                    src = open(os.path.join(real, f), 'rb').read()
                    one = subprocess.run([hcl, 'fmt', '-'], input=src, capture_output=True)
                    out.append((f, one.returncode, one.stdout == open(os.path.join(exp, f), 'rb').read()))
                return out
            return [(f, 0, open(os.path.join(tmp, n), 'rb').read() == open(os.path.join(exp, f), 'rb').read())
                    for f, n in zip(batch, names)]
        finally:
            shutil.rmtree(tmp)
    results = in_batches(run, files)
    ok = sum(1 for _, _, same in results if same)
    print(f'fmt: {ok}/{len(files)} byte-identical ({100*ok/len(files):.2f}%)')
    for f, code, same in results:
        if not same and show > 0:
            show -= 1
            print(f'  {f} (exit {code})')
    return ok == len(files)

def check_json(hcl, corpus, show):
    exp = os.path.join(corpus, 'expected', 'json')
    real = os.path.join(corpus, 'real')
    files = sorted(os.path.relpath(os.path.join(d, f), exp)[:-5] for d, _, fs in os.walk(exp) for f in fs)
    def run(batch):
        r = subprocess.run([hcl, 'json', '--'] + batch, capture_output=True, cwd=real)
        docs = keyed_documents(r.stdout)
        out = []
        for f in batch:
            expected = open(os.path.join(exp, f + '.json'), 'rb').read()
            text = docs.get(f)
            try:
                ours = load_json(text)
            except Exception:
                out.append((f, False, False))
                continue
            # hcl2json prints without a final newline; hcl adds one.
            out.append((f, ours == load_json(expected), text == expected + b'\n'))
        return out
    results = in_batches(run, files)
    ok = sum(1 for _, same, _ in results if same)
    identical = sum(1 for _, _, ident in results if ident)
    print(f'json: {ok}/{len(files)} equal ({100*ok/len(files):.2f}%), {identical} byte-identical to hcl2json')
    for f, same, _ in results:
        if not same and show > 0:
            show -= 1
            print(f'  {f}')
    return ok == len(files)

def main():
    # Batches run in the corpus's directory (file names as the expected outputs name them).
    hcl = os.path.abspath(sys.argv[1]) if os.sep in sys.argv[1] else sys.argv[1]
    corpus = sys.argv[2]
    what = sys.argv[3] if len(sys.argv) > 3 else 'all'
    show = int(sys.argv[sys.argv.index('--show') + 1]) if '--show' in sys.argv else 10
    ok = True
    if what in ('validate', 'all'):
        ok &= check_validate(hcl, corpus, show)
    if what in ('fmt', 'all'):
        ok &= check_fmt(hcl, corpus, show)
    if what in ('json', 'all'):
        ok &= check_json(hcl, corpus, show)
    return 0 if ok else 1

sys.exit(main())
