#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes expected outputs for testdata/ from the reference tools (see ../shared/reference).

usage: make_golden.py FEATURE [FILE...]    (default: every input of the feature)

validate: <case>.hcl -> <case>.diag from `hcl-oracle validate`
fmt:      <case>.hcl -> <case>.out  from `hcl-oracle fmt --force` (hclwrite.Format, no syntax check)
json:     <case>.hcl -> <case>.json from tmccombs/hcl2json (npm @cdktf/hcl2json, a WASM build run by
          node, installed into ~/.cache/hcl-reference/hcl2json or $HCL2JSON_DIR), laid out as the
          hcl2json command prints it; cases under fixes/ (deliberate departures) and errors/ (inputs
          the reference rejects too, which is checked) keep their hand-reviewed expected files
body:     <case>.hcl -> <case>.expected from `hcl-oracle body` (whole-file evaluation, dynamic blocks kept),
          with the nearest vars.json
jsonsyntax: <case>.tf.json -> <case>.expected: parse diagnostics and value from upstream's hcldec (see
          tests/golden/body_golden.cpp); where hcldec's schema read differs, hand-reviewed files are kept
dec:      <case>.hcldec -> <case>.expected from upstream's `hcldec --diags=json` on the inputs beside the
          spec (see tests/golden/dec_golden.cpp); cases under departures/ keep hand-reviewed files
eval:     <topic>.cases -> <topic>.expected from `hcl-oracle eval` / `template`: one case per line
          (see tests/golden/eval_golden.cpp), evaluated with the nearest vars.json; cases under
          departures/ (deliberate departures from the reference) and terraform/ (Terraform's
          functions the oracle lacks) keep hand-reviewed expected files
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

HCL2JSON_VERSION = '0.21.0'
HCL2JSON_DRIVER = r"""
// Prints hcl2json's own JSON text: JavaScript would round its numbers when parsing it.
const origParse = JSON.parse;
let raw = null;
JSON.parse = (s, ...rest) => { raw = s; return origParse(s, ...rest); };
const { parse } = require('@cdktf/hcl2json');
const fs = require('fs');
(async () => {
  const f = process.argv[2];
  await parse(f, fs.readFileSync(f, 'utf8'));
  process.stdout.write(raw);
})().catch(e => { process.stderr.write(String(e) + '\n'); process.exit(1); });
"""

def hcl2json_driver():
    d = os.environ.get('HCL2JSON_DIR') or os.path.expanduser('~/.cache/hcl-reference/hcl2json')
    if not os.path.isdir(os.path.join(d, 'node_modules', '@cdktf', 'hcl2json')):
        os.makedirs(d, exist_ok=True)
        subprocess.run(['npm', 'install', '--silent', '--prefix', d, f'@cdktf/hcl2json@{HCL2JSON_VERSION}'],
                       check=True)
    driver = os.path.join(d, 'hcl2json.js')
    with open(driver, 'w') as o:
        o.write(HCL2JSON_DRIVER)
    return driver

def go_indent(compact):
    """json.Indent(dst, src, "", "    ") over encoding/json output: tokens are kept byte for byte."""
    out, depth, i, n = [], 0, 0, len(compact)
    while i < n:
        c = compact[i]
        if c == '"':
            j = i + 1
            while compact[j] != '"':
                j += 2 if compact[j] == '\\' else 1
            out.append(compact[i:j + 1])
            i = j + 1
            continue
        if c in '{[':
            if i + 1 < n and compact[i + 1] in '}]':
                out.append(c + compact[i + 1])
                i += 2
                continue
            depth += 1
            out.append(c + '\n' + '    ' * depth)
        elif c in '}]':
            depth -= 1
            out.append('\n' + '    ' * depth + c)
        elif c == ',':
            out.append(',\n' + '    ' * depth)
        elif c == ':':
            out.append(': ')
        else:
            out.append(c)
        i += 1
    return ''.join(out)

_driver = None
def to_json(path):
    global _driver
    _driver = _driver or hcl2json_driver()
    r = subprocess.run(['node', _driver, os.path.abspath(path)], capture_output=True)
    parts = os.path.relpath(path, os.path.join(ROOT, 'testdata', 'json')).split(os.sep)
    if 'errors' in parts:
        if r.returncode == 0:
            sys.exit(f'{path}: the reference accepts this input, so it does not belong under errors/')
        return None
    if r.returncode != 0:
        sys.exit(f'{path}: the reference rejects this input: {r.stderr.decode().strip()}')
    return go_indent(r.stdout.decode('utf-8')) + '\n'

def nearest_vars(path):
    d = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(os.path.join(d, 'vars.json')) and d != os.path.dirname(d):
        d = os.path.dirname(d)
    return os.path.join(d, 'vars.json')

def eval_cases(path):
    vars_file = nearest_vars(path)
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            c = json.loads(line)
            if isinstance(c, str):
                c = {'expr': c}
            args = ['hcl-oracle', 'template' if c.get('template') else 'eval', '--vars', vars_file]
            for k, v in c.get('vars', {}).items():
                args += ['--var', f'{k}={json.dumps(v)}']
            if c.get('type'):
                args += ['--type', c['type']]
            r = subprocess.run(args + ['--', c['expr']], capture_output=True)
            if r.returncode not in (0, 1):
                sys.exit(f'{path}: the reference refuses {line!r}: {r.stderr.decode()}')
            out.append(line + '\t' + r.stdout.decode('utf-8', 'surrogateescape').rstrip('\n') + '\n')
    return ''.join(out)

def body(path):
    """<case>.hcl -> <case>.expected: `hcl-oracle body` with the nearest vars.json."""
    d, name = os.path.split(os.path.abspath(path))
    args = ['hcl-oracle', 'body']
    vars_file = nearest_vars(path)
    if os.path.exists(vars_file):
        args += ['--vars', vars_file]
    r = subprocess.run(args + [name], cwd=d, capture_output=True)
    if r.returncode not in (0, 1):
        sys.exit(f'{path}: the reference fails: {r.stderr.decode()}')
    return r.stdout.decode('utf-8', 'surrogateescape')

def hcldec_diags(stderr):
    """hcldec's --diags=json document as the oracle's diagnostics list."""
    out = []
    for d in json.loads(stderr)['diagnostics']:
        x = {'severity': d['severity'], 'summary': d['summary'], 'detail': d.get('detail', '')}
        if 'subject' in d:
            x['range'] = d['subject']
        out.append(x)
    return json.dumps(out, ensure_ascii=False, separators=(',', ':'))

STRUCTURAL = {'Extraneous JSON object property', 'Duplicate argument', 'Incorrect JSON value type',
              'Missing required argument'}

def jsonsyntax(path):
    """<case>.tf.json -> <case>.expected: the parse diagnostics and the file's value, from upstream's
    hcldec (each top-level property decoded as an attribute of any type, with the nearest vars.json).
    Files hcldec reads differently (the value fails) keep their hand-reviewed expected files."""
    d, name = os.path.split(os.path.abspath(path))
    def reject(c):
        raise ValueError(c)
    try:
        doc = json.loads(open(path, encoding='utf-8').read(), parse_constant=reject)
    except ValueError:
        # Not JSON: hcldec stops at the parse errors, whatever the spec.
        with open(os.path.join(d, '_literal.hcldec'), 'w') as o:
            o.write('literal {\n  value = 1\n}\n')
        r = subprocess.run(['hcldec', '--spec=_literal.hcldec', '--diags=json', name], cwd=d, capture_output=True)
        os.unlink(os.path.join(d, '_literal.hcldec'))
        if r.returncode != 2:
            sys.exit(f'{path}: not JSON, yet hcldec reads it')
        return 'parse ' + hcldec_diags(r.stderr.decode('utf-8')) + '\n'
    keys = sorted({k for k in doc if k != '//'}) if isinstance(doc, dict) else []
    spec = 'object {\n' + ''.join(f'  attr {json.dumps(k)} {{\n    type = any\n  }}\n' for k in keys) + '}\n'
    with open(os.path.join(d, '_object.hcldec'), 'w') as o:
        o.write(spec)
    args = ['hcldec', '--spec=_object.hcldec', '--diags=json', '--keep-nulls']
    vars_file = nearest_vars(path)
    if os.path.exists(vars_file):
        args.append('--vars=' + os.path.relpath(vars_file, d))
    r = subprocess.run(args + [name], cwd=d, capture_output=True)
    os.unlink(os.path.join(d, '_object.hcldec'))
    if r.returncode != 0:
        diags = json.loads(hcldec_diags(r.stderr.decode('utf-8')))
        # Errors in the values read the same either way; the body's own ones (duplicates, a root
        # that is not an object) differ between a schema and JustAttributes.
        if r.returncode != 2 or any(x['summary'] in STRUCTURAL for x in diags):
            return None
        diags.sort(key=lambda x: x['range']['start']['byte'] if 'range' in x else -1)
        return 'parse []\neval {"diagnostics":' + json.dumps(diags, ensure_ascii=False, separators=(',', ':')) + '}\n'
    # cty's JSON encoding, without the HTML escaping hcldec adds (hcl's documents have none).
    value = r.stdout.decode('utf-8').strip().replace('\\u003c', '<').replace('\\u003e', '>').replace('\\u0026', '&')
    return 'parse []\neval ' + value + '\n'

def dec_section(d, spec, inputs, options):
    r = subprocess.run(['hcldec', f'--spec={spec}', '--diags=json'] + options + inputs, cwd=d, capture_output=True)
    out = f'exit {r.returncode}\n'
    if r.returncode == 0:
        return out + r.stdout.decode('utf-8', 'surrogateescape')
    err = r.stderr.decode('utf-8', 'surrogateescape')
    if r.returncode == 1:
        return out + err.rstrip('\n') + '\n'
    if not err.strip().startswith('{'):
        sys.exit(f'{d}/{spec}: the reference fails without diagnostics: {err}')
    lines = []
    for diag in json.loads(err)['diagnostics']:
        s = diag.get('subject')
        where = '-' if not s else (f"{s['filename']}:{s['start']['line']}:{s['start']['column']}-"
                                   f"{s['end']['line']}:{s['end']['column']}@{s['start']['byte']}-{s['end']['byte']}")
        one = lambda t: t.replace('\n', ' ')
        lines.append(f"{diag['severity']} {where} {one(diag['summary'])} | {one(diag.get('detail', ''))}\n")
    return out + ''.join(sorted(lines))

def dec(path):
    """<case>.hcldec -> <case>.expected (see tests/golden/dec_golden.cpp)."""
    d, spec = os.path.split(os.path.abspath(path))
    stem = spec[:-len('.hcldec')]
    options, listed = ['--with-type'], []
    args = os.path.join(d, stem + '.args')
    if os.path.exists(args):
        options = []
        for line in open(args, encoding='utf-8').read().split('\n'):
            if not line:
                continue
            (options if line.startswith('-') else listed).append(line)
    if listed:
        return '== ' + ' '.join(listed) + '\n' + dec_section(d, spec, listed, options)
    out = ''
    for suffix in ('.hcl', '.json', '.hcl.json'):
        if os.path.exists(os.path.join(d, stem + suffix)):
            out += f'== {stem + suffix}\n' + dec_section(d, spec, [stem + suffix], options)
    return out

FEATURES = {'validate': ('.hcl', '.diag', validate), 'fmt': ('.hcl', '.out', fmt), 'json': ('.hcl', '.json', to_json),
            'eval': ('.cases', '.expected', eval_cases), 'dec': ('.hcldec', '.expected', dec),
            'body': ('.hcl', '.expected', body), 'jsonsyntax': ('.tf.json', '.expected', jsonsyntax)}

def main():
    feature = sys.argv[1]
    suffix, out_suffix, fn = FEATURES[feature]
    files = sys.argv[2:]
    if not files:
        base = os.path.join(ROOT, 'testdata', feature)
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(base) for f in fs if f.endswith(suffix))
    for f in files:
        if feature == 'eval' and 'departures' in os.path.relpath(f, ROOT).split(os.sep):
            print(f'kept {f[:-len(suffix)] + out_suffix} (a deliberate departure from the reference)')
            continue
        if feature == 'eval' and 'terraform' in os.path.relpath(f, ROOT).split(os.sep):
            print(f'kept {f[:-len(suffix)] + out_suffix} (Terraform functions the reference lacks: reviewed by hand)')
            continue
        if feature in ('dec', 'jsonsyntax') and 'departures' in os.path.relpath(f, ROOT).split(os.sep):
            print(f'kept {f[:-len(suffix)] + out_suffix} (a deliberate departure from hcldec: reviewed by hand)')
            continue
        if feature == 'json' and 'fixes' in os.path.relpath(f, ROOT).split(os.sep):
            print(f'kept {f[:-len(suffix)] + out_suffix} (a deliberate departure from hcl2json)')
            continue
        out = fn(f)
        if out is None:
            print(f'kept {f[:-len(suffix)] + out_suffix} (the reference reads it differently or rejects it: '
                  'expected output reviewed by hand)')
            continue
        with open(f[:-len(suffix)] + out_suffix, 'w', encoding='utf-8', errors='surrogateescape', newline='') as o:
            o.write(out)
        print(f'wrote {f[:-len(suffix)] + out_suffix}')

main()
