#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the npm package hcl-toolchain (docs/javascript.md): packaging/npm.sh [OUTDIR] leaves the
# tarball `npm install` takes (hcl-toolchain-<version>.tgz) in OUTDIR (default dist/).
# With --no-pack it stops at the package folder, BUILD_DIR/package (the CMake option HCL_JS
# builds it so, for the tests in tests/js/).
# The library and the module are compiled with Debian's emscripten in BUILD_DIR (default
# build-wasm); the C and C++ libraries they link are built by packaging/wasm_deps.sh from Debian's
# source packages into a cache outside the tree. Nothing else is downloaded. As root, the Debian
# packages the build needs are installed when missing.
set -eu
cd "$(dirname "$0")/.."
pack=1
if [ "${1:-}" = "--no-pack" ]; then
  pack=0
  shift
fi
outdir=${1:-dist}
build=${BUILD_DIR:-build-wasm}
# Debian's emscripten runs its JavaScript tools with Debian's node modules (acorn).
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
missing=""
command -v em++ >/dev/null || missing="emscripten"
[ -d /usr/share/nodejs/acorn ] || missing="$missing node-acorn"
[ -d /usr/share/unicode ] || missing="$missing unicode-data"
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "npm.sh: missing Debian packages:$missing (sh packaging/deps.sh installs them)" >&2
    exit 1
  fi
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
prefix=$(packaging/wasm_deps.sh)
if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=""
  if command -v ccache >/dev/null; then launcher=-DCMAKE_CXX_COMPILER_LAUNCHER=ccache; fi
  # One translation unit per stage (unity build): the headers, fmt's and nlohmann_json's above
  # all, are compiled a few times instead of once per file.
  emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-Oz -DNDEBUG" \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 -DHCL_WASM_PREFIX="$prefix" $launcher >/dev/null
else
  cmake "$build" -DHCL_WASM_PREFIX="$prefix" >/dev/null
fi
cmake --build "$build" -j"${HCL_JOBS:-2}"
if [ "$pack" = 1 ]; then
  mkdir -p "$outdir"
  out=$(cd "$outdir" && pwd)
  (cd "$build/package" && npm pack --silent --pack-destination "$out")
fi
