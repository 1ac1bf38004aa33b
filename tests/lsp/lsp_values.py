# SPDX-License-Identifier: Apache-2.0
"""`hcl lsp`: hover and completion show the values of `var.` and `local.` as
`hcl eval --config DIR EXPR` prints them, over a Terraform module in a temporary directory.
Usage: lsp_values.py HCL"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, uri  # noqa: E402

HCL = sys.argv[1]
FAILS = []

VARIABLES = '''variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "env" {
  default = "dev"
}

variable "linked" {
  default = "declared"
}

variable "password" {
  type      = string
  default   = "hunter2"
  sensitive = true
}
'''

MAIN = '''locals {
  name   = "app-${var.env}"
  full   = "${local.name}-${var.region}"
  ip     = aws_instance.web.private_ip
  secret = var.password
  tags   = { Name = local.full, Ip = local.ip }
  bad    = var.nope
  huge   = [for a in range(1000) : [for b in range(1000) : [for c in range(1000) : c]]]
  leak   = file("/etc/hostname")
  linked = var.linked
  long   = join("", [for i in range(1000) : "abcdefghi${i % 10}"])
}

resource "aws_instance" "web" {
  ami  = "ami-1"
  tags = local.tags
}

output "o" {
  value = [local.full, local.secret, local.huge, local.bad]
}
'''


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what, file=sys.stderr)


def eval_config(d, expr):
    r = subprocess.run([HCL, "eval", "--config", d, expr], capture_output=True, text=True)
    return r.stdout.strip()


def main():
    d = tempfile.mkdtemp()
    files = {"variables.tf": VARIABLES, "main.tf": MAIN, "terraform.tfvars": 'env = "prod"\n',
             "x.auto.tfvars": 'region = "us-east-2"\n', "notes.hcl": "a = var.env\n"}
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    # A variable file that is a link to a file outside the directory is passed over, as the
    # command line's walk passes it over.
    outside = tempfile.mkdtemp()
    with open(os.path.join(outside, "v.tfvars"), "w") as f:
        f.write('linked = "from outside"\n')
    os.symlink(os.path.join(outside, "v.tfvars"), os.path.join(d, "z.auto.tfvars"))
    main_tf = os.path.join(d, "main.tf")
    lines = MAIN.splitlines()
    c = Client(HCL)
    c.initialize()
    c.open(uri(main_tf), MAIN)
    td = {"textDocument": {"uri": uri(main_tf)}}

    def hover(line, word, k=1, doc=None):
        pos = {"line": line, "character": (doc or lines)[line].index(word) + k}
        h = c.request("textDocument/hover", dict(td, position=pos), timeout=60)["result"]
        return h["contents"]["value"] if h else ""

    def value_part(text):
        return text[text.index("Value:"):] if "Value:" in text else ""

    # var.env: its default is overridden by terraform.tfvars; var.region by *.auto.tfvars.
    got = hover(1, "var.env", 5)
    check(got == '```hcl\nvariable "env" {\n  default = "dev"\n}\n```\n\nDeclared in variables.tf line 6'
          '\n\nValue:\n```json\n"prod"\n```', "hover on var.env: %r" % got)
    check(value_part(hover(2, "var.region", 5)) == 'Value:\n```json\n"us-east-2"\n```', "var.region from x.auto.tfvars")
    # Locals chains, the name in the locals block itself, unknowns and sensitive values.
    want = {(2, "local.name", 7): '"app-prod"', (2, "full", 1): '"app-prod-us-east-2"',
            (5, "local.ip", 7): '"(known after apply)"', (4, "secret", 1): '"(sensitive value)"',
            (5, "local.full", 7): '"app-prod-us-east-2"',
            (15, "local.tags", 7): '{"Ip":"(known after apply)","Name":"app-prod-us-east-2"}'}
    for (line, word, k), value in want.items():
        v = value_part(hover(line, word, k))
        check(v == "Value:\n```json\n%s\n```" % value, "hover on %s: %r, want %s" % (word, v, value))
        expr = word if "." in word else "local." + word
        check(eval_config(d, expr) == value, "hcl eval --config %s prints %r" % (expr, eval_config(d, expr)))
    v = value_part(hover(4, "var.password", 5))
    check(v == 'Value:\n```json\n"(sensitive value)"\n```', "the secret itself is never shown: %r" % v)
    # A long value is cut.
    v = value_part(hover(10, "long", 1))
    shown = v[len("Value:\n```json\n"):-len("...\n```")]
    check(v.endswith('...\n```') and shown.startswith('"abcdefghi0abcdefghi1') and len(shown) == 4000,
          "a long value is cut: %d bytes, %r" % (len(v), v[-30:]))
    # A value that fails shows the error; a huge one stops at the budget, and the server answers on.
    v = value_part(hover(6, "bad", 1))
    check(v.startswith("Value: error: Reference to undeclared input variable"), "error summary: %r" % v)
    v = value_part(hover(7, "huge", 1))
    check(v.startswith("Value: error: Evaluation too large"), "budget: %r" % v[:200])
    check(value_part(hover(2, "local.name", 7)) == 'Value:\n```json\n"app-prod"\n```', "still serving")
    # File functions read the directory's tree alone; links out of it are passed over.
    v = value_part(hover(8, "leak", 1))
    check(v.startswith("Value: error: Invalid function argument") and "outside the directories" in v, "file(): %r" % v)
    v = value_part(hover(9, "linked", 1))
    check(v == 'Value:\n```json\n"declared"\n```', "a link out of the directory is not read: %r" % v)

    # Completion after local. shows each value in the item's detail, cut short.
    pos = {"line": 19, "character": lines[19].index("local.secret") + 6}
    items = c.request("textDocument/completion", dict(td, position=pos), timeout=60)["result"]["items"]
    detail = {i["label"]: i.get("detail") for i in items}
    check(detail.get("full") == '"app-prod-us-east-2"' and detail.get("ip") == '"(known after apply)"'
          and detail.get("secret") == '"(sensitive value)"', "completion details: %s" % detail)
    check(detail.get("bad", "").startswith("error: Reference to undeclared") and len(detail.get("huge", "")) <= 83,
          "completion details of failures: %s" % detail)

    # An edit not saved yet changes the values at once.
    edited = MAIN.replace('"app-${var.env}"', '"svc-${var.env}"')
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(main_tf), "version": 2},
                                        "contentChanges": [{"text": edited}]})
    v = value_part(hover(2, "local.name", 7, edited.splitlines()))
    check(v == 'Value:\n```json\n"svc-prod"\n```', "after didChange: %r" % v)
    # On the name in a variable block.
    variables_tf = os.path.join(d, "variables.tf")
    c.open(uri(variables_tf), VARIABLES)
    line = VARIABLES.splitlines()[5]
    h = c.request("textDocument/hover", {"textDocument": {"uri": uri(variables_tf)},
                                         "position": {"line": 5, "character": line.index("env") + 1}})["result"]
    v = value_part(h["contents"]["value"] if h else "")
    check(v == 'Value:\n```json\n"prod"\n```', "hover on the name of variable \"env\": %r" % v)
    # A generic .hcl file beside the module shows no value.
    notes = os.path.join(d, "notes.hcl")
    c.open(uri(notes), "a = var.env\n")
    h = c.request("textDocument/hover", {"textDocument": {"uri": uri(notes)}, "position": {"line": 0, "character": 9}})
    check("Value" not in ((h.get("result") or {}).get("contents") or {}).get("value", ""), "no value in .hcl: %s" % h)
    check(c.close() == 0, "clean exit")
    if FAILS:
        print("%d failure(s)" % len(FAILS), file=sys.stderr)
        sys.exit(1)
    print("ok")


main()
