#!/usr/bin/env bash
# Builds the .deb packages with CPack, checks their contents, and when running as root on a
# machine without hcl installed, installs them, uses them (the tool, its man page, the library
# through find_package) and removes them again.
# usage: deb_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
BUILD=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
(cd "$BUILD" && cpack -B "$TMP/pkg" >/dev/null)
tool=$(ls "$TMP"/pkg/hcl_*.deb)
dev=$(ls "$TMP"/pkg/libhcl-dev_*.deb)
dpkg-deb -c "$tool" > "$TMP/tool.list"
dpkg-deb -c "$dev" > "$TMP/dev.list"
grep -q './usr/bin/hcl$' "$TMP/tool.list" || { echo "hcl binary missing from $tool"; exit 1; }
grep -q 'usr/include/hcl/syntax/parser.h' "$TMP/dev.list" || { echo "headers missing from $dev"; exit 1; }
grep -q 'usr/lib/cmake/hcl/hclConfig.cmake' "$TMP/dev.list" || { echo "CMake config missing"; exit 1; }
grep -q 'usr/lib/pkgconfig/hcl.pc' "$TMP/dev.list" || { echo "pkg-config file missing"; exit 1; }
dpkg-deb -f "$tool" Depends > "$TMP/depends"
grep -q 'libc6' "$TMP/depends" || { echo "no shared library dependencies recorded"; exit 1; }
if [ "$(id -u)" -ne 0 ] || dpkg -s hcl >/dev/null 2>&1 || dpkg -s libhcl-dev >/dev/null 2>&1; then
  echo "contents checked; install step needs root and no hcl package installed"
  exit 0
fi
cleanup() { dpkg -r libhcl-dev hcl >/dev/null 2>&1 || true; rm -rf "$TMP"; }
trap cleanup EXIT
dpkg -i "$tool" "$dev" >/dev/null
/usr/bin/hcl --version | grep -q '^hcl ' || { echo "installed hcl does not run"; exit 1; }
printf 'a = 1\n' | /usr/bin/hcl validate - >/dev/null
cmake -S "$SRC/tests/package/consumer" -B "$TMP/consumer" >/dev/null
cmake --build "$TMP/consumer" >/dev/null
printf 'a = 1\n' > "$TMP/x.hcl"
[ "$("$TMP/consumer/hcl_consumer" "$TMP/x.hcl")" = "attributes=1 blocks=0 diagnostics=0" ] || { echo "consumer against /usr failed"; exit 1; }
echo ok
