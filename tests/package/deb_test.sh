#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
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
grep -q 'usr/include/hcl/hcl.h' "$TMP/dev.list" || { echo "headers missing from $dev"; exit 1; }
grep -Eq 'usr/lib/([a-z0-9_]+-linux-gnu/)?cmake/hcl/hclConfig.cmake' "$TMP/dev.list" || { echo "CMake config missing"; exit 1; }
grep -Eq 'usr/lib/([a-z0-9_]+-linux-gnu/)?pkgconfig/hcl.pc' "$TMP/dev.list" || { echo "pkg-config file missing"; exit 1; }
for pkg in hcl libhcl-dev; do
  list=$TMP/tool.list; [ $pkg = hcl ] || list=$TMP/dev.list
  grep -q "usr/share/doc/$pkg/copyright$" "$list" || { echo "no copyright file in $pkg"; exit 1; }
  grep -q "usr/share/doc/$pkg/changelog.gz$" "$list" || { echo "no changelog in $pkg"; exit 1; }
done
grep -q 'usr/share/man/man1/hcl-fmt.1.gz$' "$TMP/tool.list" || { echo "man pages are not compressed"; exit 1; }
! grep -q 'usr/share/man/man1/.*\.1$' "$TMP/tool.list" || { echo "an uncompressed man page"; exit 1; }
grep -q 'usr/share/zsh/vendor-completions/_hcl$' "$TMP/tool.list" || { echo "zsh completion not on zsh's fpath"; exit 1; }
dpkg-deb -f "$tool" Maintainer | grep -q 'hcl@users.noreply.github.com' || { echo "placeholder maintainer"; exit 1; }
# lintian (packaging/deps.sh installs it): no errors and no warnings on either package.
if command -v lintian >/dev/null; then
  lintian --allow-root --tag-display-limit 0 "$tool" "$dev" > "$TMP/lintian" 2>&1 || true
  if grep -E '^[EW]: ' "$TMP/lintian"; then echo "lintian reports the above"; exit 1; fi
fi
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
. "$SRC/tests/package/library_example.sh"
library_example "$SRC" "$TMP"
cmake -S "$SRC/tests/package/consumer" -B "$TMP/consumer" -DHCL_EXAMPLE="$TMP/example.cpp" >/dev/null
cmake --build "$TMP/consumer" >/dev/null
(cd "$TMP" && "$TMP/consumer/hcl_consumer" web.hcl) > "$TMP/out"
diff -u "$TMP/expected" "$TMP/out" || { echo "the library.md example built against /usr differs"; exit 1; }
echo ok
