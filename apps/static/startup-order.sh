#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes apps/static/startup-order.txt: the functions and data objects short runs of hcl use, in
# the order they first use them. The static executable is linked with lld's
# --symbol-ordering-file (apps/CMakeLists.txt), which places those symbols side by side.
#
# Why: a run such as `hcl eval '1 + 1'` does little work, and most of its time goes to touching
# pages for the first time. Left in link order, the code it runs is spread over about 200 pages
# of a 4 MB text segment (glibc's and libstdc++'s start-up, CLI11, the lexer, parser and
# evaluator); side by side, over about 80. Under a hypervisor each first touch costs a few
# microseconds (tests/bench/eval_bench.sh shows the effect).
#
# When: after changes to the start-up path or the evaluator's core, or to the toolchain. A stale
# list is harmless: names it lacks are placed as usual, and names that no longer exist are
# ignored, so the cost is only some pages more.
#
# Needs valgrind (its lackey tool records every instruction and data access) and python3.
# usage: apps/static/startup-order.sh [BUILD_DIR]   (default: build-startup-order)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build-startup-order}
out=$root/apps/static/startup-order.txt

# A Release build like the real one, unstripped so that addresses map to symbol names.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DHCL_STRIP=OFF -DHCL_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --target hcl -j"$(nproc)" >/dev/null
hcl=$build/hcl

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The short runs to lay out for, most important first: their order is the layout's order.
runs=(
  "eval|1 + 1"
  "eval|upper(name)|--var|name=web|-r"
  "validate|$root/examples/main.tf"
  "fmt|--check|$root/examples/main.tf"
  "json|$root/examples/main.tf"
)
i=0
for run in "${runs[@]}"; do
  IFS='|' read -r -a args <<<"$run"
  valgrind --tool=lackey --trace-mem=yes --log-file="$tmp/trace.$i" "$hcl" "${args[@]}" >/dev/null 2>&1 || true
  i=$((i + 1))
done

python3 - "$hcl" "$out" "$tmp"/trace.* <<'EOF'
import bisect, subprocess, sys

binary, out, traces = sys.argv[1], sys.argv[2], sorted(sys.argv[3:], key=lambda t: int(t.rsplit('.', 1)[1]))
code, data = [], []
for line in subprocess.check_output(['nm', '-n', '-S', '--defined-only', binary], text=True).splitlines():
    fields = line.split()
    if len(fields) != 4:
        continue
    start, size, kind, name = int(fields[0], 16), int(fields[1], 16), fields[2], fields[3]
    if kind in 'tTwW':
        code.append((start, size, name))
    elif kind in 'rRdDbBvV':
        data.append((start, size, name))
starts = {id(code): [s for s, _, _ in code], id(data): [s for s, _, _ in data]}

seen, order = set(), []
def touch(table, address, within_size):
    i = bisect.bisect_right(starts[id(table)], address) - 1
    if i < 0:
        return
    start, size, name = table[i]
    if within_size and address >= start + max(size, 1):
        return
    if name not in seen:
        seen.add(name)
        order.append(name)

for trace in traces:
    with open(trace) as f:
        for line in f:
            # lackey: "I  addr,size" for instructions, " L|S|M addr,size" for data.
            if line.startswith('I'):
                touch(code, int(line.split()[1].split(',')[0], 16), False)
            elif line.startswith(' '):
                touch(data, int(line.split()[1].split(',')[0], 16), True)

with open(out, 'w') as f:
    f.write('\n'.join(order) + '\n')
print(f'{out}: {len(order)} symbols from {len(traces)} runs')
EOF
