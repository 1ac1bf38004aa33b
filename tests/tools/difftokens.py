#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential test of the lexer against the reference: random token soups and given files are
lexed by `hcl-oracle tokens` and by `hcl tokens`; every difference in kind, byte range or
line:column is printed. Developer tool: needs the reference built by ../shared/reference/build.sh.

usage: difftokens.py HCL_BINARY [--random N] [FILE...]
"""
import json, os, random, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

PIECES = [b'a', b'b1', b'-', b'$', b'%', b'{', b'}', b'~', b'"', b'\\', b'\n', b'\r', b'\r\n', b' ', b'\t',
          b'<<EOT\n', b'<<-EOT\n', b'EOT', b'  EOT', b'EOT\n', b'${', b'%{', b'~}', b'#', b'//', b'/*', b'*/',
          b'1', b'1.5', b'e', b'E+', b'.', b'\xc3\xa9', b'\xc3', b'\xff', b'\x00', b'\xe2\x80\x9c', b':', b'=',
          b'==', b'&', b'|', b'!', b'<', b'>', b'...', b'=>', b'x = ', b'"${', b'}"', b'$${', b'%%{', b'\\n',
          b'\\u00e9', b'q', b'[', b']', b'(', b')', b',', b'*', b'\xcc\x81', b'\xc0\x80', b'\xed\xa0\x80', b';',
          b'`', b"'", b'^', b'?', b'+', b'_', b'\xe4\xb8\xad',
          # Bytes the reference's generated name machine takes as letters though they are not UTF-8
          # (source/identifier.h), and a letter newer than its Unicode 9.0.
          b'\xc4', b'\xe5', b'\xf0\xab', b'\xe9\x01', b'\xe0\xa1\xa0', b'\xf0\x9f\x87\xab']

def oracle(path):
    r = subprocess.run(['hcl-oracle', 'tokens', path], capture_output=True)
    return json.loads(r.stdout)

def ours(binary, path):
    r = subprocess.run([binary, 'tokens', path], capture_output=True)
    return json.loads(r.stdout)

def key(t):
    return (t['type'], t['start']['byte'], t['end']['byte'], t['start']['line'], t['start']['column'],
            t['end']['line'], t['end']['column'])

def compare(binary, path):
    a, b = oracle(path), ours(binary, path)
    ka, kb = [key(t) for t in a], [key(t) for t in b]
    if ka == kb:
        return None
    for i, (x, y) in enumerate(zip(ka, kb)):
        if x != y:
            return f'{path}: token {i}: reference {x} ours {y}'
    return f'{path}: token count reference {len(ka)} ours {len(kb)}'

def main():
    binary = sys.argv[1]
    args = sys.argv[2:]
    files = []
    tmp = os.environ.get('KEEP') or tempfile.mkdtemp()
    if args and args[0] == '--random':
        n = int(args[1]); args = args[2:]
        rnd = random.Random(int(os.environ.get('SEED', '1')))
        for i in range(n):
            data = b''.join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 30)))
            p = os.path.join(tmp, f'r{i}.hcl')
            open(p, 'wb').write(data)
            files.append(p)
    files += args
    bad = 0
    with ThreadPoolExecutor(max_workers=4) as ex:
        for res in ex.map(lambda f: compare(binary, f), files):
            if res:
                bad += 1
                if bad <= 30:
                    print(res)
    print(f'{len(files) - bad}/{len(files)} agree')
    return 1 if bad else 0

sys.exit(main())
