# SPDX-License-Identifier: Apache-2.0
# `hcl lsp`: the protocol tests (tests/lsp/lsp_protocol.py speaks JSON-RPC to it over pipes).
HCL=$1
TESTDATA=$2
exec python3 "$(dirname "$0")/../lsp/lsp_protocol.py" "$HCL" "$TESTDATA"
