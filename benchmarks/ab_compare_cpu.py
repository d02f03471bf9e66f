#!/usr/bin/python3
"""Several meshdiff builds on the default compare of the 0.25° .npz pair, interleaved run by run.

Like ab_compare.sh, but CPU (user + sys) comes from getrusage in microseconds instead of
/usr/bin/time's 10 ms steps. Usage: ab_compare_cpu.py MESHDIFF... ROUNDS [--data DIR]
(DIR as run_speed_benchmarks.sh makes it, /tmp/meshdiff-bench by default).
"""
import argparse
import resource
import statistics
import subprocess
import time

parser = argparse.ArgumentParser()
parser.add_argument("binaries", nargs="+")
parser.add_argument("rounds", type=int)
parser.add_argument("--data", default="/tmp/meshdiff-bench")
args = parser.parse_args()

cpu = {b: [] for b in args.binaries}
wall = {b: [] for b in args.binaries}
for _ in range(args.rounds):
    for binary in args.binaries:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([binary, "compare", "g025_glibc.npz", "g025_eigen.npz", "--summary"], cwd=args.data,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        wall[binary].append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[binary].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
for binary in args.binaries:
    c = sorted(cpu[binary])
    print(f"{binary}: CPU median {statistics.median(c) * 1e3:.0f} ms "
          f"(quartiles {c[len(c) // 4] * 1e3:.0f}-{c[3 * len(c) // 4] * 1e3:.0f}), "
          f"wall median {statistics.median(wall[binary]) * 1e3:.0f} ms (n={len(c)})")
