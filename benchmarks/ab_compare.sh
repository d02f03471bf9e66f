#!/usr/bin/env bash
# Two meshdiff builds on the default compare of the 0.25° .npz pair, interleaved run by run so that
# both see the same load; medians of CPU (user + sys) and wall time.
# Usage: ab_compare.sh MESHDIFF_A MESHDIFF_B [ROUNDS] [DATA_DIR]  (DATA_DIR as run_speed_benchmarks.sh makes it)
set -euo pipefail
a=$(realpath "$1"); b=$(realpath "$2"); rounds=${3:-10}; data=${4:-/tmp/meshdiff-bench}
cd "$data"
times=$(mktemp); trap 'rm -f "$times"' EXIT
for ((i = 0; i < rounds; i++)); do
  for bin in "$a" "$b"; do
    /usr/bin/time -f "%U %S %e" -o "$times" "$bin" compare g025_glibc.npz g025_eigen.npz --summary >/dev/null 2>&1 || true
    echo "$bin $(tail -1 "$times")"
  done
done | /usr/bin/python3 -c '
import statistics, sys
runs = {}
for line in sys.stdin:
    binary, user, system, wall = line.split()
    runs.setdefault(binary, []).append((float(user) + float(system), float(wall)))
for binary, r in runs.items():
    print(f"{binary}: CPU median {statistics.median(x[0] for x in r):.3f} s, wall median {statistics.median(x[1] for x in r):.3f} s (n={len(r)})")
'
