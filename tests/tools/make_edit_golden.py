#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the expected outputs of testdata/edit (see tests/golden/edit_golden.cpp).

Operation lines are run through `hcl-oracle edit` (hcledit's behaviour); lines starting with
"hcl " through the built `hcl edit`, whose output must then be reviewed by hand (git diff).

usage: make_edit_golden.py ORACLE HCL testdata/edit/CASE.edit...
"""
import json
import os
import subprocess
import sys


def main():
    oracle, hcl, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
    for case in cases:
        folder = os.path.dirname(case)
        with open(case) as f:
            lines = f.read().split("\n")
        input_path = os.path.join(folder, lines[0])
        out = b""
        for line in lines[1:]:
            if not line or line.startswith("#"):
                continue
            ours = line.startswith("hcl ")
            words = json.loads(line[4:] if ours else line)
            flags = [w for w in words if w.startswith("--")]
            rest = [w for w in words if not w.startswith("--")]
            if ours:
                cmd = [hcl, "edit", "-f", input_path] + rest + flags
            else:
                cmd = [oracle, "edit", input_path] + rest + flags
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            out += b"=== " + line.encode() + b"\n" + (p.stdout if p.returncode == 0 else b"FAILED\n")
        with open(case[: -len(".edit")] + ".out", "wb") as f:
            f.write(out)


if __name__ == "__main__":
    main()
