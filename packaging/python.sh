#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the Python package hcl_toolchain as a wheel: packaging/python.sh [OUTDIR] (default
# dist/). The extension is compiled by CMake with pybind11 (Debian's pybind11-dev) against the
# static library, for Debian's /usr/bin/python3 unless PYTHON names another interpreter; the
# wheel installs offline with `pip install` into that Python version (docs/python.md).
# BUILD_DIR (default build-python) is the CMake build folder; an existing one is used as it is
# configured (it must have HCL_PYTHON on).
set -eu
cd "$(dirname "$0")/.."
outdir=${1:-dist}
build=${BUILD_DIR:-build-python}
python=${PYTHON:-/usr/bin/python3}
if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=""
  if command -v ccache >/dev/null; then launcher=-DCMAKE_CXX_COMPILER_LAUNCHER=ccache; fi
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHCL_PYTHON=ON -DHCL_BUILD_TESTS=OFF \
    -DPYTHON_EXECUTABLE="$python" $launcher >/dev/null
fi
cmake --build "$build" -j2 --target hcl_python >/dev/null
version=$(sed -n 's/^project(hcl VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
"$python" packaging/python_wheel.py "$build/python" "$outdir" "$version"
