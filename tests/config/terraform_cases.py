#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generated Terraform modules and the answers of `terraform console` about them.

`--record OUT` writes modules (variables with types, optional() defaults, nullable and validation;
values from defaults, terraform.tfvars(.json), *.auto.tfvars(.json), -var-file, -var and TF_VAR_;
chains of locals; references to a resource only an apply knows) and, for each expression, what
terraform answers: the value of `jsonencode(EXPR)`, `(known after apply)`, or the summary of the
error. The generator is seeded, so the same modules come out each time.

The ctest test (tests/config/terraform_diff.py) compares `hcl eval --config` with these answers.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

UNKNOWN = "(known after apply)"

# A type constraint, and a function making a value of it (as a Python value) with a chance of
# leaving optional attributes out.
TYPES = [
    ("string", lambda r: r.choice(["alpha", "beta", "prod", "x-1", "", "Mixed Case"])),
    ("number", lambda r: r.choice([0, 1, 7, 42, -3, 2.5, 1000])),
    ("bool", lambda r: r.choice([True, False])),
    ("list(string)", lambda r: r.sample(["a", "b", "c", "d", "e"], r.randint(0, 4))),
    ("list(number)", lambda r: [r.randint(-5, 20) for _ in range(r.randint(0, 4))]),
    ("set(string)", lambda r: r.sample(["x", "y", "z", "w"], r.randint(0, 3))),
    ("map(string)", lambda r: {k: r.choice(["v1", "v2", "v3"]) for k in r.sample(["k1", "k2", "k3", "k4"], r.randint(0, 3))}),
    ("map(number)", lambda r: {k: r.randint(0, 9) for k in r.sample(["a", "b", "c"], r.randint(0, 3))}),
    ("tuple([string, number])", lambda r: [r.choice(["t", "u"]), r.randint(0, 9)]),
    ("object({ name = string, port = optional(number, 8080) })",
     lambda r: {"name": r.choice(["web", "db"]), **({"port": r.randint(1, 9000)} if r.random() < 0.5 else {})}),
    ("object({ a = optional(string), b = optional(list(string), []), c = optional(bool, true) })",
     lambda r: {k: v for k, v in [("a", "A"), ("b", ["q"]), ("c", False)] if r.random() < 0.4}),
    ("list(object({ id = number, tags = optional(map(string), {}) }))",
     lambda r: [{"id": i, **({"tags": {"t": "v"}} if r.random() < 0.5 else {})} for i in range(r.randint(0, 3))]),
    ("map(object({ size = optional(number, 1), zone = optional(string, \"z1\") }))",
     lambda r: {k: ({"size": 3} if r.random() < 0.5 else {}) for k in r.sample(["m", "n"], r.randint(0, 2))}),
    ("object({ inner = optional(object({ x = optional(string, \"dx\"), y = optional(number) }), {}) })",
     lambda r: {} if r.random() < 0.5 else {"inner": {} if r.random() < 0.5 else {"x": "given"}}),
    ("any", lambda r: r.choice([1, "s", [1, 2], {"k": "v"}, True])),
    (None, lambda r: r.choice(["untyped", "7", "true"])),
]

# Which types a -var or TF_VAR_ value is text for (primitive or absent type constraints).
LITERAL = {"string", "number", "bool", None}


def hcl_value(v):
    """A Python value as HCL literal text."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(hcl_value(e) for e in v) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {hcl_value(e)}" for k, e in v.items()) + "}"


def text_value(type_, v):
    """A value as -var or TF_VAR_ text for a variable of this type."""
    if type_ in LITERAL:
        if isinstance(v, bool):
            return "true" if v else "false"
        return str(v) if not isinstance(v, str) else v
    return hcl_value(v)


# Expressions over one variable, by type; `V` stands for the reference.
VAR_EXPRS = {
    "string": ["upper(V)", "length(V)", "\"pre-${V}\"", "V == \"prod\" ? 1 : 2", "replace(V, \"-\", \"_\")"],
    "number": ["V * 2", "V + 0.5", "max(V, 3)", "V > 5", "tostring(V)", "floor(V / 2)"],
    "bool": ["!V", "V ? \"on\" : \"off\"", "tostring(V)"],
    "list(string)": ["length(V)", "join(\",\", V)", "[for s in V : upper(s)]", "concat(V, [\"z\"])", "contains(V, \"a\")", "reverse(V)"],
    "list(number)": ["sum(concat(V, [0]))", "[for n in V : n * n]", "length(V)", "sort(V)", "distinct(V)"],
    "set(string)": ["length(V)", "contains(V, \"x\")", "tolist(V)", "[for s in V : s]"],
    "map(string)": ["keys(V)", "values(V)", "lookup(V, \"k1\", \"none\")", "{for k, v in V : v => k...}", "merge(V, {extra = \"e\"})"],
    "map(number)": ["values(V)", "length(V)", "{for k, v in V : k => v + 1}"],
    "tuple([string, number])": ["V[0]", "V[1] + 1", "length(V)"],
    "object({ name = string, port = optional(number, 8080) })": ["V.port", "V.name", "\"${V.name}:${V.port}\""],
    "object({ a = optional(string), b = optional(list(string), []), c = optional(bool, true) })": ["V.a", "V.b", "V.c", "V.a == null"],
    "list(object({ id = number, tags = optional(map(string), {}) }))": ["V[*].id", "[for o in V : o.tags]", "length(V)"],
    "map(object({ size = optional(number, 1), zone = optional(string, \"z1\") }))": ["{for k, o in V : k => o.size}", "[for o in values(V) : o.zone]"],
    "object({ inner = optional(object({ x = optional(string, \"dx\"), y = optional(number) }), {}) })": ["V.inner", "V.inner.x", "V.inner.y"],
    "any": ["V", "try(tostring(V), \"complex\")"],
    None: ["V", "\"${V}!\""],
}


class Module:
    def __init__(self, r, index):
        self.r = r
        self.name = f"m{index:03d}"
        self.files = {}
        self.env = {}
        self.args = []  # ("var", "name=text") or ("var-file", "file")
        self.vars = []
        self.locals = []
        self.cases = []  # (expression, known)

    def add_variable(self, i):
        r = self.r
        type_, make = r.choice(TYPES)
        name = f"v{i}"
        block = [f'variable "{name}" {{']
        if type_:
            block.append(f"  type = {type_}")
        has_default = r.random() < 0.6
        if has_default:
            block.append(f"  default = {hcl_value(make(r))}")
        nullable = True
        if r.random() < 0.15:
            nullable = False
            block.append("  nullable = false")
        if type_ == "number" and r.random() < 0.4:
            block += ["  validation {", f"    condition     = var.{name} < 500", '    error_message = "Too big."', "  }"]
        if type_ == "list(string)" and r.random() < 0.4:
            block += ["  validation {", f"    condition     = length(var.{name}) < 5",
                      f'    error_message = "At most four, got ${{length(var.{name})}}."', "  }"]
        block.append("}")
        self.files.setdefault("variables.tf", []).append("\n".join(block))
        self.vars.append((name, type_, make, has_default, nullable))

    def give_values(self):
        r = self.r
        tfvars, tfvars_json, auto1, auto2, extra = [], {}, [], {}, []
        for name, type_, make, has_default, nullable in self.vars:
            ways = r.sample(["tfvars", "tfvars_json", "auto", "auto_json", "var_file", "var", "env", "none"], r.randint(1, 3))
            if not has_default and ways == ["none"]:
                ways = ["var"]
            for way in ways:
                v = make(r)
                if way == "tfvars":
                    tfvars.append(f"{name} = {hcl_value(v if r.random() > 0.1 or nullable else None)}")
                elif way == "tfvars_json":
                    tfvars_json[name] = v
                elif way == "auto":
                    auto1.append(f"{name} = {hcl_value(v)}")
                elif way == "auto_json":
                    auto2[name] = v
                elif way == "var_file":
                    extra.append(f"{name} = {hcl_value(v)}")
                elif way == "var":
                    self.args.append(("var", f"{name}={text_value(type_, v)}"))
                elif way == "env":
                    self.env[f"TF_VAR_{name}"] = text_value(type_, v)
        if r.random() < 0.3:
            tfvars.append('undeclared_in_file = "ignored with a warning"')
        if tfvars:
            self.files["terraform.tfvars"] = tfvars
        if tfvars_json:
            self.files["terraform.tfvars.json"] = [json.dumps(tfvars_json, indent=2)]
        if auto1:
            self.files["a.auto.tfvars"] = auto1
        if auto2:
            self.files["b.auto.tfvars.json"] = [json.dumps(auto2)]
        if extra:
            self.files["extra.tfvars"] = extra
            pos = r.randint(0, len(self.args))
            self.args.insert(pos, ("var-file", "extra.tfvars"))

    def add_locals(self):
        r = self.r
        lines = []
        names = []
        for i in range(r.randint(2, 6)):
            name = f"l{i}"
            name_, type_, *_ = r.choice(self.vars)
            expr = r.choice(VAR_EXPRS[type_]).replace("V", f"var.{name_}")
            if names and r.random() < 0.5:
                prev = r.choice(names)
                expr = r.choice([f"[local.{prev}, {expr}]", f"{{ prev = local.{prev}, this = {expr} }}",
                                 f"jsonencode(local.{prev})", f"local.{prev}"])
            if r.random() < 0.1:
                expr = f"[{expr}, terraform_data.r.id]"
            lines.append(f"  {name} = {expr}")
            names.append(name)
        self.files.setdefault("main.tf", []).append("locals {\n" + "\n".join(lines) + "\n}")
        self.locals = names
        self.files["main.tf"].append('resource "terraform_data" "r" {}')

    def add_cases(self):
        r = self.r
        for name, type_, *_ in self.vars:
            self.cases.append(f"var.{name}")
            for e in r.sample(VAR_EXPRS[type_], min(2, len(VAR_EXPRS[type_]))):
                self.cases.append(e.replace("V", f"var.{name}"))
        for name in self.locals:
            self.cases.append(f"local.{name}")
        self.cases += ["path.module", "path.root", "terraform.workspace", "terraform_data.r.id",
                       "{ a = terraform_data.r.id, b = 1 }", "local.nope"]
        self.cases = list(dict.fromkeys(self.cases))

    def write(self, directory):
        for fname, parts in self.files.items():
            with open(os.path.join(directory, fname), "w") as f:
                f.write("\n\n".join(parts) + "\n")


def make_module(seed, index):
    r = random.Random(seed * 1000 + index)
    m = Module(r, index)
    for i in range(r.randint(2, 6)):
        m.add_variable(i)
    m.give_values()
    m.add_locals()
    m.add_cases()
    return m


# Modules that must fail, one variable or local each: (variable block, how its value is given
# (none, ("var", text), ("tfvars", hcl), ("env", text)), the expression asked).
ERROR_KINDS = [
    ('type = number\n  validation {\n    condition     = var.x < 500\n    error_message = "Too big: ${var.x}."\n  }',
     lambda r: ("var", str(r.randint(500, 5000)))),
    ('type = list(string)\n  validation {\n    condition     = length(var.x) < 3\n    error_message = "At most two."\n  }',
     lambda r: ("tfvars", hcl_value(["a", "b", "c", "d"][: r.randint(3, 4)]))),
    ("type = number", lambda r: ("var", r.choice(["abc", "null", "1x", "[1]"]))),
    ("type = bool", lambda r: ("env", r.choice(["yes", "2", "nope"]))),
    ("type = object({ name = string })", lambda r: ("tfvars", r.choice(["{}", "{ other = 1 }", "1"]))),
    ("type = list(number)", lambda r: ("var", r.choice(['["a"]', "{a = 1}", "[1, [2]]"]))),
    ("type = string\n  nullable = false", lambda r: ("tfvars", "null")),
    ("type = number\n  default = \"x\"", lambda r: None),
    ("type = map(string)", lambda r: ("var", r.choice(["[1, 2", "{a = var.y}", "upper(1)"]))),
    ("", lambda r: ("undeclared", f"y{r.randint(0, 9)}=1")),
]


def make_error_module(seed, index):
    r = random.Random(seed * 7919 + index)
    m = Module(r, 1000 + index)
    block, give = ERROR_KINDS[index % len(ERROR_KINDS)]
    m.files["main.tf"] = ['variable "x" {\n  ' + block + "\n}" if block else 'variable "x" {\n  default = 0\n}']
    how = give(r)
    if how:
        kind, text = how
        if kind == "var":
            m.args.append(("var", f"x={text}"))
        elif kind == "env":
            m.env["TF_VAR_x"] = text
        elif kind == "tfvars":
            m.files["terraform.tfvars"] = [f"x = {text}"]
        else:
            m.args.append(("var", text))
    m.cases = ["var.x"]
    return m


def console(directory, expr, env, args):
    """terraform console's answer for one expression: ("value", V), ("unknown",) or ("error", summary)."""
    cmd = ["terraform", "console", "-no-color"]
    for kind, value in args:
        cmd.append(f"-{kind}={value}")
    p = subprocess.run(cmd, input=expr + "\n", capture_output=True, text=True, cwd=directory, env=env, timeout=120)
    # Warnings (an undeclared variable in a file) come before the answer, on its last line.
    lines = p.stdout.strip().splitlines()
    out = lines[-1] if lines else ""
    # The console prints an invalid variable's error and still answers (exit 0): an error too.
    if p.returncode != 0 or not out or any(l.startswith("Error: ") for l in p.stderr.splitlines()):
        summary = next((l[len("Error: "):].strip() for l in (p.stderr + p.stdout).splitlines() if l.startswith("Error: ")),
                       "crash")
        return ("error", summary)
    if out == UNKNOWN:
        return ("unknown",)
    # terraform prints the string in HCL syntax: JSON's escapes, and ${ and %{ doubled.
    text = json.loads(out).replace("$${", "${").replace("%%{", "%{")
    return ("value", json.loads(text))


def oracle_env(module):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TF_VAR_")}
    rc = os.path.join(tempfile.gettempdir(), "hcl-terraform-empty.rc")
    open(rc, "w").close()
    env.update({"TF_CLI_CONFIG_FILE": rc, "CHECKPOINT_DISABLE": "1", "TF_IN_AUTOMATION": "1"})
    env.update(module.env)
    return env


def answers(module, directory):
    """Every case's answer: one console run for all known cases, one run each for the rest."""
    env = oracle_env(module)
    out = {}
    batch = [e for e in module.cases if "terraform_data" not in e]
    whole = console(directory, "jsonencode([" + ", ".join(batch) + "])", env, module.args)
    if whole[0] == "value":
        for e, v in zip(batch, whole[1]):
            out[e] = ("value", v)
    for e in module.cases:
        if e not in out:
            out[e] = console(directory, f"jsonencode({e})", env, module.args)
    return out


def record_module(seed, i):
    m = make_module(seed, i) if i >= 0 else make_error_module(seed, -1 - i)
    d = tempfile.mkdtemp(prefix="hcl-tfcase-")
    try:
        m.write(d)
        got = answers(m, d)
    finally:
        shutil.rmtree(d)
    print(f"{m.name}: {len(m.cases)} cases", file=sys.stderr)
    return m, got


def record(path, seed, count, errors, jobs):
    modules = []
    # terraform console spends most of a run waiting, so several run side by side.
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        done = list(pool.map(lambda i: record_module(seed, i), list(range(count)) + [-1 - i for i in range(errors)]))
    for m, got in done:
        modules.append({
            "name": m.name,
            "files": {k: "\n\n".join(v) + "\n" for k, v in m.files.items()},
            "env": m.env,
            "args": [list(a) for a in m.args],
            "cases": [{"expr": e, "answer": list(got[e])} for e in m.cases],
        })
    with open(path, "w") as f:
        json.dump({"terraform": subprocess.run(["terraform", "version"], capture_output=True, text=True).stdout.split("\n")[0],
                   "seed": seed, "modules": modules}, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--record", required=True, help="where to write the modules and answers (JSON)")
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--modules", type=int, default=110)
    ap.add_argument("--error-modules", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=6)
    a = ap.parse_args()
    record(a.record, a.seed, a.modules, a.error_modules, a.jobs)


if __name__ == "__main__":
    main()
