#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`hcl fmt --sort` on every file of the corpus that parses, in both modes (--sort, --sort=all):

- idempotent: sorting the result again changes nothing;
- fmt-clean: `hcl fmt --check` passes on the result;
- order-only: `hcl json` of the file before and after is the same value (JSON objects compare
  without regard to key order; arrays, which hold repeated blocks, in order).

usage: sort_corpus.py --hcl HCL CORPUS_REAL_DIR [--show N]
Prints one line of figures per mode; exits 1 on any failure.
"""
import argparse, filecmp, json, os, shutil, subprocess, sys, tempfile

MODES = ['--sort', '--sort=all']
BATCH = 1000


def batches(files):
    for i in range(0, len(files), BATCH):
        yield files[i:i + BATCH]


def run(hcl, args, cwd, files):
    """Runs `hcl ARGS -- FILES` in batches (one process formats a batch on every core)."""
    outs = []
    for chunk in batches(files):
        r = subprocess.run([hcl] + args + ['--'] + chunk, cwd=cwd, capture_output=True, timeout=1200)
        outs.append(r)
    return outs


def json_of(hcl, cwd, files):
    """hcl json of every file that parses, by path (files that do not parse are left out)."""
    out = {}
    for r in run(hcl, ['json', '--compact', '--syntax', 'hcl'], cwd, files):
        if r.stdout.strip():
            out.update(json.loads(r.stdout))
    return out


def unformatted(hcl, args, cwd, files):
    """The files `hcl fmt ARGS --check` reports as not formatted."""
    bad = set()
    for r in run(hcl, ['fmt'] + args + ['--check', '--format', 'json'], cwd, files):
        bad |= {f['path'] for f in json.loads(r.stdout)['files'] if not f['formatted']}
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--hcl', required=True)
    ap.add_argument('--show', type=int, default=20)
    ap.add_argument('corpus')
    a = ap.parse_args()
    hcl = os.path.abspath(a.hcl)
    files = sorted(os.path.relpath(os.path.join(d, f), a.corpus) for d, _, fs in os.walk(a.corpus) for f in fs)
    failures = []
    work = tempfile.mkdtemp(prefix='sort-corpus-')

    def copy(name, fmt_args):
        """The corpus copied and formatted with `hcl fmt FMT_ARGS`; failures to write noted."""
        tree = os.path.join(work, name)
        shutil.copytree(a.corpus, tree, symlinks=True)
        # The corpus may be read-only; its copy is rewritten.
        for d, _, fs in os.walk(tree):
            for f in fs:
                p = os.path.join(d, f)
                if not os.path.islink(p):
                    os.chmod(p, 0o644)
        for r in run(hcl, ['fmt'] + fmt_args + ['--no-list'], tree, files):
            err = r.stderr.decode(errors='replace')
            if 'cannot' in err or 'Cannot' in err:
                failures.append((' '.join(fmt_args) or 'fmt', '-', 'formatting failed: ' + err[:300]))
        return tree

    try:
        # hcl json prints expressions as written: the baseline is the file formatted, not sorted
        # (formatting respaces expressions; the Terraform style rewrites some).
        plain = copy('plain', [])
        before = json_of(hcl, plain, files)
        valid = sorted(before)
        if not valid:
            print('no file parsed: nothing was checked', file=sys.stderr)
            return 1
        for mode in MODES:
            tree = copy(mode.strip('-').replace('=', '_'), [mode])
            for f in sorted(unformatted(hcl, [mode], tree, valid)):
                failures.append((mode, f, 'not idempotent (sorting again changes it)'))
            for f in sorted(unformatted(hcl, [], tree, valid)):
                failures.append((mode, f, 'not fmt-clean'))
            after = json_of(hcl, tree, valid)
            for f in valid:
                if after.get(f) != before[f]:
                    failures.append((mode, f, 'hcl json differs' if f in after else 'no longer parses'))
            bad = len({f for m, f, _ in failures if m == mode})
            moved = sum(1 for f in valid if not filecmp.cmp(os.path.join(plain, f), os.path.join(tree, f), shallow=False))
            print(f'{mode}: {len(valid) - bad}/{len(valid)} files sorted idempotent, fmt-clean and order-only '
                  f'({moved} reordered)')
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for m, f, why in failures[:a.show]:
        print(f'  {m} {f}: {why}')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
