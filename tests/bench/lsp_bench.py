# SPDX-License-Identifier: Apache-2.0
"""Replays an editing session on a 10,000-line file against `hcl lsp` and prints the latency of
diagnostics after each change, of formatting, and the server's memory.
usage: lsp_bench.py HCL [LINES]"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lsp"))
from lsp_client import Client  # noqa: E402

hcl = sys.argv[1]
lines = int(sys.argv[2]) if len(sys.argv) > 2 else 10000


def document(n):
    """About n lines of Terraform-like configuration, deliberately not aligned (formatting has work)."""
    out, i = [], 0
    while len(out) < n:
        out += ['resource "aws_instance" "web_%d" {' % i,
                '  ami = "ami-%08d"' % i,
                '  instance_type = var.size',
                '  count = %d' % (i % 3),
                '  tags = {',
                '    Name = "web-${count.index}"',
                '    Team = local.team',
                '  }',
                '}',
                '']
        i += 1
    return "\n".join(out[:n]) + "\n"


def session(text):
    """The recorded session: typing a new attribute into a block in the middle of the file one
    character at a time (the file is broken while it is typed), then deleting it again."""
    mid = text.count("\n") // 2
    while not text.split("\n")[mid].startswith("resource"):
        mid += 1
    line = mid + 1
    typed = '  monitoring = upper("on")\n'
    changes = []
    for k, ch in enumerate(typed):
        changes.append({"range": {"start": {"line": line, "character": k}, "end": {"line": line, "character": k}}, "text": ch})
    for k in range(len(typed) - 1, -1, -1):
        changes.append({"range": {"start": {"line": line, "character": k}, "end": {"line": line, "character": k + 1}}, "text": ""} if typed[k] != "\n"
                       else {"range": {"start": {"line": line, "character": k}, "end": {"line": line + 1, "character": 0}}, "text": ""})
    return changes


def cpu_ms(pid):
    """CPU time the server has used, all threads (immune to other processes' load, unlike latency)."""
    total = 0
    for t in os.listdir("/proc/%d/task" % pid):
        total += int(open("/proc/%d/task/%s/schedstat" % (pid, t)).read().split()[0])
    return total / 1e6


def rss_kib(pid, field):
    for l in open("/proc/%d/status" % pid):
        if l.startswith(field + ":"):
            return int(l.split()[1])
    return 0


text = document(lines)
uri = "file:///tmp/lsp-bench/main.tf"
c = Client(hcl)
c.initialize()
c.request("textDocument/hover", {"textDocument": {"uri": "none"}, "position": {"line": 0, "character": 0}})
base = rss_kib(c.proc.pid, "VmRSS")
t0 = time.perf_counter()
c.open(uri, text)
c.notification("textDocument/publishDiagnostics")
open_ms = (time.perf_counter() - t0) * 1000
opened = rss_kib(c.proc.pid, "VmRSS")

latencies, tokens, version = [], [], 1
cpu0 = cpu_ms(c.proc.pid)
result_id = c.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})["result"]["resultId"]
for change in session(text):
    version += 1
    t0 = time.perf_counter()
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
    while True:
        m = c.notification("textDocument/publishDiagnostics")
        if m["params"].get("version") == version:
            break
    latencies.append((time.perf_counter() - t0) * 1000)
    # Then what an editor asks next: the highlighting's changes.
    t0 = time.perf_counter()
    r = c.request("textDocument/semanticTokens/full/delta", {"textDocument": {"uri": uri}, "previousResultId": result_id})
    result_id = r["result"]["resultId"]
    tokens.append((time.perf_counter() - t0) * 1000)

session_cpu = cpu_ms(c.proc.pid) - cpu0
fmt = []
cpu0 = cpu_ms(c.proc.pid)
for _ in range(20):
    t0 = time.perf_counter()
    r = c.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
    fmt.append((time.perf_counter() - t0) * 1000)
fmt_cpu = (cpu_ms(c.proc.pid) - cpu0) / 20
edits = len(r["result"] or [])

hwm, rss = rss_kib(c.proc.pid, "VmHWM"), rss_kib(c.proc.pid, "VmRSS")
c.close()


def summary(xs):
    xs = sorted(xs)
    return "median %.2f ms, p95 %.2f ms, max %.2f ms" % (statistics.median(xs), xs[int(len(xs) * 0.95) - 1], xs[-1])


print("document: %d lines, %d bytes" % (lines, len(text)))
print("open -> diagnostics: %.2f ms" % open_ms)
print("change -> diagnostics (%d keystrokes): %s   (target 10 ms)" % (len(latencies), summary(latencies)))
print("semantic tokens delta after each change: %s" % summary(tokens))
print("server CPU per keystroke (diagnostics and tokens): %.2f ms" % (session_cpu / len(latencies)))
print("formatting (%d edits): %s   (target 20 ms); server CPU %.2f ms each" % (edits, summary(fmt), fmt_cpu))
print("memory after opening: RSS %.1f MiB (%.1f MiB before), the document costing %.1fx its size" %
      (opened / 1024, base / 1024, (opened - base) * 1024 / len(text)))
print("memory after the session: peak RSS %.1f MiB, RSS %.1f MiB; %.1f MiB before the document was opened, so the open document costs "
      "%.1fx its size" % (hwm / 1024, rss / 1024, base / 1024, (rss - base) * 1024 / len(text)))
