#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the build into a temporary prefix and builds an example consumer against it, once with
# find_package(hcl) and once with pkg-config.
# usage: consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
BUILD=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cmake --install "$BUILD" --prefix "$TMP/prefix" >/dev/null
printf 'a = 1\nb "x" {\n  c = 2\n}\nd = [1, 2]\n' > "$TMP/in.hcl"

cmake -S "$SRC/tests/package/consumer" -B "$TMP/cmake-build" -DCMAKE_PREFIX_PATH="$TMP/prefix" >/dev/null
cmake --build "$TMP/cmake-build" >/dev/null
out=$("$TMP/cmake-build/hcl_consumer" "$TMP/in.hcl")
[ "$out" = "attributes=2 blocks=1 diagnostics=0" ] || { echo "find_package consumer printed: $out"; exit 1; }

export PKG_CONFIG_PATH=$(dirname "$(find "$TMP/prefix" -name hcl.pc)")
g++ -o "$TMP/pc-consumer" "$SRC/tests/package/consumer/main.cpp" $(pkg-config --cflags --libs hcl)
out=$("$TMP/pc-consumer" "$TMP/in.hcl")
[ "$out" = "attributes=2 blocks=1 diagnostics=0" ] || { echo "pkg-config consumer printed: $out"; exit 1; }
echo ok
