#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the C and C++ libraries hcl links (GMP's mini-gmp, MPFR, RE2, utf8proc, Nettle, libyaml,
# zlib) for WebAssembly with emscripten, from Debian's source packages of the versions Debian 12
# ships, and prints the prefix they are installed into. fmt and nlohmann_json are used header-only,
# copied from Debian's -dev packages. The prefix is a cache outside the tree,
# ${HCL_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hcl-wasm}/<key>, keyed by emscripten's version
# and the recipe below; each library's stamp there names the source versions it was built from.
# A second run finds them all and builds nothing, a new Debian version of one package (a security
# update) rebuilds that library alone (and what embeds it), and a run that was interrupted goes on
# from the last library it finished.
# Called by packaging/npm.sh (docs/javascript.md); needs root (apt-get) only on a cold cache.
set -eu
# Debian's emscripten runs its JavaScript tools with Debian's node modules (acorn).
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
# Per chain, two jobs: the three chains run at once, but configure scripts keep one core each
# for a long while, so that the others build meanwhile.
jobs=${HCL_JOBS:-2}

# source package, the binary package whose version and headers stand for it
deps="gmp:libgmp-dev mpfr4:libmpfr-dev re2:libre2-dev utf8proc:libutf8proc-dev nettle:nettle-dev
libyaml:libyaml-dev zlib:zlib1g-dev fmtlib:libfmt-dev nlohmann-json3:nlohmann-json3-dev"

# The source versions apt would fetch, asked of apt-cache once (each call reads the package lists
# anew, seconds each): a binary rebuilt alone (+b1) names its source's version in Source:.
binaries=""
for d in $deps; do binaries="$binaries ${d#*:}"; done
# shellcheck disable=SC2086
binary_versions=$(apt-cache show --no-all-versions $binaries | awk '
  function put() { if (p != "") print p "=" (s != "" ? s : v); p = "" }
  /^Package:/ { put(); p = $2; v = ""; s = "" }
  /^Source:/ && /\(/ { s = $3; gsub(/[()]/, "", s) }
  /^Version:/ { v = $2 }
  END { put() }')
versions=""
for d in $deps; do
  versions="$versions ${d%%:*}=$(echo "$binary_versions" | sed -n "s/^${d#*:}=//p")"
done
# The recipe's number changes with the way the libraries are built below.
recipe=3
key=$(echo "recipe $recipe $(em++ --version | sed -n 1p)" | sha256sum | cut -c1-16)
cache=${HCL_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hcl-wasm}
prefix=$cache/$key
if [ "$(cat "$prefix/.complete" 2>/dev/null)" = "$versions" ]; then
  echo "$prefix"
  exit 0
fi

# The source packages a stamp stands for: MPFR and Nettle compile mini-gmp into themselves.
inputs() {
  case $1 in
    mpfr4 | mpfr-mini-gmp | mpfr-header) echo gmp mpfr4 ;;
    nettle | hogweed-mini-gmp) echo gmp nettle ;;
    *) echo "$1" ;;
  esac
}
# A source package's name=version, as apt-get source takes it.
version_of() {
  for v in $versions; do [ "${v%%=*}" != "$1" ] || echo "$v"; done
}
# What a stamp holds: the versions of its source packages.
want() {
  for s in $(inputs "$1"); do version_of "$s"; done
}
# Each library once: its stamp in the prefix says it is installed from these versions.
done_() { [ "$(cat "$prefix/.done-$1" 2>/dev/null)" = "$(want "$1")" ]; }
mark() { want "$1" >"$prefix/.done-$1"; }
stamps="gmp mpfr4 mpfr-mini-gmp mpfr-header nettle hogweed-mini-gmp re2 utf8proc libyaml zlib"
# The source packages some stamp still needs.
needed=""
for s in $stamps; do
  done_ "$s" || needed="$needed $(inputs "$s")"
done

work=$cache/src-$key
mkdir -p "$work" "$prefix/include" "$prefix/lib"
cd "$work"

# Debian's sources, through a sources file and package lists of our own in the work folder:
# the system's apt configuration and lists are left as they were.
sed -n '/^Types:/,$p' /etc/apt/sources.list.d/debian.sources | sed 's/^Types: deb$/Types: deb-src/' > sources.sources
mkdir -p lists/partial
apt_own="-o Dir::Etc::SourceList=$work/sources.sources -o Dir::Etc::SourceParts=-
  -o Dir::State::Lists=$work/lists -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o APT::Sandbox::User=root"
fetched=""
for d in $deps; do
  src=${d%%:*}
  case " $needed " in *" $src "*) ;; *) continue ;; esac
  [ "$(cat "fetched-$src" 2>/dev/null)" != "$(version_of "$src")" ] || continue
  if [ -z "$fetched" ]; then
    # shellcheck disable=SC2086
    apt-get $apt_own update -qq >&2
    fetched=1
  fi
  rm -rf "$src"-*/
  # A security update's sources may be missing from a mirror of the main archive: then the
  # release's own version of the package is built.
  # shellcheck disable=SC2086
  apt-get $apt_own source -qq "$(version_of "$src")" >&2 ||
    apt-get $apt_own source -qq "$src/$(. /etc/os-release && echo "$VERSION_CODENAME")" >&2
  version_of "$src" >"fetched-$src"
done
rm -rf lists sources.sources

cp -r /usr/include/fmt /usr/include/nlohmann "$prefix/include/"

# Size over speed for the dependencies: the library's hot code is its own.
export CFLAGS="-Oz" CXXFLAGS="-Oz"
dir() { find . -maxdepth 1 -type d -name "$1-*" | head -1; }
# emcc starts a Python process that takes most of a second before clang runs, more than clang
# takes for most files: compiling (-c) goes to clang directly with the flags emcc gives it
# (`emcc --cflags`; the objects are the same byte for byte), preprocessing and linking through
# emcc. Only configure's tests link, and all they ask is whether it succeeds: unoptimised
# (-O0), such a link takes half the time of one at -Oz (wasm-opt and the loader's minifying).
cat >"$work/emcc-c" <<EOF
#!/bin/sh
case " \$* " in
  *" -c "*) exec "$(em-config LLVM_ROOT)/clang" $(emcc --cflags) "\$@" ;;
  *" -E "*) exec emcc "\$@" ;;
esac
exec emcc "\$@" -O0
EOF
chmod +x "$work/emcc-c"
autotools() { # source package, make's arguments to build, and to install, configure's arguments...
  done_ "$1" && return 0
  name=$1
  src=$(dir "$1")
  build=$2
  install=$3
  shift 3
  # shellcheck disable=SC2086
  (cd "$src" && emconfigure ./configure --host=none --prefix="$prefix" --disable-shared --enable-static \
    CC="$work/emcc-c" "$@" >build.log 2>&1 && emmake make -j"$jobs" $build >>build.log 2>&1 &&
    emmake make $install >>build.log 2>&1) || { tail -40 "$src/build.log" >&2; return 1; }
  mark "$name"
}
cmake_dep() { # source package, cmake arguments...
  done_ "$1" && return 0
  name=$1
  src=$(dir "$1")
  shift
  emcmake cmake -S "$src" -B "$src/_build" -DCMAKE_BUILD_TYPE=MinSizeRel -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DBUILD_SHARED_LIBS=OFF "$@" >"$src.log" 2>&1 &&
    cmake --build "$src/_build" -j"$jobs" >>"$src.log" 2>&1 && cmake --install "$src/_build" >>"$src.log" 2>&1 ||
    { tail -40 "$src.log" >&2; return 1; }
  mark "$name"
}

# GMP is mini-gmp, the one-file subset its source carries (every mpz function the library, MPFR
# and Nettle call; no mpf or mpq), compiled as libgmp.a with its header as gmp.h: GMP's own
# configure and build under emscripten take longer than everything else together. MPFR and
# Nettle are configured for mini-gmp, and the copy each compiles into itself is taken out again,
# so that one copy is linked.
mini_gmp() {
  done_ gmp && return 0
  src=$(dir gmp)/mini-gmp
  (emcc $CFLAGS -c "$src/mini-gmp.c" -o "$src/mini-gmp.o" && rm -f "$prefix/lib/libgmp.a" &&
    emar rcs "$prefix/lib/libgmp.a" "$src/mini-gmp.o") >&2 || return 1
  cp "$src/mini-gmp.h" "$prefix/include/gmp.h"
  mark gmp
}
# The archive member an autotools build made of mini-gmp.c, removed (once) from a library
# (MPFR's own mpfr-mini-gmp.o, the mpn functions mini-gmp lacks, stays).
drop_mini_gmp() { # library name, stamp
  done_ "$2" && return 0
  members=$(emar t "$prefix/lib/lib$1.a" | grep -E '^(lib[a-z]+_la-)?mini-gmp\.o$' || true)
  # shellcheck disable=SC2086
  [ -z "$members" ] || emar d "$prefix/lib/lib$1.a" $members
  mark "$2"
}

# mpfr.h declares its mpf and mpq functions unless MPFR_USE_MINI_GMP is defined, and then reads
# mini-gmp.h, which has no random state: the installed header defines it, and the random state
# as MPFR's own mpfr-mini-gmp.h does, for every program that includes it.
mpfr_header() {
  done_ mpfr-header && return 0
  sed -i -e 's|^#define __MPFR_H$|&\n#ifndef MPFR_USE_MINI_GMP\n#define MPFR_USE_MINI_GMP 1 /* built with mini-gmp */\n#endif|' \
    -e 's|^#include <mini-gmp.h>$|&\ntypedef long int gmp_randstate_t[1];|' "$prefix/include/mpfr.h" &&
    cp "$prefix/include/gmp.h" "$prefix/include/mini-gmp.h" || return 1
  mark mpfr-header
}

# Debian's patches to Nettle touch configure.ac, which would have make run autoconf: the
# generated files are made newer again.
done_ nettle || (cd "$(dir nettle)" && touch aclocal.m4 && touch configure config.h.in && touch stamp-h.in)

# Three chains side by side: configure scripts run on one core, so the others build meanwhile.
# With mini-gmp nothing needs anything built before it. Of MPFR, its sources only (src/), not
# its documentation and tools.
(
  mini_gmp && autotools mpfr4 "-C src" "-C src install" --with-mini-gmp="$PWD/$(dir gmp)/mini-gmp" --disable-thread-safe &&
    drop_mini_gmp mpfr mpfr-mini-gmp && mpfr_header
) &
mpfr=$!
(
  # Only the libraries and their headers (not the tools, examples and their links), without the
  # -ggdb3 Nettle's configure adds for a compiler it takes for GCC.
  autotools nettle "all-here CFLAGS=$CFLAGS" install-here --enable-mini-gmp --disable-assembler --disable-openssl --disable-documentation --disable-fat &&
    drop_mini_gmp hogweed hogweed-mini-gmp
) &
nettle=$!
(
  # Debian's RE2 source leaves out the generated Unicode tables: they are made from Debian's
  # unicode-data, as Debian's build does (REBUILD_TABLES).
  re2=$(dir re2)
  done_ re2 || perl "$re2/re2/make_perl_groups.pl" >"$re2/re2/perl_groups.cc"
  for t in casefold groups; do
    done_ re2 || (cd "$re2/re2" && /usr/bin/python3 "make_unicode_$t.py" >"unicode_$t.cc")
  done
  cmake_dep re2 -DRE2_BUILD_TESTING=OFF &&
    cmake_dep utf8proc -DUTF8PROC_ENABLE_TESTING=OFF &&
    cmake_dep libyaml -DBUILD_TESTING=OFF &&
    # zlib's CMake wants the Windows resources Debian's source leaves out; its configure does not.
    { done_ zlib || { (cd "$(dir zlib)" && emconfigure ./configure --static --prefix="$prefix" >build.log 2>&1 &&
      emmake make -j"$jobs" libz.a >>build.log 2>&1 && emmake make install >>build.log 2>&1) &&
      mark zlib; } || { tail -40 "$(dir zlib)/build.log" >&2; false; }; }
) || failed=1
wait $mpfr || failed=1
wait $nettle || failed=1
[ -z "${failed:-}" ] || exit 1
echo "$versions" >"$prefix/.complete"
rm -rf "$work"
echo "$prefix"
