# SPDX-License-Identifier: Apache-2.0
# `hcl lsp`: hover and completion show var. and local. values as `hcl eval --config` prints them
# (tests/lsp/lsp_values.py).
HCL=$1
exec python3 "$(dirname "$0")/../lsp/lsp_values.py" "$HCL"
