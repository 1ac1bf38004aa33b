#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""hcl_toolchain.compat.hcl2 against python-hcl2 itself, file by file.

usage: hcl2_differential.py --peer DIR|TARBALL [--python PY] [--invalid LIST] [--known FILE]
                            [--sample N] [--jobs N] [--timeout S] [--record DIR] PATH...

Every .tf/.hcl/.tfvars/.nomad file under the PATHs is loaded by both; python-hcl2 (its source
folder DIR, run by PY, Debian's /usr/bin/python3 with python3-lark and python3-regex) runs in
worker processes, so a file that makes it hang is stopped after --timeout seconds. --peer may
name the release archive (../shared/peers/python-hcl2-8.1.2.tar.gz), unpacked into a temporary
folder. Without lark or regex for PY it exits with 77 (skipped), or fails when HCL_REQUIRE_TOOLS=1. Each file
counts as: agree (same values), both reject, or differ, and a difference is one of
  we-reject   we refuse a file python-hcl2 reads
  peer-rejects python-hcl2 refuses (or times out on) a file we read
  values      both read it and the values differ
--invalid is the reference's list of invalid files (the corpus's expected/invalid.txt): the
verdict column says who is right. --known lists accepted differences, "PATH<TAB>class<TAB>why"
a line (PATH relative to the common root); any other difference fails the run. --record writes
python-hcl2's answer for each file into DIR (the goldens of testdata/_python_hcl2, made with
--record testdata/_python_hcl2/expected testdata/_python_hcl2/cases testdata/json testdata/fmt
run from the top of the tree, so that the paths are relative to testdata/).
"""
import argparse
import json
import os
import queue
import select
import subprocess
import sys
import tarfile
import tempfile
import threading

SUFFIXES = (".tf", ".hcl", ".tfvars", ".nomad")

# The worker: one file path a line in, one JSON line out ({"value": ...} or {"error": "..."}).
WORKER = r"""
import json, sys
import hcl2
for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        with open(path, encoding="utf-8") as f:
            out = {"value": hcl2.loads(f.read())}
    except Exception as e:
        out = {"error": type(e).__name__ + ": " + str(e).splitlines()[0][:200] if str(e) else type(e).__name__}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
"""


class Peer:
    """One python-hcl2 worker process, restarted after a timeout."""

    def __init__(self, python, peer_dir, timeout):
        self.python, self.peer_dir, self.timeout = python, peer_dir, timeout
        self.proc = None

    def _start(self):
        env = dict(os.environ, PYTHONPATH=self.peer_dir)
        self.proc = subprocess.Popen([self.python, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env, text=True)

    def load(self, path):
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        self.proc.stdin.write(path + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
            return {"error": f"timeout after {self.timeout} s"}
        line = self.proc.stdout.readline()
        if not line:
            self.proc = None
            return {"error": "worker died"}
        return json.loads(line)

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


def ours(path):
    from hcl_toolchain.compat import hcl2
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError as e:
        return {"error": f"UnicodeDecodeError: {e}"}
    try:
        # Through JSON as the peer's answer is, so that both sides compare alike.
        return {"value": json.loads(json.dumps(hcl2.loads(text)))}
    except Exception as e:
        return {"error": f"{type(e).__name__}: {str(e)[:200]}"}


def first_difference(a, b, where=""):
    """The path of the first place two values differ, with both sides there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{where}/{k}", a.get(k, "<missing>"), b.get(k, "<missing>")
            if a[k] != b[k] or type(a[k]) is not type(b[k]):
                return first_difference(a[k], b[k], f"{where}/{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y or type(x) is not type(y):
                return first_difference(x, y, f"{where}[{i}]")
    return where or "/", a, b


def same(a, b):
    """Equal with the same types throughout (1 and 1.0 and True differ, as python-hcl2's types
    are part of its result)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def golden_name(rel):
    """The golden file of an input, by its path relative to testdata/ (".hcl2.json": python-hcl2's
    result document, not a file in HCL's JSON syntax, which `.tf.json` would claim)."""
    return rel.replace(os.sep, "__") + ".hcl2.json"


def record(folder, rel, answer):
    """python-hcl2's answer for one input: {"value": ...}, or {"error": "..."} without the
    message (its wording is the peer's, not behaviour the suite relies on)."""
    os.makedirs(folder, exist_ok=True)
    kept = answer if "value" in answer else {"error": answer["error"].split(":")[0]}
    with open(os.path.join(folder, golden_name(rel)), "w") as out:
        json.dump(kept, out, indent=1, ensure_ascii=False)
        out.write("\n")


def files_under(paths):
    out = []
    for p in paths:
        if os.path.isfile(p):
            out.append(p)
            continue
        for d, dirs, names in os.walk(p):
            dirs.sort()
            out.extend(os.path.join(d, n) for n in sorted(names) if n.endswith(SUFFIXES))
    return out


def peer_folder(peer, scratch):
    """The folder holding python-hcl2's package: --peer itself, or the archive unpacked."""
    if os.path.isdir(peer):
        return peer
    with tarfile.open(peer) as archive:
        archive.extractall(scratch)
    [top] = [d for d in os.listdir(scratch) if os.path.isdir(os.path.join(scratch, d))]
    return os.path.join(scratch, top)


def peer_runs(python):
    """Whether PY can import what python-hcl2 needs (Debian's python3-lark and python3-regex)."""
    return subprocess.run([python, "-c", "import lark, regex"], capture_output=True).returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer", required=True)
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--invalid")
    ap.add_argument("--known")
    ap.add_argument("--sample", type=int, default=0, help="every Nth file only (0: all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--record")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    if not peer_runs(args.python):
        print(f"{args.python} cannot import lark and regex (apt-get install python3-lark python3-regex)", file=sys.stderr)
        return 1 if os.environ.get("HCL_REQUIRE_TOOLS") == "1" else 77
    with tempfile.TemporaryDirectory() as scratch:
        args.peer = peer_folder(args.peer, scratch)
        return compare(args)


def compare(args):
    files = files_under(args.paths)
    if args.sample > 1:
        files = files[:: args.sample]
    root = os.path.commonpath([os.path.abspath(p) for p in args.paths])
    if os.path.isfile(root):
        root = os.path.dirname(root)
    invalid = set()
    if args.invalid:
        with open(args.invalid) as f:
            invalid = {line.strip() for line in f if line.strip()}
    known = {}
    if args.known:
        with open(args.known) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    path, cls, why = line.rstrip("\n").split("\t", 2)
                    known[path] = (cls, why)

    work = queue.Queue()
    for f in files:
        work.put(f)
    peer_results = {}

    def run():
        peer = Peer(args.python, args.peer, args.timeout)
        while True:
            try:
                f = work.get_nowait()
            except queue.Empty:
                break
            peer_results[f] = peer.load(os.path.abspath(f))
        peer.close()

    threads = [threading.Thread(target=run) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    counts = {"agree": 0, "both-reject": 0, "we-reject": 0, "peer-rejects": 0, "values": 0}
    unexpected = []
    for f in files:
        rel = os.path.relpath(os.path.abspath(f), root)
        theirs, mine = peer_results[f], ours(f)
        if args.record:
            record(args.record, rel, theirs)
        if "error" in theirs and "error" in mine:
            counts["both-reject"] += 1
            continue
        if "value" in theirs and "value" in mine and same(theirs["value"], mine["value"]):
            counts["agree"] += 1
            continue
        if "error" in mine:
            cls, detail = "we-reject", mine["error"]
        elif "error" in theirs:
            cls, detail = "peer-rejects", theirs["error"]
        else:
            where, a, b = first_difference(theirs["value"], mine["value"])
            cls, detail = "values", f"{where}: python-hcl2 {json.dumps(a)[:150]} | ours {json.dumps(b)[:150]}"
        counts[cls] += 1
        reference = ""
        if args.invalid:
            reference = " (reference: invalid)" if any(rel.endswith(i) or i.endswith(rel) for i in invalid) else " (reference: valid)"
        line = f"{cls}\t{rel}\t{detail}{reference}"
        print(line)
        if known.get(rel, (None,))[0] != cls:
            unexpected.append(line)
    print(f"{len(files)} files: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if unexpected:
        print(f"{len(unexpected)} differences not in the known list", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
