#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Every source file names its license in one line (SPDX-License-Identifier: Apache-2.0) near its
# top: after the shebang of a script, first otherwise. `packaging/spdx.sh` adds the line where it
# is missing; `packaging/spdx.sh --check` lists the files without it and fails if there are any.
# usage: spdx.sh [--check] [SOURCE_DIR]
set -eu
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
cd "${1:-$(dirname "$0")/..}"
tag='SPDX-License-Identifier: Apache-2.0'
missing=0
files=$(find apps lib tests completions packaging examples .ci CMakeLists.txt .pre-commit-hooks.yaml action.yml \
          -path tests/fuzz/regressions -prune -o -type f \
          \( -name '*.cpp' -o -name '*.h' -o -name '*.sh' -o -name '*.py' -o -name 'CMakeLists.txt' \
             -o -name '*.cmake' -o -name '*.cmake.in' -o -name '*.pc.in' -o -name '*.bash' -o -name '*.fish' \
             -o -name '_hcl' -o -name 'run' -o -name '*.yml' -o -name '*.yaml' -o -name 'Dockerfile' \) \
          -print 2>/dev/null | sort)
for f in $files; do
  head -n 3 "$f" | grep -q "$tag" && continue
  missing=$((missing + 1))
  if [ $check = 1 ]; then echo "$f"; continue; fi
  case $f in
    *.cpp|*.h) line="// $tag" ;;
    *) line="# $tag" ;;
  esac
  first=$(head -n 1 "$f")
  case $first in
    '#!'*|'#compdef'*) { printf '%s\n%s\n' "$first" "$line"; tail -n +2 "$f"; } > "$f.spdx" ;;
    *) { printf '%s\n' "$line"; cat "$f"; } > "$f.spdx" ;;
  esac
  cat "$f.spdx" > "$f" && rm "$f.spdx"  # keeps the file's mode
done
if [ $check = 1 ] && [ $missing -gt 0 ]; then echo "$missing file(s) without '$tag'" >&2; exit 1; fi
exit 0
