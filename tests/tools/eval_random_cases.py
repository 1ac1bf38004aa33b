#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes pseudo-random eval cases (testdata/eval/random_*.cases) for the differential suite.

usage: eval_random_cases.py KIND SEED COUNT > FILE.cases
kinds:
  arith    arithmetic over literals of every shape, 50 per case, as strings (infinities print)
  parse    tonumber() of number-like strings, and comparisons mixing precisions, 50 per case
  convert  convert(), conditionals and equality over random values and type constraints
  types    random values with random --type constraints (optional attributes and defaults)
  expr     every expression form over the suite's variables, many of them wrong on purpose
The seed makes the output reproducible. Cases whose reference answer varies from run to run
(cty picks among several mismatching attributes in Go's random map order) are left out, so
this needs hcl-oracle on PATH.
"""
import json, random, subprocess, sys

VARS = None


def arith(n):
    def lit():
        k = random.random()
        sign = '-' if random.random() < 0.3 else ''
        if k < 0.25: return sign + str(random.randint(0, 10 ** random.randint(1, 30)))
        if k < 0.5: return sign + f"{random.randint(0, 10**6)}.{random.randint(0, 10 ** random.randint(1, 20))}"
        if k < 0.7: return sign + f"{random.randint(1, 99)}e{random.randint(-60, 60)}"
        if k < 0.85: return sign + f"0.{'0' * random.randint(0, 10)}{random.randint(1, 999)}"
        return sign + random.choice(['1', '3', '7', '0.1', '0.2', '0.3', '1e21', '1e-7', '2.5', '9007199254740993'])
    def expr(d=0):
        if d > 2 or random.random() < 0.3:
            l = lit()
            return f'({l})' if l.startswith('-') else l
        return f"({expr(d + 1)} {random.choice('+-*/%')} {expr(d + 1)})"
    for _ in range(n):
        yield "[" + ", ".join(f'try(tostring({expr()}), "ERR")' for _ in range(50)) + "]"


def parse(n):
    chars = "0123456789.eE+-pPxInf_ a"
    def s():
        k = random.random()
        if k < 0.5: return ''.join(random.choice(chars[:14]) for _ in range(random.randint(1, 8)))
        if k < 0.8:
            return (f"{random.choice(['', '-', '+'])}{random.randint(0, 999)}{random.choice(['', '.', '.5', '.25'])}"
                    f"{random.choice(['', 'e3', 'E-2', 'p4', 'e+10', 'e'])}")
        return ''.join(random.choice(chars) for _ in range(random.randint(0, 6)))
    def num():
        return random.choice(['1', '1.0', '0.1', '0.10', '1/3', '2/6', '0.333', '-0', '0', '1e2', '100', '"100"',
                              '"1e2"', '1/0', '-1/0', 'length("ab")/3', '2/3'])
    for i in range(n):
        if i % 2 == 0:
            yield "[" + ", ".join(f'try(tostring(tonumber("{s()}")), "ERR")' for _ in range(50)) + "]"
        else:
            yield "[" + ", ".join(f'[{num()} == {num()}, {num()} < {num()}, {num()} >= {num()}]' for _ in range(50)) + "]"


def value(d=0, collections=True):
    k = random.random()
    if d > 2 or k < 0.35: return random.choice(['1', '"1"', '"x"', 'true', '"true"', 'null', '2.5', '0'])
    if k < 0.55: return '[' + ', '.join(value(d + 1, collections) for _ in range(random.randint(0, 3))) + ']'
    if k < 0.8 or not collections:
        return '{' + ', '.join(f'{a} = {value(d + 1, collections)}' for a in random.sample("abc", random.randint(0, 3))) + '}'
    return f"{random.choice(['tolist', 'toset', 'tomap'])}({value(d + 1, collections)})"


def type_expr(d=0):
    k = random.random()
    if d > 2 or k < 0.35: return random.choice(['string', 'number', 'bool', 'any'])
    if k < 0.55: return random.choice(['list', 'set', 'map']) + f'({type_expr(d + 1)})'
    if k < 0.85:
        attrs = []
        for a in random.sample("abc", random.randint(0, 3)):
            t = type_expr(d + 1)
            r = random.random()
            if r < 0.3: t = f'optional({t})'
            elif r < 0.55: t = f'optional({t}, {value(2, False)})'
            attrs.append(f'{a} = {t}')
        return 'object({' + ', '.join(attrs) + '})'
    return 'tuple([' + ', '.join(type_expr(d + 1) for _ in range(random.randint(0, 3))) + '])'


def convert(n):
    for i in range(n):
        r = i % 3
        if r == 0: yield f'convert({value()}, {type_expr().replace("optional(", "(").replace(", ", ", ")})'
        elif r == 1: yield f'true ? {value()} : {value()}'
        else: yield f'[{value()}, {value()}] == [{value()}, {value()}]'


def types(n):
    for _ in range(n):
        yield {"expr": value(collections=False), "type": type_expr()}


# Functions both the reference and hcl have, with how many arguments each takes.
FUNCS = {'length': 1, 'upper': 1, 'lower': 1, 'tostring': 1, 'tonumber': 1, 'tobool': 1, 'tolist': 1,
         'toset': 1, 'tomap': 1, 'element': 2, 'concat': 2, 'join': 2, 'format': 2, 'coalesce': 2,
         'keys': 1, 'values': 1, 'lookup': 3, 'contains': 2, 'max': 2, 'min': 2, 'abs': 1, 'jsonencode': 1,
         'try': 2, 'can': 1, 'split': 2, 'substr': 3, 'reverse': 1, 'flatten': 1, 'merge': 2, 'range': 2,
         'compact': 1, 'distinct': 1, 'sort': 1, 'slice': 3, 'formatlist': 2, 'zipmap': 2, 'setunion': 2,
         'coalescelist': 2, 'chunklist': 2, 'ceil': 1, 'floor': 1, 'signum': 1, 'strlen': 1, 'trimspace': 1,
         'jsondecode': 1, 'replace': 3, 'regex': 2, 'pow': 2, 'log': 2, 'parseint': 2, 'chomp': 1}


def expression(d=0):
    """Any expression form: operators (short-circuit included), conditionals, calls, traversals,
    splats, for expressions and templates over the suite's variables, some of them wrong."""
    r = random.random()
    if d > 2 or r < 0.3:
        return random.choice(['1', '0', '-1', '2.5', '"a"', '"1"', '"true"', '""', 'true', 'false', 'null', '[]',
                              '{}', '[1, 2]', '["a", "b"]', '{a = 1}', '{a = "x", b = true}', 'name', 'n', 'xs',
                              'subnets', 'tags', 'maybe', 'big', 'nosuch', 'xs[0]', 'xs[5]', 'tags.a', 'tags.c',
                              'maybe.a', 'subnets[0].cidr', 'subnets[*].public', 'xs[*]', 'name[0]', '1e400',
                              'length(xs)', 'pow(2, 64)', '18446744073709551616'])
    e = lambda: expression(d + 1)
    if r < 0.45:
        return f"{e()} {random.choice(['+', '-', '*', '/', '%', '==', '!=', '<', '>', '<=', '>=', '&&', '||', '&&', '||'])} {e()}"
    if r < 0.52: return f"{random.choice(['!', '-'])}{e()}"
    if r < 0.6: return f"{e()} ? {e()} : {e()}"
    if r < 0.62: return f"({e()})"
    if r < 0.8:
        name = random.choice(sorted(FUNCS))
        args = ', '.join(e() for _ in range(FUNCS[name] if random.random() < 0.9 else random.randint(0, 3)))
        return f"{name}({args})"
    if r < 0.85: return f"[{', '.join(e() for _ in range(random.randint(0, 3)))}]"
    if r < 0.88: return f"{{{', '.join(f'{k} = {e()}' for k in random.sample('abc', random.randint(0, 2)))}}}"
    if r < 0.93:
        coll = random.choice(['xs', 'tags', 'subnets', 'name', 'maybe', '[1, "a", true]', e()])
        if random.random() < 0.5:
            cond = f" if {e()}" if random.random() < 0.4 else ''
            return f"[for i, x in {coll} : {random.choice(['x', 'i', e()])}{cond}]"
        return f"{{for k, v in {coll} : tostring(k) => {random.choice(['v', e()])}}}"
    if r < 0.97: return f'"x${{{e()}}}y"'
    return f'"%{{if {e()}}}a%{{else}}b%{{endif}}"'


def exprs(n):
    for _ in range(n):
        yield expression()


def oracle(case):
    c = case if isinstance(case, dict) else {'expr': case}
    args = ['hcl-oracle', 'eval', '--vars', VARS]
    if c.get('type'): args += ['--type', c['type']]
    return subprocess.run(args + ['--', c['expr']], capture_output=True).stdout


def main():
    global VARS
    import os
    VARS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), 'testdata', 'eval', 'vars.json')
    kind, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    random.seed(seed)
    gen = {'arith': arith, 'parse': parse, 'convert': convert, 'types': types, 'expr': exprs}[kind]
    print(f'# eval_random_cases.py {kind} {seed} {count}')
    for case in gen(count):
        first = oracle(case)
        if any(oracle(case) != first for _ in range(8)):
            continue  # the reference's answer varies from run to run
        print(json.dumps(case, ensure_ascii=False))


main()
