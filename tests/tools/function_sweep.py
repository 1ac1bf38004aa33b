#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Expressions calling the collection, sequence, set and numeric functions on every pairing of a
set of awkward arguments (empty and mixed sequences, sets, maps, objects, nulls, primitives), for
differential runs against the reference:

  python3 tests/tools/function_sweep.py | python3 tests/tools/eval_diff.py -q -

Differences to expect: calls where the reference's function panics, whose messages carry a Go
stack trace (see testdata/eval/departures/panics.cases).
"""

SAMPLES = ['[]', '[1]', '["a"]', '[1, "a"]', 'tolist(["a"])', 'toset(["b", "a"])', 'tomap({a = 1})', '{a = 1}',
           'null', '"x"', '1', 'true', '[[1], [2]]', '[null]', '{}', 'tolist([])', 'toset([])', 'tomap({})',
           '[{a = 1}, {a = 2}]', '[tolist(["x"]), ["y"]]', 'xs', 'tags', 'subnets', '-1.5', '1e30']
SECOND = ['0', '1', '"a"', '[]', '["a"]', '[1]', '{a = 2}', 'null', 'tomap({b = "x"})', '2.5', '-1', 'toset([1])']
ONE_ARG = ['length', 'flatten', 'keys', 'values', 'reverse', 'distinct', 'sort', 'compact', 'coalescelist', 'concat',
           'merge', 'setunion', 'setintersection', 'abs', 'ceil', 'floor', 'signum', 'max', 'min', 'coalesce',
           'setproduct']
TWO_ARGS = ['contains', 'element', 'chunklist', 'lookup', 'zipmap', 'setproduct', 'setintersection', 'setsubtract',
            'setunion', 'concat', 'merge', 'coalesce', 'coalescelist', 'parseint', 'pow', 'log', 'range']


def main():
    for f in ONE_ARG:
        for a in SAMPLES:
            print(f'{f}({a})')
    for f in TWO_ARGS + ['slice']:
        for a in SAMPLES:
            for b in SECOND:
                print(f'slice({a}, 0, {b})' if f == 'slice' else f'{f}({a}, {b})')


main()
