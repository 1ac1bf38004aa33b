# SPDX-License-Identifier: Apache-2.0
# `hcl lsp` reads only what the command-line walks read, within its byte budget
# (tests/lsp/lsp_bounds.py makes every input it uses).
HCL=$1
exec python3 "$(dirname "$0")/../lsp/lsp_bounds.py" "$HCL"
