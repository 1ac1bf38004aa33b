#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Agreement of `hcl` with the reference on the conformance corpus (../shared/corpus).

usage: corpus_check.py HCL_BINARY CORPUS_DIR [validate|fmt|json|all] [--show N]

validate: the valid/invalid verdict of every file, and for invalid files the first error's
          line:column and summary (expected/invalid-diags.txt).
fmt:      byte equality with expected/fmt/ for every valid file.
json:     JSON equality (numbers compared exactly) with expected/json/.
Prints one line of figures per check; exits 1 when a check is below its target.
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

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
    def run(f):
        r = subprocess.run([hcl, 'validate', '--format', 'json', os.path.join(real, f)], capture_output=True)
        doc = json.loads(r.stdout)
        return f, doc
    verdict_ok = pos_ok = summary_ok = 0
    bad = []
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as ex:
        results = list(ex.map(run, files))
    for f, doc in results:
        valid = doc['valid']
        if valid == (f not in invalid):
            verdict_ok += 1
        else:
            bad.append(f'verdict {f}: ours {"valid" if valid else "invalid"}')
        if f in invalid and not valid:
            d = doc['diagnostics'][0]
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
    def run(f):
        src = open(os.path.join(real, f), 'rb').read()
        r = subprocess.run([hcl, 'fmt', '-'], input=src, capture_output=True)
        return f, r.returncode, r.stdout == open(os.path.join(exp, f), 'rb').read()
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as ex:
        results = list(ex.map(run, files))
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
    def run(f):
        r = subprocess.run([hcl, 'json', os.path.join(real, f)], capture_output=True)
        expected = open(os.path.join(exp, f + '.json'), 'rb').read()
        try:
            ours = load_json(r.stdout)
        except Exception:
            return f, False, False
        # hcl2json prints without a final newline; hcl adds one.
        return f, ours == load_json(expected), r.stdout == expected + b'\n'
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as ex:
        results = list(ex.map(run, files))
    ok = sum(1 for _, same, _ in results if same)
    identical = sum(1 for _, _, ident in results if ident)
    print(f'json: {ok}/{len(files)} equal ({100*ok/len(files):.2f}%), {identical} byte-identical to hcl2json')
    for f, same, _ in results:
        if not same and show > 0:
            show -= 1
            print(f'  {f}')
    return ok >= 0.99 * len(files)

def main():
    hcl, corpus = sys.argv[1], sys.argv[2]
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
