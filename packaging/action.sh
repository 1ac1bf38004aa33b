#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The steps of the GitHub Action (action.yml), runnable in any shell.
#
#   action.sh install   HCL_INSTALL=source builds the checkout this script is in;
#                       HCL_INSTALL=release downloads HCL_VERSION's tarball from
#                       HCL_RELEASE_URL (default https://github.com/$HCL_REPOSITORY/releases/download)
#                       and checks it against the release's SHA256SUMS. The hcl directory is
#                       added to $GITHUB_PATH.
#   action.sh check     hcl validate --recursive and hcl fmt --check --recursive over HCL_PATHS, as GitHub
#                       annotations (HCL_FORMAT=github) or also SARIF files (HCL_FORMAT=sarif,
#                       listed in $GITHUB_OUTPUT as sarif=...). Fails if either check fails.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
: "${RUNNER_TEMP:=${TMPDIR:-/tmp}}"
: "${GITHUB_PATH:=/dev/null}" "${GITHUB_OUTPUT:=/dev/null}"

install() {
  local dir=$RUNNER_TEMP/hcl-action
  mkdir -p "$dir"
  case ${HCL_INSTALL:-source} in
    source)
      if ! command -v cmake >/dev/null || ! command -v scdoc >/dev/null; then
        sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
        $sudo sh "$SRC/packaging/deps.sh"
      fi
      cmake -S "$SRC" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release -DHCL_BUILD_TESTS=OFF >/dev/null
      cmake --build "$dir/build" -j"$(nproc)" >/dev/null
      mkdir -p "$dir/bin" && cp "$dir/build/hcl" "$dir/bin/hcl"
      ;;
    release)
      [ -n "${HCL_VERSION:-}" ] || { echo "::error title=hcl action::install=release needs a version" >&2; exit 2; }
      local base=${HCL_RELEASE_URL:-https://github.com/${HCL_REPOSITORY:?}/releases/download}/$HCL_VERSION
      local name=hcl-${HCL_VERSION#v}-linux-x86_64
      curl -fsSL -o "$dir/$name.tar.gz" "$base/$name.tar.gz"
      curl -fsSL -o "$dir/SHA256SUMS" "$base/SHA256SUMS"
      (cd "$dir" && grep " $name.tar.gz\$" SHA256SUMS | sha256sum -c --quiet -) ||
        { echo "::error title=hcl action::$name.tar.gz does not match the release's SHA256SUMS" >&2; exit 1; }
      tar -xzf "$dir/$name.tar.gz" -C "$dir"
      mkdir -p "$dir/bin" && cp "$dir/$name/hcl" "$dir/bin/hcl"
      ;;
    *) echo "::error title=hcl action::install must be source or release, not ${HCL_INSTALL}" >&2; exit 2 ;;
  esac
  "$dir/bin/hcl" --version
  echo "$dir/bin" >> "$GITHUB_PATH"
  export PATH="$dir/bin:$PATH"
}

check() {
  local -a paths
  read -r -a paths <<< "${HCL_PATHS:-.}"
  local format=${HCL_FORMAT:-github} status=0 sarif=""
  case $format in github|sarif) ;; *) echo "::error title=hcl action::format must be github or sarif" >&2; exit 2 ;; esac
  # Annotations always; with sarif, also a SARIF log per check.
  if [ "${HCL_VALIDATE:-true}" = true ]; then
    hcl validate --recursive --require-files --format github "${paths[@]}" || status=1
    if [ "$format" = sarif ]; then
      hcl validate --recursive --format sarif "${paths[@]}" > hcl-validate.sarif || true
      sarif="hcl-validate.sarif"
    fi
  fi
  if [ "${HCL_FMT:-true}" = true ]; then
    hcl fmt --check --recursive --require-files --format github "${paths[@]}" || status=1
    if [ "$format" = sarif ]; then
      hcl fmt --check --recursive --format sarif "${paths[@]}" > hcl-fmt.sarif || true
      sarif="$sarif hcl-fmt.sarif"
    fi
  fi
  echo "sarif=${sarif# }" >> "$GITHUB_OUTPUT"
  return $status
}

case ${1:-} in
  install) install ;;
  check) check ;;
  *) echo "usage: action.sh install|check" >&2; exit 2 ;;
esac
