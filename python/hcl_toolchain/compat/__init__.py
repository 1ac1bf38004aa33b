# SPDX-License-Identifier: Apache-2.0
"""Drop-in modules with other HCL libraries' results: ``hcl_toolchain.compat.hcl2`` for
python-hcl2 8.x."""
