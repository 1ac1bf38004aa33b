#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`hcl eval --config DIR` on every directory of the corpus that holds .tf files.

Each run must end (within --timeout seconds) with exit 0 or 1, never a signal or a usage error,
and when it fails every error it prints must name a file and a line ("on FILE line N"), so that
a user can find what is wrong. Prints the counts; exits 1 on any violation.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

ERROR = re.compile(r"^Error: ")
PLACE = re.compile(r"^\s*on .+ line \d+")


def directories(root):
    for d, _, files in os.walk(root):
        if any(f.endswith(".tf") for f in files):
            yield d


def check(hcl, d, timeout):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TF_VAR_")}
    env["NO_COLOR"] = "1"
    try:
        p = subprocess.run([hcl, "eval", "--config", d, "--dialect", "terraform"], capture_output=True, text=True,
                           errors="replace", timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", f"{d}: no answer within {timeout} s"
    if p.returncode == 0:
        return "ok", None
    if p.returncode != 1:
        return "bad", f"{d}: exit {p.returncode}: {p.stderr[-400:]}"
    lines = p.stderr.splitlines()
    for i, line in enumerate(lines):
        if ERROR.match(line):
            following = lines[i + 1:i + 4]
            if not any(PLACE.match(l) for l in following):
                return "bad", f"{d}: an error without a place: {line}"
    return "failed", None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hcl", required=True)
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("corpus")
    a = ap.parse_args()
    dirs = sorted(directories(a.corpus))
    counts = {"ok": 0, "failed": 0, "bad": 0, "timeout": 0}
    problems = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for kind, problem in pool.map(lambda d: check(a.hcl, d, a.timeout), dirs):
            counts[kind] += 1
            if problem:
                problems.append(problem)
    for p in problems:
        print("FAIL", p)
    print(f"{len(dirs)} directories: {counts['ok']} evaluated, {counts['failed']} failed with placed diagnostics, "
          f"{counts['bad']} bad, {counts['timeout']} timed out")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
