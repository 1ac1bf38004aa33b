#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`hcl eval --config` against `terraform console` on generated modules.

The modules and terraform's answers are recorded in testdata/_config/terraform_cases.json
(tests/config/terraform_cases.py --record). Each case runs `hcl eval --config . EXPR` in the
module's directory with the module's -var/-var-file arguments and TF_VAR_ environment, and must
give terraform's answer: the same JSON value, an unknown value where terraform printed
`(known after apply)`, or an error with the same summary. When terraform is on PATH, the first
--live modules are asked again to check that the recorded answers still hold (HCL_REQUIRE_TOOLS=1
makes a missing terraform a failure).
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import terraform_cases  # noqa: E402

UNKNOWN = terraform_cases.UNKNOWN


def same(a, b):
    """JSON values equal, a bool never equal to a number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def hcl_answer(hcl, directory, module, expr):
    cmd = [hcl, "eval", "--config", "."]
    for kind, value in module["args"]:
        cmd += [f"--{kind}", value]
    cmd += ["--", expr]
    env = {k: v for k, v in os.environ.items() if not k.startswith("TF_VAR_")}
    env.update(module["env"])
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=directory, env=env, timeout=60)
    return p.returncode, p.stdout, p.stderr


# The one deliberate difference the generated modules meet (docs/COMPATIBILITY.md): terraform
# console validates every variable before it evaluates anything, so one invalid value fails every
# expression; hcl validates what the expression refers to. Counted apart, and only when hcl does
# find that variable invalid.
VALIDATES_ALL = "validated by terraform though unused"


def check(hcl, directory, module, case):
    answer = case["answer"]
    rc, out, err = hcl_answer(hcl, directory, module, case["expr"])
    if rc not in (0, 1):
        return f"exit {rc}: {err.strip()[:300]}"
    if answer == ["error", "Invalid value for variable"] and "Error: Invalid value for variable" not in err:
        vrc, _, verr = hcl_answer(hcl, directory, module, "var")
        if vrc == 1 and "Error: Invalid value for variable" in verr:
            return VALIDATES_ALL
    if answer[0] == "error":
        if rc != 1:
            return f"terraform: error {answer[1]!r}; hcl: {out.strip()[:200]}"
        if f"Error: {answer[1]}" not in err:
            return f"terraform: error {answer[1]!r}; hcl: {err.strip().splitlines()[0] if err.strip() else ''}"
        return None
    if rc != 0:
        return f"terraform: {answer}; hcl: {err.strip()[:300]}"
    if answer[0] == "unknown":
        return None if UNKNOWN in out else f"terraform: unknown; hcl: {out.strip()[:200]}"
    got = json.loads(out)
    return None if same(got, answer[1]) else f"terraform: {json.dumps(answer[1])}; hcl: {out.strip()[:300]}"


def write_module(module):
    d = tempfile.mkdtemp(prefix="hcl-tfdiff-")
    for name, text in module["files"].items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    return d


def live(modules, count):
    """terraform's answers now, for the first `count` modules, against the recorded ones."""
    failures = 0
    for module in modules[:count]:
        m = terraform_cases.Module(None, 0)
        m.env, m.args = module["env"], [tuple(a) for a in module["args"]]
        m.files = {k: [v.rstrip("\n")] for k, v in module["files"].items()}
        m.cases = [c["expr"] for c in module["cases"]]
        d = write_module(module)
        try:
            got = terraform_cases.answers(m, d)
        finally:
            shutil.rmtree(d)
        for c in module["cases"]:
            now = list(got[c["expr"]])
            if now[0] != c["answer"][0] or (now[0] == "value" and not same(now[1], c["answer"][1])):
                failures += 1
                print(f"LIVE {module['name']}: {c['expr']}: recorded {c['answer']}, terraform now {now}")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hcl", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--live", type=int, default=4, help="modules to ask terraform again when it is on PATH")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    with open(a.cases) as f:
        data = json.load(f)
    modules = data["modules"]
    counts = {"value": 0, "unknown": 0, "error": 0}
    failures = []
    deliberate = 0
    for module in modules:
        d = write_module(module)
        try:
            with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
                results = list(pool.map(lambda c: (c, check(a.hcl, d, module, c)), module["cases"]))
        finally:
            shutil.rmtree(d)
        for c, problem in results:
            counts[c["answer"][0]] += 1
            if problem == VALIDATES_ALL:
                deliberate += 1
            elif problem:
                failures.append(f"{module['name']}: {c['expr']}: {problem}")
    total = sum(counts.values())
    for f in failures:
        print("FAIL", f)
    print(f"{total - len(failures) - deliberate} of {total} cases agree with {data['terraform']} "
          f"({counts['value']} values, {counts['unknown']} unknown, {counts['error']} errors); "
          f"{deliberate} are the deliberate difference: an invalid variable the expression does not use")
    live_failures = 0
    if shutil.which("terraform"):
        live_failures = live(modules, a.live)
        print(f"live: {a.live} modules asked again, {live_failures} answers changed")
    elif os.environ.get("HCL_REQUIRE_TOOLS") == "1":
        print("terraform is not on PATH (HCL_REQUIRE_TOOLS=1)")
        return 1
    else:
        print("terraform is not on PATH: recorded answers only")
    return 1 if failures or live_failures else 0


if __name__ == "__main__":
    sys.exit(main())
