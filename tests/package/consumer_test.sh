#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the build into a temporary prefix, checks that it holds exactly the public headers, and
# builds the complete example of docs/library.md against it (extracted from the page, so the
# guide cannot drift from the library), once with find_package(hcl) and once with pkg-config, and
# checks that it prints what the page says.
# usage: consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
BUILD=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cmake --install "$BUILD" --prefix "$TMP/prefix" >/dev/null

. "$SRC/tests/package/library_example.sh"
library_example "$SRC" "$TMP"

# Only the public interface is installed: these headers, nothing from the stages.
headers=$(cd "$TMP/prefix/include" && find . -type f | sort | tr '\n' ' ')
want="./hcl/diagnostic.h ./hcl/evaluate.h ./hcl/file.h ./hcl/format.h ./hcl/hcl.h ./hcl/json.h ./hcl/options.h ./hcl/result.h ./hcl/value.h ./hcl/version.h "
[ "$headers" = "$want" ] || { echo "installed headers: $headers"; echo "expected:          $want"; exit 1; }
# ... and they name nothing of the implementation: only <hcl/...> and standard headers, no Impl.
if grep -n '#include "\|Impl\b\|impl()\|^namespace hcl::' "$TMP/prefix/include/hcl/"*.h; then
  echo "a public header names the implementation"; exit 1
fi

cd "$TMP"
cmake -S "$SRC/tests/package/consumer" -B "$TMP/cmake-build" -DCMAKE_PREFIX_PATH="$TMP/prefix" \
  -DHCL_EXAMPLE="$TMP/example.cpp" >/dev/null
cmake --build "$TMP/cmake-build" >/dev/null
"$TMP/cmake-build/hcl_consumer" web.hcl > "$TMP/out-cmake"
diff -u "$TMP/expected" "$TMP/out-cmake" || { echo "find_package consumer differs from docs/library.md"; exit 1; }

export PKG_CONFIG_PATH=$(dirname "$(find "$TMP/prefix" -name hcl.pc)")
g++ -o "$TMP/pc-consumer" "$TMP/example.cpp" $(pkg-config --cflags --libs hcl)
"$TMP/pc-consumer" web.hcl > "$TMP/out-pc"
diff -u "$TMP/expected" "$TMP/out-pc" || { echo "pkg-config consumer differs from docs/library.md"; exit 1; }

# A diagnostic comes back rendered with the file's name, line and source line.
printf 'name = \n' > bad.hcl
if "$TMP/cmake-build/hcl_consumer" bad.hcl > "$TMP/out-bad"; then echo "a broken file passed"; exit 1; fi
grep -q 'on bad.hcl line 1' "$TMP/out-bad" || { echo "no rendered diagnostic:"; cat "$TMP/out-bad"; exit 1; }
echo ok
