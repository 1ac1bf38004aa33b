#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# packaging/python.sh builds a wheel that pip installs offline into Debian's /usr/bin/python3 and
# into the python3 first on PATH (when that is another interpreter of the same version), and
# each imports it and reads a file.
# usage: wheel_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

BUILD_DIR=$build sh "$source/packaging/python.sh" "$work/dist" >/dev/null
wheels=("$work"/dist/hcl_toolchain-*.whl)
[ -f "${wheels[0]}" ] || { echo "no wheel in $work/dist"; exit 1; }
wheel=${wheels[0]}

check() {
  local python=$1 target=$2
  "$python" -m pip install --quiet --no-index --no-deps --disable-pip-version-check --target "$target" "$wheel" 2>&1 \
    | grep -v "Running pip as the 'root' user" || true
  PYTHONPATH=$target "$python" - <<'PY'
import hcl_toolchain, os, sys
from hcl_toolchain.compat import hcl2
assert hcl_toolchain.__file__.startswith(os.environ["PYTHONPATH"]), hcl_toolchain.__file__
assert hcl_toolchain.loads('a = "b"\n') == {"a": "b"}
assert hcl2.loads('a = "b"\n') == {"a": '"b"'}
assert os.path.exists(os.path.join(os.path.dirname(hcl_toolchain.__file__), "py.typed"))
print(sys.executable, sys.version.split()[0], "ok")
PY
}

check /usr/bin/python3 "$work/system"
path_python=$(command -v python3)
if [ "$(readlink -f "$path_python")" != "$(readlink -f /usr/bin/python3)" ]; then
  version='import sys; print("%d.%d" % sys.version_info[:2])'
  if [ "$("$path_python" -c "$version")" = "$(/usr/bin/python3 -c "$version")" ]; then
    check "$path_python" "$work/path"
  else
    echo "$path_python is another Python version than /usr/bin/python3, which the wheel is built for"
  fi
fi
