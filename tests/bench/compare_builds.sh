#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmark (not a test): the rows of the other benchmark scripts (validate, fmt, json on every
# generated shape, the corpus directory, eval) run by two builds of hcl, counted in instructions
# with callgrind. A count does not move with what else the machine is doing, so two commits can
# be compared on a shared machine where wall and CPU times vary by more than the differences
# looked for. Rows where AFTER needs more than LIMIT percent (default 5) more instructions than
# BEFORE are marked, and the script then exits 1.
#
# usage: tests/bench/compare_builds.sh BEFORE_HCL AFTER_HCL
#        (SHAPES, SIZE_MB (default 2: callgrind runs about 50 times slower), CORPUS as in
#        validate_bench.sh; LIMIT; PARTS, default "shapes corpus eval")
BEFORE=${1:?usage: compare_builds.sh BEFORE_HCL AFTER_HCL}
AFTER=${2:?usage: compare_builds.sh BEFORE_HCL AFTER_HCL}
SIZE_MB=${SIZE_MB:-2}
HCL=$AFTER
. "$(dirname "$0")/common.sh"
LIMIT=${LIMIT:-5}
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 2; }

# count IN HCL ARGS...: the instructions one run executes (all threads), standard input from IN.
count() {
  local in=$1
  shift
  # The status is not looked at: `fmt --check` of an unformatted input exits 3.
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" <"$in" >/dev/null 2>"$WORK/callgrind.log" || true
  awk '/Collected :/ { print $NF }' "$WORK/callgrind.log"
}

slower=0
# row LABEL BEFORE_COUNT AFTER_COUNT: prints it, and counts it if AFTER is over the limit.
row() {
  local label=$1 b=$2 a=$3
  if awk -v b="$b" -v a="$a" -v lim="$LIMIT" 'BEGIN { exit !(a > b * (1 + lim / 100)) }'; then
    slower=$((slower + 1))
  fi
  awk -v l="$label" -v b="$b" -v a="$a" -v lim="$LIMIT" 'BEGIN {
    d = (a - b) * 100 / b
    printf "%-34s %15d %15d %+7.2f%%%s\n", l, b, a, d, (d > lim ? "  SLOWER" : "")
  }'
}

# compare LABEL IN ARGS...: one row, both builds.
compare() {
  local label=$1 in=$2
  shift 2
  row "$label" "$(count "$in" "$BEFORE" "$@")" "$(count "$in" "$AFTER" "$@")"
}

# walk_flag HCL SUBCOMMAND: "-r" where the subcommand walks a directory's subdirectories only when
# asked (as terraform fmt does); nothing for builds that walked them always.
walk_flag() {
  if "$1" help "$2" 2>/dev/null | grep -q -- '--recursive'; then echo -r; fi
}

# compare_walk SUBCOMMAND DIR: the subcommand on a directory tree, each build walking all of it.
compare_walk() {
  local sub=$1 dir=$2
  row "$sub corpus" "$(count /dev/null "$BEFORE" "$sub" $(walk_flag "$BEFORE" "$sub") "$dir")" \
    "$(count /dev/null "$AFTER" "$sub" $(walk_flag "$AFTER" "$sub") "$dir")"
}

echo "before: $BEFORE ($("$BEFORE" --version | head -n 1))"
echo "after:  $AFTER ($("$AFTER" --version | head -n 1))"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); ${SIZE_MB} MB inputs"
printf "%-34s %15s %15s %8s\n" "row (instructions)" "before" "after" "change"
PARTS=${PARTS:-shapes corpus eval}
part() { [[ " $PARTS " == *" $1 "* ]]; }
part shapes || SHAPES=""
for shape in $SHAPES; do
  f=$(shape_file "$shape")
  compare "validate $shape" /dev/null validate -q "$f"
  compare "fmt - $shape" "$f" fmt -
  compare "fmt --check $shape" /dev/null fmt --check "$f"
  compare "fmt --terraform - $shape" "$f" fmt --terraform -
  compare "json $shape" /dev/null json "$f"
  compare "json --compact $shape" /dev/null json --compact "$f"
done
if part corpus; then
  compare_walk validate "$CORPUS/real"
  compare "fmt --check corpus" /dev/null fmt --check --recursive "$CORPUS/real"
  compare_walk json "$CORPUS/real"
fi
if part eval; then
  python3 -c "import json; json.dump({'xs': list(range(100000)),
    'names': ['n%d' % i for i in range(100000)]}, open('$WORK/big.json', 'w'))"
  compare "eval '1 + 1'" /dev/null eval '1 + 1'
  for expr in '[for x in xs : x * 2]' '{for i, s in names : s => i if i % 2 == 0}' '[for s in names : "${s}-x"]'; do
    compare "eval $expr" /dev/null eval --vars "$WORK/big.json" "$expr"
  done
fi
echo "$slower row(s) more than $LIMIT% slower"
[ "$slower" -eq 0 ]
