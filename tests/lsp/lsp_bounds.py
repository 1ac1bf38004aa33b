# SPDX-License-Identifier: Apache-2.0
"""`hcl lsp` stays in the document's directory and within its budgets (docs/limits.md, "The
language server"): the files beside a document are those a command-line walk finds, their cache
is bounded, a batch of edits is one pass, and a lone surrogate does not cost the document.
Every input is made here. Usage: lsp_bounds.py HCL"""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, uri  # noqa: E402

HCL = sys.argv[1]
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what, file=sys.stderr)


def started():
    c = Client(HCL)
    c.initialize()
    return c


def test_unit_stays_inside(tmp):
    repo, outside = os.path.join(tmp, "repo"), os.path.join(tmp, "outside")
    os.makedirs(os.path.join(repo, "sub"))
    os.makedirs(outside)
    main = os.path.join(repo, "main.tf")
    text = "locals {\n  a = var.secret\n  b = var.inner\n  c = var.fifo\n}\n"
    open(main, "w").write(text)
    open(os.path.join(outside, "secret.tf"), "w").write('variable "secret" {}\n')
    open(os.path.join(repo, "sub", "inner.tf"), "w").write('variable "inner" {}\n')
    # A link out of the directory, a link to a file inside it, a dangling link, and pseudo-files
    # that block on open or read.
    os.symlink(os.path.join(outside, "secret.tf"), os.path.join(repo, "leak.tf"))
    os.symlink(os.path.join(repo, "sub", "inner.tf"), os.path.join(repo, "inner.tf"))
    os.symlink(os.path.join(outside, "missing.tf"), os.path.join(repo, "dangling.tf"))
    os.mkfifo(os.path.join(repo, "fifo.tf"))
    os.mkfifo(os.path.join(outside, "pipe"))
    os.symlink(os.path.join(outside, "pipe"), os.path.join(repo, "pipe.tf"))
    if os.geteuid() == 0 and os.path.exists("/proc/kmsg"):
        os.symlink("/proc/kmsg", os.path.join(repo, "kmsg.tf"))
    c = started()
    c.open(uri(main), text)
    td = {"textDocument": {"uri": uri(main)}}
    d = c.request("textDocument/definition", dict(td, position={"line": 1, "character": 12}), timeout=30)["result"]
    check(d == [], "a declaration behind a link out of the directory is not found: %s" % d)
    d = c.request("textDocument/definition", dict(td, position={"line": 2, "character": 12}))["result"]
    check(d and d[0]["uri"] == uri(os.path.join(repo, "inner.tf")), "a link to a file inside is followed: %s" % d)
    r = c.request("textDocument/rename", dict(td, position={"line": 1, "character": 12}, newName="x"))["result"]
    changes = (r or {}).get("changes", {})
    check(set(changes) == {uri(main)}, "a rename edits no file outside the directory: %s" % list(changes))
    items = c.request("textDocument/completion", dict(td, position={"line": 3, "character": 10}))["result"]
    labels = [i["label"] for i in (items["items"] if isinstance(items, dict) else items or [])]
    check("secret" not in labels, "completion offers nothing from outside: %s" % labels)
    check(c.close() == 0, "the server ends normally")


def test_cache_budget(tmp):
    # Twenty files of 16 MiB, sparse (one comment around a hole of NUL bytes): the server reads
    # and keeps at most 64 MiB of them.
    d = os.path.join(tmp, "big")
    os.makedirs(d)
    main = os.path.join(d, "main.tf")
    open(main, "w").write("locals {\n  a = var.x\n}\n")
    for i in range(20):
        with open(os.path.join(d, "f%02d.tf" % i), "wb") as f:
            f.write(b"/*")
            f.seek((16 << 20) - 2)
            f.write(b"*/")
    c = started()
    c.open(uri(main), open(main).read())
    td = {"textDocument": {"uri": uri(main)}}
    c.request("textDocument/references", dict(td, position={"line": 1, "character": 10},
                                              context={"includeDeclaration": True}), timeout=120)
    peak = 0
    for line in open("/proc/%d/status" % c.proc.pid):
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) >> 10
    print("references over twenty 16 MiB files: %d MiB peak" % peak)
    check(peak < 200, "references over 320 MiB of files keeps memory bounded: %d MiB peak" % peak)
    check(c.close() == 0, "the server ends normally")


def symbols(c, u):
    return [s["name"] for s in c.request("textDocument/documentSymbol", {"textDocument": {"uri": u}})["result"]]


def test_batch_in_one_pass():
    c = started()
    u = "file:///tmp/batch.hcl"
    # Edits in reverse document order (as editors send several cursors' edits), one at a time
    # against the text the ones before left, including two at the same place.
    c.open(u, "a = 1\nb = 1\nc = 1\n")
    c.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 1}}, "text": "z"},
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 1}}, "text": "y = 2\nx"},
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "v"},
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "u"}]})
    check(symbols(c, u) == ["uvy", "x", "z"], "a reverse-order batch applies as edits in turn: %s" % symbols(c, u))
    # 20,000 edits, one per line, each against the text the ones before left.
    lines = 20000
    c.open(u, "attribute_xx = 1\n" * lines, version=3)
    rename = lambda ls: [{"range": {"start": {"line": l, "character": 0}, "end": {"line": l, "character": 12}},
                          "text": "renamed_attr"} for l in ls]
    c.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": 4}, "contentChanges": rename(range(lines - 1, -1, -1))})
    names = symbols(c, u)
    check(names == ["renamed_attr"] * lines, "every edit applied: %d renamed" % names.count("renamed_attr"))
    # 20,000 edits to a 20 MB document: one pass, where each edit copied the whole text (85 s).
    lines = 20 << 20 >> 4
    c.open(u, "attribute_xx = 1\n" * lines, version=5)
    c.request("textDocument/hover", {"textDocument": {"uri": u}, "position": {"line": 0, "character": 0}}, timeout=120)
    start = time.monotonic()
    c.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": 6},
                                        "contentChanges": rename(range(lines - 1, 0, -(lines // 20000)))[:20000]})
    c.request("textDocument/hover", {"textDocument": {"uri": u}, "position": {"line": 0, "character": 0}}, timeout=60)
    print("20,000 edits of a 20 MB document, then a request: %.1f s" % (time.monotonic() - start))
    check(c.close() == 0, "the server ends normally")


def test_lone_surrogate():
    c = started()
    u = "file:///tmp/surrogate.hcl"
    # json.dumps writes the lone surrogate as the escape \ud800, as an editor would send it.
    c.open(u, 'a = "\ud800"\nb = "\udc00\ud83d\ude00"\n')
    d = c.notification("textDocument/publishDiagnostics", uri=u)["params"]
    check(d["diagnostics"] == [], "a lone surrogate is U+FFFD, the document is kept: %s" % d)
    h = c.request("textDocument/documentSymbol", {"textDocument": {"uri": u}})["result"]
    check([s["name"] for s in h] == ["a", "b"], "the document is open: %s" % h)
    check(c.close() == 0, "the server ends normally")


def main():
    tmp = tempfile.mkdtemp()
    try:
        for t in [lambda: test_unit_stays_inside(tmp), lambda: test_cache_budget(tmp), test_batch_in_one_pass,
                  test_lone_surrogate]:
            try:
                t()
            except Exception as e:  # a hung or dead server fails the test instead of stopping the run
                FAILS.append(repr(e))
                print("FAIL: raised %r" % e, file=sys.stderr)
    finally:
        shutil.rmtree(tmp)
    if FAILS:
        print("%d failure(s)" % len(FAILS), file=sys.stderr)
        sys.exit(1)
    print("ok")


main()
