#!/usr/bin/env python3
"""Writes expected outputs for testdata/ from the reference tools (see ../shared/reference).

usage: make_golden.py FEATURE [FILE...]    (default: every input of the feature)

validate: <case>.hcl -> <case>.diag from `hcl-oracle validate`
fmt:      <case>.hcl -> <case>.out  from `hcl-oracle fmt --force` (hclwrite.Format, no syntax check);
          inputs using `::` (HCL 2.20+, newer than the oracle) keep their hand-written .out
The suite itself never needs the reference: these files are committed.
"""
import json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def diag_lines(diags):
    out = []
    for d in diags:
        r = d.get('range')
        where = '-' if not r else f"{r['start']['line']}:{r['start']['column']}-{r['end']['line']}:{r['end']['column']}"
        out.append(f"{where}: {d['summary']}: {d['detail'].replace(chr(10), ' ')}\n")
    return ''.join(out)

def validate(path):
    d, name = os.path.split(os.path.abspath(path))
    r = subprocess.run(['hcl-oracle', 'validate', name], cwd=d, capture_output=True)
    doc = json.loads(r.stdout)
    return diag_lines(doc['files'][0]['diagnostics'])

def fmt(path):
    d, name = os.path.split(os.path.abspath(path))
    r = subprocess.run(['hcl-oracle', 'fmt', '--force', name], cwd=d, capture_output=True)
    return r.stdout.decode('utf-8', 'surrogateescape')

FEATURES = {'validate': ('.hcl', '.diag', validate), 'fmt': ('.hcl', '.out', fmt)}

def main():
    feature = sys.argv[1]
    suffix, out_suffix, fn = FEATURES[feature]
    files = sys.argv[2:]
    if not files:
        base = os.path.join(ROOT, 'testdata', feature)
        # Cases under a folder named hcl224 cover HCL 2.20+ behaviour the 2.14 reference lacks; their
        # expected files are written by hand.
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(base) for f in fs
                       if f.endswith(suffix) and 'hcl224' not in d.split(os.sep))
    for f in files:
        if feature == 'fmt' and b'::' in open(f, 'rb').read():
            print(f'kept {f[:-len(suffix)] + out_suffix} (HCL 2.20+ syntax: expected output is written by hand)')
            continue
        out = fn(f)
        with open(f[:-len(suffix)] + out_suffix, 'w', encoding='utf-8', errors='surrogateescape', newline='') as o:
            o.write(out)
        print(f'wrote {f[:-len(suffix)] + out_suffix}')

main()
