# SPDX-License-Identifier: Apache-2.0
"""Protocol tests for `hcl lsp`: every feature spoken over pipes, including bad input.
Usage: lsp_protocol.py HCL TESTDATA"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, apply_edits, offset, uri  # noqa: E402

HCL, TESTDATA = sys.argv[1], os.path.join(sys.argv[2], "_lsp")
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what, file=sys.stderr)


def started(encodings=None):
    c = Client(HCL)
    r = c.initialize(encodings)
    return c, r["result"]["capabilities"]


def test_lifecycle():
    c = Client(HCL)
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///x.hcl"}, "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32002, "a request before initialize gets ServerNotInitialized: %s" % r)
    r = c.initialize()
    caps = r["result"]["capabilities"]
    check(caps["positionEncoding"] == "utf-16", "UTF-16 unless the client offers UTF-8")
    check(caps["textDocumentSync"]["change"] == 2, "incremental sync")
    r = c.request("initialize", {"capabilities": {}})
    check(r.get("error", {}).get("code") == -32600, "a second initialize is refused")
    check(c.close() == 0, "shutdown then exit exits 0")

    c, caps = started(["utf-8", "utf-16"])
    check(caps["positionEncoding"] == "utf-8", "UTF-8 when offered")
    c.request("shutdown")
    r = c.request("textDocument/hover", {})
    check(r.get("error", {}).get("code") == -32600, "requests after shutdown are invalid")
    c.notify("exit")
    check(c.proc.wait(timeout=20) == 0, "exit after shutdown")

    c, _ = started()
    c.notify("exit")
    check(c.proc.wait(timeout=20) == 1, "exit without shutdown exits 1")
    c, _ = started()
    c.proc.stdin.close()
    check(c.proc.wait(timeout=20) == 1, "end of input exits 1")


def test_null_params():
    # Some eglot versions send "params": null with shutdown and exit: both are taken, and the
    # server ends with 0.
    c, _ = started()
    c.send({"jsonrpc": "2.0", "id": 900, "method": "shutdown", "params": None})
    r = c.response(900)
    check("error" not in r and r.get("result", 1) is None, "shutdown with null params: %s" % r)
    c.send({"jsonrpc": "2.0", "method": "exit", "params": None})
    check(c.proc.wait(timeout=20) == 0, "exit with null params after shutdown exits 0")
    # A method that needs params answers that they are missing.
    c, _ = started()
    c.send({"jsonrpc": "2.0", "id": 901, "method": "textDocument/hover", "params": None})
    r = c.response(901)
    check(r.get("error", {}).get("code") == -32602, "hover with null params: invalid params: %s" % r)
    check(c.close() == 0, "still serving after that")


def test_declaration_hover():
    path = os.path.join(TESTDATA, "unit", "main.tf")
    text = open(path).read()
    lines = text.splitlines()
    c, _ = started()
    c.open(uri(path), text)
    td = {"textDocument": {"uri": uri(path)}}
    at = lambda l, word, k=1: dict(td, position={"line": l, "character": lines[l].index(word) + k})
    h = c.request("textDocument/hover", at(14, "var.region", 5))["result"]
    v = h["contents"]["value"] if h else ""
    check('variable "region"' in v and "type    = string" in v and '"eu-west-1"' in v and "variables.tf line 1" in v,
          "hover on var.region shows its declaration: %s" % h)
    h = c.request("textDocument/hover", at(14, "local.prefix", 7))["result"]
    check(h and 'prefix = "app-${var.region}"' in h["contents"]["value"] and "main.tf line 2" in h["contents"]["value"],
          "hover on local.prefix: %s" % h)
    h = c.request("textDocument/hover", at(15, "net."))["result"]
    check(h and 'module "net"' in h["contents"]["value"], "hover on module.net: %s" % h)
    h = c.request("textDocument/hover", at(13, "base"))["result"]
    check(h and 'data "aws_ami" "base"' in h["contents"]["value"], "hover on data.aws_ami.base: %s" % h)
    h = c.request("textDocument/hover", at(20, "web"))["result"]
    check(h and 'resource "aws_instance" "web"' in h["contents"]["value"], "hover on aws_instance.web: %s" % h)
    c.close()


def test_terraform_language_id():
    # An unsaved buffer named like no Terraform file, in a buffer the editor calls terraform.
    c, _ = started()
    u = "untitled:Untitled-1"
    c.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "terraform", "version": 1,
                                                       "text": 'variable "v" {\n  type = "string"\n}\n'}})
    r = c.request("textDocument/formatting", {"textDocument": {"uri": u}, "options": {"tabSize": 2, "insertSpaces": True}})
    got = apply_edits('variable "v" {\n  type = "string"\n}\n', r.get("result") or [])
    check(got == 'variable "v" {\n  type = string\n}\n', "a terraform buffer gets terraform fmt's style: %r" % got)
    c.close()


def validate_json(path):
    out = subprocess.run([HCL, "validate", "--format", "json", path], capture_output=True, text=True).stdout
    return json.loads(out)["diagnostics"]


def test_diagnostics():
    for name in ["broken.hcl", "broken.tf.json"]:
        path = os.path.join(TESTDATA, name)
        text = open(path, "rb").read()
        want = validate_json(path)
        for enc in ["utf-8", "utf-16"]:
            c, _ = started([enc])
            c.open(uri(path), text.decode())
            got = c.notification("textDocument/publishDiagnostics")["params"]["diagnostics"]
            check(len(got) == len(want) and len(got) > 0, "%s: as many diagnostics as hcl validate (%d, %d)" % (name, len(got), len(want)))
            for g, w in zip(got, want):
                message = w["summary"] + (": " + w["detail"] if w["detail"] else "")
                check(g["message"] == message, "%s: message %r, want %r" % (name, g["message"], message))
                check(g["severity"] == (1 if w["severity"] == "error" else 2), name + ": severity")
                span = (offset(text, g["range"]["start"], enc), offset(text, g["range"]["end"], enc))
                check(span == (w["range"]["start"]["byte"], w["range"]["end"]["byte"]),
                      "%s (%s): range %s covers bytes %s, hcl validate says %s" % (name, enc, g["range"], span,
                                                                                   (w["range"]["start"]["byte"], w["range"]["end"]["byte"])))
            c.close()


def test_incremental_sync_utf16():
    c, _ = started()
    u = "file:///tmp/sync.hcl"
    # The emoji is two UTF-16 units and four bytes: an edit after it lands right only if columns
    # are counted in UTF-16.
    c.open(u, 'a = "\U0001F600" b\n')
    d = c.notification("textDocument/publishDiagnostics")["params"]
    check(len(d["diagnostics"]) == 1, "the broken line is reported")
    check(d["diagnostics"][0]["range"]["start"] == {"line": 0, "character": 9}, "columns in UTF-16: %s" % d["diagnostics"][0]["range"])
    c.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 10}}, "text": "\n"}]})
    d = c.notification("textDocument/publishDiagnostics")["params"]
    check(d["version"] == 2 and d["diagnostics"] == [], "deleting ' b' after the emoji fixes the file: %s" % d)
    r = c.request("textDocument/formatting", {"textDocument": {"uri": u}, "options": {"tabSize": 2, "insertSpaces": True}})
    check(r["result"] == [], "the synced text is already formatted: %s" % r)
    # Several changes in one notification apply in order; out-of-range positions clamp.
    c.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": 3}, "contentChanges": [
        {"text": "x = 1\n"},
        {"range": {"start": {"line": 0, "character": 5}, "end": {"line": 0, "character": 99}}, "text": "2"},
        {"range": {"start": {"line": 40, "character": 0}, "end": {"line": 50, "character": 0}}, "text": "y = 3\n"}]})
    d = c.notification("textDocument/publishDiagnostics")["params"]
    check(d["diagnostics"] == [], "clamped edits: %s" % d)
    r = c.request("textDocument/documentSymbol", {"textDocument": {"uri": u}})
    check([s["name"] for s in r["result"]] == ["x", "y"], "symbols after the edits: %s" % r)
    c.close()


def fmt_output(path):
    return subprocess.run([HCL, "fmt", "--write=false", "--list=false", path], capture_output=True, text=True).stdout


def test_formatting():
    tmp = tempfile.mkdtemp()
    try:
        src = open(os.path.join(TESTDATA, "unformatted.tf")).read()
        for name in ["unformatted.tf", "unformatted.hcl"]:
            path = os.path.join(tmp, name)
            open(path, "w").write(src)
            want = fmt_output(path)
            check(want != src, "the case needs formatting")
            for enc in ["utf-8", "utf-16"]:
                c, _ = started([enc])
                c.open(uri(path), src)
                r = c.request("textDocument/formatting", {"textDocument": {"uri": uri(path)}, "options": {"tabSize": 2, "insertSpaces": True}})
                edits = r["result"]
                check(apply_edits(src, edits, enc) == want, "%s (%s): the edits give hcl fmt's output" % (name, enc))
                if enc == "utf-8":
                    c.close()
            # Minimal: the unchanged first line is not part of any edit.
            if name.endswith(".hcl"):
                check(all(e["range"]["start"]["line"] > 0 for e in edits), "%s: edits leave unchanged lines alone: %s" % (name, edits))
            c.open(uri(path + ".broken"), "a = {\n")
            r = c.request("textDocument/formatting", {"textDocument": {"uri": uri(path + ".broken")}, "options": {}})
            check(r["result"] is None, "a file with syntax errors is not formatted, as hcl fmt refuses it")
            c.close()
        # Terraform's unwrapping of a multi-line "${...}" removes lines: the edits then come from a
        # line diff rather than from pairing lines.
        path = os.path.join(tmp, "interpolation.tf")
        shutil.copy(os.path.join(TESTDATA, "interpolation.tf"), path)
        src2 = open(path).read()
        want = fmt_output(path)
        check(want.count("\n") < src2.count("\n"), "the case removes lines")
        c, _ = started()
        c.open(uri(path), src2)
        edits = c.request("textDocument/formatting", {"textDocument": {"uri": uri(path)}, "options": {}})["result"]
        check(apply_edits(src2, edits) == want, "interpolation.tf: the edits give hcl fmt's output")
        check(all(e["range"]["start"]["line"] > 0 for e in edits), "interpolation.tf: minimal edits: %s" % edits)
        c.close()
        tf_want = fmt_output(os.path.join(tmp, "unformatted.tf"))
        check('x = var.y' in tf_want.replace("  ", " ").replace("  ", " ") or "var.y" in tf_want, "terraform rewrite in .tf files")
        check(fmt_output(os.path.join(tmp, "unformatted.hcl")) != tf_want, "the two styles differ on this case")
    finally:
        shutil.rmtree(tmp)


def test_outline():
    path = os.path.join(TESTDATA, "unit", "main.tf")
    text = open(path).read()
    c, caps = started()
    c.open(uri(path), text)
    td = {"textDocument": {"uri": uri(path)}}
    syms = c.request("textDocument/documentSymbol", td)["result"]
    names = [s["name"] for s in syms]
    check(names == ['locals', 'module "net"', 'data "aws_ami" "base"', 'resource "aws_instance" "web"', 'output "ip"'], "symbols: %s" % names)
    check([s["name"] for s in syms[3]["children"]] == ["ami", "instance_type", "subnet", "tags"], "nested symbols")
    # A client that does not take nested symbols gets them flat, with their containers.
    flat_client = Client(HCL)
    flat_client.request("initialize", {"capabilities": {}})
    flat_client.open(uri(path), text)
    flat = flat_client.request("textDocument/documentSymbol", td)["result"]
    check([(s["name"], s.get("containerName")) for s in flat][:3] == [("locals", None), ("prefix", "locals"), ('module "net"', None)],
          "flat symbols: %s" % flat[:3])
    check(all(s["location"]["uri"] == uri(path) for s in flat), "flat symbols carry their location")
    flat_client.close()
    folds = c.request("textDocument/foldingRange", td)["result"]
    check({"startLine": 12, "endLine": 16} in folds, "the resource block folds: %s" % folds)
    sel = c.request("textDocument/selectionRange", dict(td, positions=[{"line": 14, "character": 25}]))["result"][0]
    chain = []
    while sel:
        chain.append(sel["range"])
        sel = sel.get("parent")
    check(chain[0] == {"start": {"line": 14, "character": 24}, "end": {"line": 14, "character": 27}}, "innermost selection is the name: %s" % chain[0])
    check(chain[1] == {"start": {"line": 14, "character": 24}, "end": {"line": 14, "character": 34}}, "then the traversal: %s" % chain[1])
    check(len(chain) >= 4 and chain[-1]["start"] == {"line": 0, "character": 0}, "selection widens to the document")
    legend = caps["semanticTokensProvider"]["legend"]["tokenTypes"]
    full = c.request("textDocument/semanticTokens/full", td)["result"]
    data = full["data"]
    check(len(data) % 5 == 0 and len(data) > 0, "semantic tokens")
    # Decode the first tokens: "locals" is a block type, "prefix" an attribute.
    check(legend[data[3]] == "type" and data[2] == 6, "first token is the block type: %s" % data[:5])
    check(legend[data[8]] == "property" and data[5:7] == [1, 2], "then the attribute name: %s" % data[5:10])
    types = {legend[data[i + 3]] for i in range(0, len(data), 5)}
    check({"function", "variable", "string", "property", "type", "keyword" if False else "operator"} <= types, "token kinds: %s" % types)
    # Delta: edit, then ask for the difference from the previous result.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 2}}, "text": "x = 1\n  "}]})
    delta = c.request("textDocument/semanticTokens/full/delta", dict(td, previousResultId=full["resultId"]))["result"]
    check("edits" in delta, "a delta answer: %s" % list(delta))
    new = list(data)
    for e in sorted(delta.get("edits", []), key=lambda e: -e["start"]):
        new[e["start"]:e["start"] + e["deleteCount"]] = e.get("data", [])
    full2 = c.request("textDocument/semanticTokens/full", td)["result"]
    check(new == full2["data"], "the delta applied to the old tokens gives the new ones")
    stale = c.request("textDocument/semanticTokens/full/delta", dict(td, previousResultId="nope"))["result"]
    check("data" in stale, "an unknown previous result gets full tokens")
    c.close()


def test_assist():
    path = os.path.join(TESTDATA, "unit", "main.tf")
    text = open(path).read()
    c, _ = started()
    c.open(uri(path), text)
    td = {"textDocument": {"uri": uri(path)}}
    line = 14  # instance_type = upper(var.region, local.prefix)
    col = text.splitlines()[line].index("upper")
    h = c.request("textDocument/hover", dict(td, position={"line": line, "character": col + 2}))["result"]
    check(h and "upper(str string) string" in h["contents"]["value"], "hover shows the signature: %s" % h)
    check(h and "uppercase" in h["contents"]["value"], "and the description")
    h = c.request("textDocument/hover", dict(td, position={"line": 0, "character": 0}))["result"]
    check(h is None, "no hover outside calls")
    sig = c.request("textDocument/signatureHelp", dict(td, position={"line": line, "character": text.splitlines()[line].index("local")}))["result"]
    check(sig and sig["signatures"][0]["label"] == "upper(str string)", "signature help: %s" % sig)
    check(sig and sig["activeParameter"] == 0, "a single parameter stays active")
    c.open("file:///tmp/join.hcl", 'x = join(",", [a, b], c)\n')
    sig = c.request("textDocument/signatureHelp", {"textDocument": {"uri": "file:///tmp/join.hcl"}, "position": {"line": 0, "character": 22}})["result"]
    check(sig and sig["activeParameter"] == 1, "the second argument (commas inside brackets do not count): %s" % sig)
    comp = lambda t, l, ch: [i["label"] for i in c.request("textDocument/completion", {"textDocument": {"uri": t}, "position": {"line": l, "character": ch}})["result"]["items"]]
    c.open("file:///tmp/c.hcl", 'x = jsond\ny = fo\n')
    check(comp("file:///tmp/c.hcl", 0, 9) == ["jsondecode"], "function names by prefix")
    got = comp("file:///tmp/c.hcl", 1, 6)
    check("format" in got and "formatlist" in got and "upper" not in got, "prefix filters: %s" % got)
    # var. completes the variables of the whole directory (variables.tf is not open).
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 21, "character": 0}, "end": {"line": 21, "character": 0}}, "text": "  z = var.\n  w = local.p\n"}]})
    check(sorted(comp(uri(path), 21, 10)) == ["names", "region"], "var. names from the directory")
    check(comp(uri(path), 22, 13) == ["prefix"], "local. names")
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": 3}, "contentChanges": [
        {"range": {"start": {"line": 21, "character": 0}, "end": {"line": 23, "character": 0}}, "text": ""},
        {"range": {"start": {"line": 13, "character": 0}, "end": {"line": 13, "character": 0}}, "text": "  s\n"}]})
    check(comp(uri(path), 13, 3) == ["subnet"], "attribute names used in blocks of the same type: %s" % comp(uri(path), 13, 3))
    c.close()


def test_navigation():
    tmp = tempfile.mkdtemp()
    try:
        for n in ["main.tf", "variables.tf"]:
            shutil.copy(os.path.join(TESTDATA, "unit", n), tmp)
        main, variables = os.path.join(tmp, "main.tf"), os.path.join(tmp, "variables.tf")
        text = open(main).read()
        lines = text.splitlines()
        c, _ = started()
        c.open(uri(main), text)
        td = {"textDocument": {"uri": uri(main)}}
        at = lambda l, word, k=0: {"line": l, "character": lines[l].index(word) + k}
        d = c.request("textDocument/definition", dict(td, position=at(14, "region", 1)))["result"]
        check(d == [{"uri": uri(variables), "range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 16}}}],
              "var.region is declared in variables.tf: %s" % d)
        d = c.request("textDocument/definition", dict(td, position=at(14, "local.prefix", 8)))["result"]
        check(d and d[0]["range"]["start"] == {"line": 1, "character": 2} and d[0]["uri"] == uri(main), "local.prefix: %s" % d)
        d = c.request("textDocument/definition", dict(td, position=at(13, "base")))["result"]
        check(d and d[0]["range"]["start"]["line"] == 8, "data.aws_ami.base: %s" % d)
        d = c.request("textDocument/definition", dict(td, position=at(15, "net.")))["result"]
        check(d and d[0]["range"]["start"]["line"] == 4, "module.net: %s" % d)
        d = c.request("textDocument/definition", dict(td, position=at(20, "web")))["result"]
        check(d and d[0]["range"]["start"]["line"] == 12, "aws_instance.web: %s" % d)
        refs = c.request("textDocument/references", dict(td, position=at(1, "prefix"), context={"includeDeclaration": True}))["result"]
        check(len(refs) == 3, "local.prefix: its declaration and two references: %s" % refs)
        refs = c.request("textDocument/references", dict(td, position=at(14, "region"), context={"includeDeclaration": False}))["result"]
        check(len(refs) == 2 and all(r["uri"] == uri(main) for r in refs), "var.region is used twice: %s" % refs)
        pr = c.request("textDocument/prepareRename", dict(td, position=at(20, "web")))["result"]
        check(pr is None, "resources cannot be renamed")
        r = c.request("textDocument/rename", dict(td, position=at(20, "web"), newName="x"))
        check(r.get("error", {}).get("code") == -32803, "renaming a resource fails: %s" % r)
        r = c.request("textDocument/rename", dict(td, position=at(14, "region"), newName="9bad"))
        check(r.get("error", {}).get("code") == -32803, "an invalid new name fails")
        r = c.request("textDocument/rename", dict(td, position=at(14, "region"), newName="zone"))["result"]["changes"]
        check(set(r) == {uri(main), uri(variables)}, "rename spans both files: %s" % list(r))
        new_main = apply_edits(text, r[uri(main)])
        new_vars = apply_edits(open(variables).read(), r[uri(variables)])
        check(new_main.count("var.zone") == 2 and "var.region" not in new_main, "references renamed")
        check(new_vars.startswith('variable "zone" {'), "declaration renamed: %s" % new_vars[:30])
        # A file changed on disk is read again.
        open(variables, "a").write('\nvariable "extra" {}\n')
        c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": uri(variables), "type": 2}]})
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri(main), "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 21, "character": 0}, "end": {"line": 21, "character": 0}}, "text": "  e = var.extra\n"}]})
        d = c.request("textDocument/definition", dict(td, position={"line": 21, "character": 12}))["result"]
        check(d and d[0]["uri"] == uri(variables) and d[0]["range"]["start"]["line"] == 9, "the new variable is found: %s" % d)
        # A document open in the editor but not yet saved belongs to its directory too.
        unsaved = os.path.join(tmp, "unsaved.tf")
        c.open(uri(unsaved), 'variable "fresh" {}\n')
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri(main), "version": 3}, "contentChanges": [
            {"range": {"start": {"line": 21, "character": 0}, "end": {"line": 22, "character": 0}}, "text": "  e = var.fresh\n"}]})
        d = c.request("textDocument/definition", dict(td, position={"line": 21, "character": 12}))["result"]
        check(d == [{"uri": uri(unsaved), "range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 15}}}],
              "a variable declared in an unsaved document: %s" % d)
        c.close()
    finally:
        shutil.rmtree(tmp)


def test_bad_input():
    c, _ = started()
    c.write_raw(c.frame(b"{not json"))
    r = c.read()
    check(r.get("error", {}).get("code") == -32700 and r["id"] is None, "malformed JSON: ParseError: %s" % r)
    c.write_raw(b"Content-Length: abc\r\n\r\n")
    r = c.read()
    check(r.get("error", {}).get("code") == -32600, "bad header: %s" % r)
    c.write_raw(c.frame(b"[1, 2]"))
    check(c.read().get("error", {}).get("code") == -32600, "a JSON array is not a message")
    c.write_raw(c.frame({"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"}))
    check(c.read().get("error", {}).get("code") == -32600, "an object id is invalid")
    r = c.request("no/such/method", {})
    check(r.get("error", {}).get("code") == -32601, "unknown method: %s" % r)
    c.notify("no/such/notification", {})
    c.notify("$/setTrace", {"value": "off"})
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///nope.hcl"}, "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32602, "a document that is not open: %s" % r)
    c.open("file:///tmp/p.hcl", "a = upper(1)\n")
    for bad in [{"textDocument": {"uri": "file:///tmp/p.hcl"}, "position": {"line": -1, "character": 0}},
                {"textDocument": {"uri": "file:///tmp/p.hcl"}, "position": "here"},
                {"textDocument": 5}, "text"]:
        r = c.request("textDocument/hover", bad)
        check(r.get("error", {}).get("code") == -32602, "malformed params %r: %s" % (bad, r))
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///tmp/p.hcl"}, "position": {"line": 1000000, "character": 5}})
    check("result" in r, "a position past the end is clamped: %s" % r)
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///tmp/p.hcl"}, "position": {"line": 0, "character": 10000}})
    check("result" in r, "a character past the line's end is clamped")
    r = c.request("textDocument/references", {"textDocument": {"uri": "file:///tmp/p.hcl"}, "position": {"line": 0, "character": 1 << 40}})
    check("result" in r, "a huge character")
    # Binary content: every byte value, as JSON can carry it.
    binary = "".join(chr(i) for i in range(1, 256)) * 50 + "\x00\ufffe"
    c.open("file:///tmp/bin.hcl", binary)
    d = c.notification("textDocument/publishDiagnostics", uri="file:///tmp/bin.hcl")["params"]["diagnostics"]
    check(len(d) > 0, "binary content is diagnosed")
    for m in ["textDocument/formatting", "textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full"]:
        r = c.request(m, {"textDocument": {"uri": "file:///tmp/bin.hcl"}, "options": {}})
        check("result" in r, "%s on binary content: %s" % (m, str(r)[:200]))
    # Invalid UTF-8 inside the JSON-RPC message itself.
    c.write_raw(c.frame(b'{"jsonrpc":"2.0","id":77,"method":"shutdown","x":"\xff\xfe"}'))
    check(c.read().get("error", {}).get("code") == -32700, "invalid UTF-8 in a message")
    # Deeply nested JSON where an id or a text belongs (the server must not recurse through it).
    deep = b"[" * 200000 + b"]" * 200000
    c.write_raw(c.frame(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":' + deep + b"}}"))
    c.write_raw(c.frame(b'{"jsonrpc":"2.0","id":' + deep + b',"method":"shutdown"}'))
    check(c.read().get("error", {}).get("code") == -32600, "a nested id is invalid")
    c.write_raw(c.frame(b'{"jsonrpc":"2.0","id":78,"method":"textDocument/hover","params":' + deep + b"}"))
    check(c.read().get("error", {}).get("code") == -32602, "nested params are invalid")
    # A huge document (about 8 MB, generated here) is served.
    huge = "".join('resource "r" "n%d" {\n  a = "%s"\n  b = [1, 2, 3]\n}\n' % (i, "x" * 40) for i in range(100000)) + "oops {\n"
    c.open("file:///tmp/huge.hcl", huge)
    d = c.notification("textDocument/publishDiagnostics", uri="file:///tmp/huge.hcl", timeout=60)["params"]["diagnostics"]
    check(len(d) == 1 and d[0]["range"]["start"]["line"] == 400000, "the huge document's error: %s" % d[:1])
    # One line of 2 MB with half a million tokens: positions along it must not cost the line's
    # length each (a quadratic answer would not come within the client's deadline).
    line = "x = [" + ",".join(["\u00e9"] * 1) + "," + ",".join(["1"] * 500000) + "] !\n"
    c.open("file:///tmp/line.hcl", line)
    d = c.notification("textDocument/publishDiagnostics", uri="file:///tmp/line.hcl", timeout=60)["params"]["diagnostics"]
    check(len(d) >= 1, "the long line's error is reported")
    for m in ["textDocument/semanticTokens/full", "textDocument/foldingRange", "textDocument/documentSymbol"]:
        r = c.request(m, {"textDocument": {"uri": "file:///tmp/line.hcl"}}, timeout=60)
        check("result" in r, "%s on one long line" % m)
    # A chain of 20,000 operators nests as deep as it is long, with no brackets: selection ranges
    # stop at a depth clients can read (this client's JSON reader gives up near 1,000 levels).
    chain = "a = " + " + ".join(["x"] * 20000) + "\n"
    c.open("file:///tmp/chain.hcl", chain)
    c.notification("textDocument/publishDiagnostics", uri="file:///tmp/chain.hcl", timeout=60)
    r = c.request("textDocument/selectionRange", {"textDocument": {"uri": "file:///tmp/chain.hcl"},
                                                  "positions": [{"line": 0, "character": 4}]}, timeout=60)
    sel, ranges = r.get("result", [None])[0], []
    while sel:
        ranges.append(sel["range"])
        sel = sel.get("parent")
    check(2 < len(ranges) <= 256 and ranges[0]["end"]["character"] == 5 and ranges[-1]["start"] == {"line": 0, "character": 0},
          "selection ranges in a long chain: %d, %s" % (len(ranges), ranges[:1]))
    # A cancelled request is answered with RequestCancelled when the cancellation comes with it.
    req = {"jsonrpc": "2.0", "id": 500, "method": "textDocument/foldingRange", "params": {"textDocument": {"uri": "file:///tmp/huge.hcl"}}}
    cancel = {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 500}}
    c.write_raw(c.frame(req) + c.frame(cancel))
    r = c.response(500)
    check(r.get("error", {}).get("code") == -32800, "cancelled: %s" % str(r)[:200])
    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///tmp/p.hcl"}, "position": {"line": 0, "character": 6}})
    check(r.get("result") and "upper" in r["result"]["contents"]["value"], "still serving after all that")
    check(c.close() == 0, "clean exit after bad input")


def main():
    for t in [test_lifecycle, test_null_params, test_declaration_hover, test_terraform_language_id, test_diagnostics, test_incremental_sync_utf16, test_formatting, test_outline, test_assist,
              test_navigation, test_bad_input]:
        try:
            t()
        except Exception as e:  # a hung or dead server fails the test instead of stopping the run
            FAILS.append("%s: %r" % (t.__name__, e))
            print("FAIL: %s raised %r" % (t.__name__, e), file=sys.stderr)
    if FAILS:
        print("%d failure(s)" % len(FAILS), file=sys.stderr)
        sys.exit(1)
    print("ok")


main()
