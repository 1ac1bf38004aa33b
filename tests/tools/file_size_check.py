#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails on any source file over 1,000 lines, naming each.

A file that long does several jobs; docs/ARCHITECTURE.md asks that it be split by what it holds.
Source files are the C++ (.h, .cpp), Python and shell files under lib/, apps/, tests/ and tools/,
and the generated tables (.inc) are left out: they are data, written by tools/.

usage: file_size_check.py [ROOT] [--max N]
"""
import os
import sys

SOURCE = (".h", ".cpp", ".py", ".sh", ".mjs")
FOLDERS = ("lib", "apps", "tests", "tools")


def main(argv):
    limit, args = 1000, []
    it = iter(argv)
    for a in it:
        if a == "--max":
            limit = int(next(it))
        else:
            args.append(a)
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    too_long = []
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "node_modules")
            for name in sorted(filenames):
                if not name.endswith(SOURCE):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, "rb") as f:
                    lines = f.read().count(b"\n")
                if lines > limit:
                    too_long.append((os.path.relpath(path, root), lines))
    for path, lines in too_long:
        print(f"{path}: {lines} lines, over {limit}: split it by what it holds")
    if too_long:
        return 1
    print(f"every source file is at most {limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
