#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential testing of `hcl eval` against the reference oracle (`hcl-oracle eval`).

usage:
  eval_diff.py [options] CASES...            cases files (testdata/eval/*.cases format)
  eval_diff.py [options] --examples FILE     the rows of ../shared/reference/EXAMPLES.md: eval and template
                                             byte for byte; tokens, validate, fmt and body by meaning
  eval_diff.py [options] -                   one expression per line on stdin

options:
  --hcl PATH        the hcl binary (default: build/hcl)
  --oracle PATH     the reference (default: hcl-oracle on PATH); with --examples, the recorded
                    outputs are used instead unless --rerun is given
  --vars FILE       variables for every case (default: testdata/eval/vars.json)
  -q                print only the summary and mismatches

A case is a line holding a JSON string (the expression) or a JSON object
{"expr": ..., "type": ..., "template": true, "vars": {NAME: VALUE}}; lines starting with # are
comments. Both programs must print the same document (byte for byte) and exit the same way;
a case the reference fails only because it lacks a Terraform function hcl has is counted apart.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read_cases(path):
    cases = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            c = json.loads(line)
            if isinstance(c, str):
                c = {'expr': c}
            c['line'] = line
            cases.append(c)
    return cases


def case_args(case, vars_file):
    args = ['template' if case.get('template') else 'eval']
    if vars_file:
        args += ['--vars', vars_file]
    for k, v in case.get('vars', {}).items():
        args += ['--var', f'{k}={json.dumps(v)}']
    if case.get('type'):
        args += ['--type', case['type']]
    return args


def run_oracle(oracle, case, vars_file):
    a = case_args(case, vars_file)
    r = subprocess.run([oracle] + a + ['--', case['expr']], capture_output=True)
    return r.returncode, r.stdout.decode('utf-8', 'surrogateescape').rstrip('\n')


def run_hcl(hcl, case, vars_file):
    a = case_args(case, vars_file)
    cmd = [hcl, 'eval', '--format', 'oracle'] + a[1:]
    if case.get('template'):
        cmd.append('--template')
    r = subprocess.run(cmd + ['--', case['expr']], capture_output=True)
    return r.returncode, r.stdout.decode('utf-8', 'surrogateescape').rstrip('\n')


def examples_cases(path):
    """Rows of the eval, template and --type tables of EXAMPLES.md, with their recorded output."""
    cases = []
    section = None
    json_inputs = False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('## '):
                section = line[3:].strip()
                continue
            if line.startswith('| expression (JSON string)') or line.startswith('| template (JSON string)'):
                json_inputs = True
                continue
            if line.startswith('| expression') or line.startswith('| template'):
                json_inputs = False
                continue
            if section not in ('eval', 'template') or not line.startswith('| `'):
                continue
            cells = [c.strip() for c in re.split(r'(?<!\\)\|', line.strip())[1:-1]]
            cells = [c.replace('\\|', '|') for c in cells]
            def code(c):
                return c[1:-1] if c.startswith('`') and c.endswith('`') else c
            expr = code(cells[0])
            if json_inputs:
                expr = json.loads(expr)
            case = {'expr': expr, 'template': section == 'template'}
            if len(cells) == 4:
                case['type'] = code(cells[1])
                case['exit'], case['expected'] = int(cells[2]), code(cells[3])
            else:
                case['exit'], case['expected'] = int(cells[1]), code(cells[2])
            case['line'] = json.dumps({k: v for k, v in case.items() if k in ('expr', 'type', 'template') and v})
            cases.append(case)
    return cases


def other_rows(path):
    """Rows of the tokens, validate, fmt and body tables of EXAMPLES.md: (section, input, exit, output)."""
    rows, section = [], None
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('## '):
                section = line[3:].strip()
                continue
            if section not in ('tokens', 'validate', 'fmt', 'body') or not line.startswith('| `'):
                continue
            cells = [c.strip().replace('\\|', '|') for c in re.split(r'(?<!\\)\|', line.strip())[1:-1]]
            code = lambda c: c[1:c.index('`', 1)] if c.startswith('`') else c
            rows.append((section, json.loads(code(cells[0])), int(cells[1]), cells[2]))
    return rows


def check_other(hcl, vars_file, row):
    """hcl's answer for a tokens/validate/fmt/body row, compared by meaning where hcl's output
    format differs from the oracle's (token and diagnostic lists, the formatted text)."""
    section, text, want_exit, want = row
    run = lambda args: subprocess.run([hcl] + args, input=text.encode(), capture_output=True)
    expected = want[1:want.index('`', 1)] if want.startswith('`') else want
    if section == 'tokens':
        got = run(['tokens', '-'])
        return json.loads(got.stdout) == json.loads(expected), got.stdout.decode()
    if section == 'validate':
        got = run(['validate', '--format', 'json', '-'])
        doc = json.loads(got.stdout)
        strip = lambda ds: [{k: d[k] for k in ('severity', 'summary', 'detail', 'range') if k in d} for d in ds]
        want_file = json.loads(expected)['files'][0]
        same = doc['valid'] == want_file['valid'] and strip(doc['diagnostics']) == strip(want_file['diagnostics'])
        return same and (got.returncode != 0) == (want_exit != 0), got.stdout.decode()
    if section == 'fmt':
        got = run(['fmt', '-'])
        if want_exit != 0:
            return got.returncode != 0, got.stderr.decode()
        return got.returncode == 0 and got.stdout.decode() == json.loads(expected), got.stdout.decode()
    got = run(['eval', '--file', '-', '--format', 'oracle', '--vars', vars_file])
    return (got.returncode, got.stdout.decode().rstrip('\n')) == (want_exit, expected), got.stdout.decode()


def main():
    argv = sys.argv[1:]
    hcl = os.path.join(ROOT, 'build', 'hcl')
    oracle = 'hcl-oracle'
    vars_file = os.path.join(ROOT, 'testdata', 'eval', 'vars.json')
    examples = None
    rerun = quiet = False
    files = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ('--hcl', '--oracle', '--vars', '--examples'):
            v = argv[i + 1]
            i += 2
            if a == '--hcl': hcl = v
            elif a == '--oracle': oracle = v
            elif a == '--vars': vars_file = v
            else: examples = v
            continue
        if a == '--rerun': rerun = True
        elif a == '-q': quiet = True
        else: files.append(a)
        i += 1

    cases = []
    if examples:
        cases = examples_cases(examples)
    for f in files:
        if f == '-':
            cases += [{'expr': l.rstrip('\n'), 'line': json.dumps(l.rstrip('\n'))} for l in sys.stdin if l.strip()]
        else:
            cases += read_cases(f)

    def check(case):
        got = run_hcl(hcl, case, vars_file)
        if 'expected' in case and not rerun:
            want = (case['exit'], case['expected'])
        else:
            want = run_oracle(oracle, case, vars_file)
        return case, want, got

    # hcl has Terraform's functions, which the reference's table lacks (docs/COMPATIBILITY.md): a
    # case where the reference's only complaint is such a function is a known difference.
    ours = {l.split('(')[0] for l in subprocess.run([hcl, 'eval', '--functions'], capture_output=True,
                                                     text=True).stdout.splitlines()}
    def lacks_function(want):
        try:
            diags = json.loads(want[1]).get('diagnostics') or []
        except ValueError:
            return False
        names = [re.match(r'There is no function named "([^"]+)"', d.get('detail', '')) for d in diags]
        return bool(diags) and all(d['summary'] == 'Call to unknown function' and m and m.group(1) in ours
                                   for d, m in zip(diags, names))

    mismatches = known = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for case, want, got in pool.map(check, cases):
            if want == got:
                continue
            if lacks_function(want):
                known += 1
                if not quiet:
                    print(f"KNOWN {case['line']}: a Terraform function the reference lacks")
                continue
            mismatches += 1
            print(f"MISMATCH {case['line']}\n  reference ({want[0]}): {want[1]}\n  hcl       ({got[0]}): {got[1]}")
    note = f'; {known} call Terraform functions the reference lacks (documented)' if known else ''
    print(f'{len(cases) - mismatches - known}/{len(cases)} agree{note}; {mismatches} differ')
    if examples:
        rows = other_rows(examples)
        bad = 0
        for row in rows:
            ok, got = check_other(hcl, vars_file, row)
            if not ok:
                bad += 1
                print(f"MISMATCH {row[0]} {json.dumps(row[1])}\n  reference ({row[2]}): {row[3]}\n  hcl: {got}")
        print(f'tokens, validate, fmt, body rows: {len(rows) - bad}/{len(rows)} agree')
        mismatches += bad
    sys.exit(1 if mismatches else 0)


main()
