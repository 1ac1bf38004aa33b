#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the release artifacts of the checked-out commit, reproducibly: the same commit gives the
# same bytes on every run and in any directory.
#
#   dist/hcl-VERSION-linux-x86_64.tar.gz   the static hcl, its man pages, completions, LICENSE,
#                                          README.md and CHANGELOG.md
#   dist/hcl_VERSION_amd64.deb             the tool (Debian package)
#   dist/libhcl-dev_VERSION_amd64.deb      the library, headers, CMake and pkg-config files
#   dist/SHA256SUMS                        sha256sum -c checks the three
#
# Every time stamp is the commit's (SOURCE_DATE_EPOCH); file order, owners and modes are fixed;
# compiler paths are mapped away (-ffile-prefix-map). A dirty tree is refused unless
# --allow-dirty is given, because the artifacts would not match any commit.
# usage: packaging/release.sh [--allow-dirty] [OUT_DIR]   (default: dist)
set -euo pipefail
allow_dirty=0
if [ "${1:-}" = --allow-dirty ]; then allow_dirty=1; shift; fi
SRC=$(cd "$(dirname "$0")/.." && pwd)
OUT=$(mkdir -p "${1:-$SRC/dist}" && cd "${1:-$SRC/dist}" && pwd)
cd "$SRC"

git rev-parse --git-dir >/dev/null 2>&1 || { echo "release.sh: $SRC is not a git checkout" >&2; exit 2; }
if [ -n "$(git status --porcelain --untracked-files=no)" ] && [ $allow_dirty = 0 ]; then
  echo "release.sh: the tree has uncommitted changes (commit them, or pass --allow-dirty)" >&2
  exit 2
fi
version=$(sed -n 's/^project(hcl VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "release.sh: no version in CMakeLists.txt" >&2; exit 2; }
export SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
export TZ=UTC LC_ALL=C
umask 022

# A fresh build directory at a fixed place (inside the tree, so that ccache's base_dir covers it).
BUILD=$SRC/build-release
rm -rf "$BUILD"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$SRC" -B "$BUILD" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release -DHCL_BUILD_TESTS=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_CXX_FLAGS="-ffile-prefix-map=$SRC=. -ffile-prefix-map=$BUILD=." >/dev/null
cmake --build "$BUILD" -j"$(nproc)" > "$BUILD/build.log" 2>&1 ||
  { tail -n 40 "$BUILD/build.log" >&2; echo "release.sh: the build failed (log: $BUILD/build.log)" >&2; exit 1; }
"$BUILD/hcl" --version | grep -q "static" || { echo "release.sh: hcl was not linked statically" >&2; exit 1; }

# The tarball: one directory, files in name order, owned by root, dated by the commit.
name=hcl-$version-linux-x86_64
stage=$BUILD/stage/$name
mkdir -p "$stage/man" "$stage/completions"
install -m 755 "$BUILD/hcl" "$stage/hcl"
install -m 644 LICENSE README.md CHANGELOG.md "$stage/"
install -m 644 "$BUILD"/man/*.1.gz "$stage/man/"
install -m 644 completions/hcl.bash completions/_hcl completions/hcl.fish "$stage/completions/"
tar_repro() { tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --clamp-mtime --owner=0 --group=0 --numeric-owner \
                  --format=gnu "$@"; }
tar_repro -C "$BUILD/stage" -cf - "$name" | gzip -9n > "$OUT/$name.tar.gz"

# The .deb packages: CPack stages each package's files; dpkg-deb then builds it again with the
# files' times clamped to SOURCE_DATE_EPOCH and root as the owner, which CPack does not do.
(cd "$BUILD" && cpack -G DEB -B "$BUILD/cpack" >/dev/null)
for deb in "$BUILD"/cpack/*.deb; do
  tree=$BUILD/deb/$(basename "$deb" .deb)
  mkdir -p "$tree"
  dpkg-deb -R "$deb" "$tree"
  find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
  dpkg-deb --root-owner-group -Zxz --build "$tree" "$OUT/$(basename "$deb")" >/dev/null
done

cd "$OUT"
sha256sum "$name.tar.gz" hcl_"$version"_*.deb libhcl-dev_"$version"_*.deb > SHA256SUMS
echo "hcl $version ($(git -C "$SRC" rev-parse --short HEAD)) in $OUT:"
ls -l "$name.tar.gz" hcl_"$version"_*.deb libhcl-dev_"$version"_*.deb SHA256SUMS | awk '{print "  " $5 "\t" $9}'
cat SHA256SUMS
