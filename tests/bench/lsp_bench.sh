#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Latency of `hcl lsp` while editing a 10,000-line file: diagnostics after each keystroke of a
# replayed session, formatting, and the server's memory.
# usage: tests/bench/lsp_bench.sh [LINES]   (HCL=path/to/hcl to override)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HCL=${HCL:-$ROOT/build/hcl}
[ -x "$HCL" ] || { echo "build hcl first (or set HCL=path)" >&2; exit 2; }
exec python3 "$ROOT/tests/bench/lsp_bench.py" "$HCL" "${1:-10000}"
