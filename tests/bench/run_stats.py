#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""run_stats.py N IN OUT CMD...: runs CMD N times, standard input from IN, standard output and
error into OUT, and prints "median_wall_s median_cpu_s max_rss_kb" (CPU: user + system).

The bench scripts' `stats` (common.sh). CPU time comes from wait4's resource usage, in
microseconds: GNU time rounds it to hundredths, which is a fifth of a 0.05 s run, so throughput
figures jumped in steps (1000, 667, 500 MB/s) rather than measuring anything. The usage covers
the command's own waited-for children (`sh -c "xargs ..."`), as GNU time's does. Exit statuses
are ignored (`fmt --check` exits 3 by design)."""
import os
import statistics
import sys
import time


def run(cmd, stdin, stdout):
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(os.open(stdin, os.O_RDONLY), 0)
            out = os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, 1)
            os.dup2(out, 2)
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    _, _, usage = os.wait4(pid, 0)
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    n, stdin, stdout, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    runs = [run(cmd, stdin, stdout) for _ in range(max(n, 1))]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    print("%.4f %.4f %d" % (wall, cpu, max(r[2] for r in runs)))


if __name__ == "__main__":
    main()
