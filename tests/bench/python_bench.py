#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Benchmark of the Python package (not a test): reading the corpus with
hcl_toolchain.compat.hcl2 against python-hcl2 8.1.2, import times, and a thread pool of 1 and 2
threads over hcl_toolchain.loads and compat.hcl2.loads.

usage: PYTHONPATH=build/python /usr/bin/python3 tests/bench/python_bench.py
           [--peer DIR|TARBALL] [--corpus DIR] [--sample N] [--repeat N]

--peer defaults to ../shared/peers/python-hcl2-8.1.2.tar.gz, --corpus to ../shared/corpus/real.
python-hcl2 runs in a child /usr/bin/python3 (it needs Debian's python3-lark and python3-regex).
Prints a Markdown table; docs/python.md keeps the figures with the machine and commit.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
from hcl2_differential import files_under, peer_folder  # noqa: E402

# Run in a child interpreter: CPU seconds to read each file with `hcl2` (python-hcl2, or ours
# under that name), skipping files it refuses; prints {"seconds": s, "files": n, "bytes": b}.
# CPU time, not elapsed time, so that other work on the machine does not tilt the comparison.
LOADER = r"""
import json, sys, time
mod = sys.argv[1]
if mod == "peer":
    import hcl2
else:
    from hcl_toolchain.compat import hcl2
texts = [open(p, encoding="utf-8").read() for p in sys.argv[2:]]
ok = 0
size = 0
start = time.process_time()
for t in texts:
    try:
        hcl2.loads(t)
        ok += 1
        size += len(t)
    except Exception:
        pass
print(json.dumps({"seconds": time.process_time() - start, "files": ok, "bytes": size}))
"""

IMPORT = "import time; t = time.perf_counter(); import {}; print(time.perf_counter() - t)"


def child(python, pythonpath, code, *args):
    env = dict(os.environ, PYTHONPATH=pythonpath)
    return subprocess.run([python, "-c", code, *args], env=env, capture_output=True, text=True, check=True).stdout


def import_seconds(python, pythonpath, module, repeat):
    return statistics.median(float(child(python, pythonpath, IMPORT.format(module))) for _ in range(repeat))


def pool_seconds(fn, texts, threads, repeat):
    def run():
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=threads) as pool:
            list(pool.map(fn, texts))
        return time.perf_counter() - start

    return min(run() for _ in range(repeat))


def safe(fn):
    def call(text):
        try:
            fn(text)
        except ValueError:
            pass

    return call


def main():
    root = os.path.join(HERE, "..", "..", "..", "shared")
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer", default=os.path.join(root, "peers", "python-hcl2-8.1.2.tar.gz"))
    ap.add_argument("--corpus", default=os.path.join(root, "corpus", "real"))
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--sample", type=int, default=1, help="every Nth corpus file")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--big-mb", type=int, default=4, help="size of the generated file the second pool reads")
    args = ap.parse_args()

    import hcl_toolchain
    from hcl_toolchain.compat import hcl2

    ours_path = os.path.dirname(os.path.dirname(hcl_toolchain.__file__))
    files = files_under([args.corpus])[:: args.sample]
    texts = []
    for p in files:
        with open(p, encoding="utf-8", errors="replace") as f:
            texts.append(f.read())
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        peer = peer_folder(args.peer, scratch)
        theirs = json.loads(child(args.python, peer, LOADER, "peer", *files))
        mine = json.loads(child(args.python, ours_path, LOADER, "ours", *files))
        rows.append(("read the corpus, one thread (hcl2.loads, CPU time)",
                     f"{theirs['seconds']:.2f} s ({theirs['files']} files)",
                     f"{mine['seconds']:.2f} s ({mine['files']} files)",
                     f"{theirs['seconds'] / mine['seconds']:.0f}x"))
        t_imp = import_seconds(args.python, peer, "hcl2", args.repeat)
        o_imp = import_seconds(args.python, ours_path, "hcl_toolchain.compat.hcl2", args.repeat)
        rows.append((f"import hcl2 (median of {args.repeat})", f"{t_imp * 1000:.0f} ms", f"{o_imp * 1000:.0f} ms",
                     f"{t_imp / o_imp:.0f}x"))
    # The corpus's files are small (a few microseconds of parsing each), so its pool measures the
    # work done under the GIL; eight reads of one generated file of --big-mb megabytes measure the
    # parse and conversion, which run without it.
    with tempfile.TemporaryDirectory() as scratch:
        big_path = os.path.join(scratch, "big.hcl")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_hcl.py"), "resources", str(args.big_mb), big_path],
                       check=True, stdout=subprocess.DEVNULL)
        with open(big_path, encoding="utf-8") as f:
            big = [f.read()] * 8
    pools, big_pools = [], []
    for name, fn in (("hcl_toolchain.loads", hcl_toolchain.loads), ("compat.hcl2.loads", hcl2.loads)):
        for inputs, out in ((texts, pools), (big, big_pools)):
            one = pool_seconds(safe(fn), inputs, 1, args.repeat)
            two = pool_seconds(safe(fn), inputs, 2, args.repeat)
            out.append((name, f"{one:.2f} s", f"{two:.2f} s", f"{one / two:.2f}x"))
    print(f"{len(files)} files, {sum(len(t) for t in texts) / 1e6:.1f} MB\n")
    print("| measure | python-hcl2 8.1.2 | hcl_toolchain.compat | ratio |")
    print("|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print(f"\n| the corpus in a thread pool (best of {args.repeat}) | 1 thread | 2 threads | speed-up |")
    print("|---|---|---|---|")
    for r in pools:
        print("| " + " | ".join(r) + " |")
    print(f"\n| eight reads of a {args.big_mb} MB file in a thread pool (best of {args.repeat}) | 1 thread | 2 threads "
          "| speed-up |")
    print("|---|---|---|---|")
    for r in big_pools:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
