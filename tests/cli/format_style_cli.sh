#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every C++ source is laid out as .clang-format says: this fails naming each file clang-format
# would change, so unformatted code cannot land. Formatting differs between clang-format
# releases, so the check runs only with the one the project pins (Debian 12's, version 14).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tool=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$tool" ] || ! "$tool" --version | grep -q 'version 14\.'; then
  if [ "${HCL_REQUIRE_TOOLS:-}" = 1 ]; then echo "FAIL: clang-format 14 is not installed (packaging/deps.sh installs it)" >&2; exit 1; fi
  echo "SKIP: clang-format 14 not installed"; exit 77
fi
cd "$root"
[ -f .clang-format ] || { echo "FAIL: no .clang-format at the root" >&2; exit 1; }
mapfile -t files < <(find lib apps tests -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
[ "${#files[@]}" -gt 100 ] || { echo "FAIL: found only ${#files[@]} sources" >&2; exit 1; }
# One clang-format process per batch of files, two at a time (a process per file spent most of
# the check starting processes); each file it would change is named in its warnings.
mapfile -t bad < <(printf '%s\0' "${files[@]}" |
  xargs -0 -n 64 -P 2 "$tool" --dry-run --Werror 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
for f in "${bad[@]}"; do echo "not formatted: $f (run: clang-format -i $f)" >&2; done
[ "${#bad[@]}" -eq 0 ] || { echo "FAIL: ${#bad[@]} of ${#files[@]} files differ from .clang-format" >&2; exit 1; }
echo "ok: ${#files[@]} sources match .clang-format"
