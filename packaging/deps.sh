#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs what building and testing hcl needs, from Debian 12's packages. Run as root.
# golang-go and golang-github-hashicorp-hcl-v2-dev are for the tests only: HashiCorp's spec suite
# (tests/spec) is built from the latter's sources and run against `hcl dec`.
# neovim is for the tests only too: the editor test of `hcl lsp` (tests/cli/lsp_neovim_cli.sh).
# clang-format (14, as Debian 12 has it) is for the tests only too: the layout check
# (tests/cli/format_style_cli.sh).
# pybind11-dev and python3-dev build the Python package (python/); python3-pip gives Debian's
# interpreter pip (its tests install the wheel),
# and python3-lark and python3-regex run python-hcl2, the peer its compatibility module is
# compared with (tests/python).
# emscripten, node-acorn (its JavaScript optimizer's parser) and unicode-data (RE2's Unicode
# tables) build the npm package (packaging/npm.sh; .ci/run builds it after the native suite),
# and ccache makes its rebuild a lookup (the native build does not use it). nodejs and npm run
# its tests; they are left alone where npm is installed already (NodeSource's nodejs, which
# carries its own npm, conflicts with Debian's npm package).
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
node=""
command -v npm >/dev/null || node="nodejs npm"
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends \
  g++ cmake make pkg-config python3 python3-jsonschema git dpkg-dev file scdoc groff-base man-db bash-completion zsh fish pre-commit lintian \
  libcli11-dev libfmt-dev nlohmann-json3-dev libgmp-dev libmpfr-dev doctest-dev \
  libutf8proc-dev libre2-dev nettle-dev libyaml-dev libyaml-cpp-dev zlib1g-dev lld \
  golang-go golang-github-hashicorp-hcl-v2-dev neovim clang-format \
  pybind11-dev python3-dev python3-pip python3-lark python3-regex \
  emscripten node-acorn unicode-data ccache $node >/dev/null
