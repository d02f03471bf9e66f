#!/usr/bin/env bash
# Issue 17, goals 1 and 2: the default `meshdiff compare` of two 0.25° .npz graphs (at-risk analysis
# and edge-feature drift on) and of two 101-field .npz, beside the NumPy way, interleaved round by
# round so that both tools see the same load. Warm page cache; wall, user and system CPU and peak
# RSS of each process tree from /usr/bin/time; the load average before each round; medians at the end.
# Usage: run_speed_benchmarks.sh MESHDIFF_BIN [DATA_DIR] [ROUNDS]
#   (DATA_DIR as benchmarks/run_compare_benchmarks.sh builds it: g025_{glibc,eigen}.npz, fields/run_{a,b})
set -euo pipefail
meshdiff=$(realpath "$1")
data=${2:-/tmp/meshdiff-bench}
rounds=${3:-7}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
mkdir -p "$data"
cd "$data"
for math in glibc eigen; do
  [ -f "g025_$math.npz" ] || "$meshdiff" build-graph --res 0.25 --math "$math" --out "g025_$math.npz" --quiet
done
[ -f fields/run_b/fields.npz ] || "$py" "$here/make_field_bench_data.py" "$data/fields"
cat g025_*.npz fields/run_a/fields.npz fields/run_b/fields.npz >/dev/null  # warm the page cache

log=$(mktemp)
timed() {  # name, command...: one line "name wall user sys rss_kib load [NumPy's own timer]"
  local name=$1 load stdout inner tf
  shift
  tf=$(mktemp)
  load=$(cut -d' ' -f1 /proc/loadavg)
  stdout=$(/usr/bin/time -o "$tf" -f "%e %U %S %M" "$@" 2>/dev/null || true)
  inner=$(sed -n 's/^numpy [a-z]*: \([0-9.]*\) s wall.*/\1/p' <<<"$stdout")
  echo "$name $(tail -1 "$tf") $load $inner" | tee -a "$log"
  rm -f "$tf"
}
echo "== machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'); $rounds rounds"
for ((r = 1; r <= rounds; r++)); do
  timed graphs_meshdiff "$meshdiff" compare g025_glibc.npz g025_eigen.npz --summary
  timed graphs_numpy "$py" "$here/numpy_baseline.py" graphs g025_glibc.npz g025_eigen.npz
  timed fields_meshdiff "$meshdiff" compare fields/run_a fields/run_b --summary
  timed fields_numpy "$py" "$here/numpy_baseline.py" fields fields/run_a/fields.npz fields/run_b/fields.npz
done
echo "== medians (wall s, user s, sys s, peak RSS MiB, load; NumPy's own timer s)"
"$py" - "$log" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *values = line.split()
    rows.setdefault(name, []).append([float(v) for v in values])
med = {}
for name, runs in rows.items():
    cols = list(zip(*runs))
    med[name] = [statistics.median(c) for c in cols]
    m = med[name]
    inner = f", NumPy's timer {m[5]:.3f}" if len(m) > 5 else ""
    print(f"{name:16s} wall {m[0]:.3f}  user {m[1]:.3f}  sys {m[2]:.3f}  RSS {m[3] / 1024:.0f}  load {m[4]:.1f}{inner}"
          f"  (wall {min(cols[0]):.3f}..{max(cols[0]):.3f})")
for task in ("graphs", "fields"):
    a, b = med[f"{task}_meshdiff"], med[f"{task}_numpy"]
    print(f"{task}: NumPy/meshdiff  wall {b[0] / a[0]:.1f}x  (NumPy's own timer {b[5] / a[0]:.1f}x)"
          f"  CPU {(b[1] + b[2]) / (a[1] + a[2]):.1f}x")
    # Round by round: both tools ran back to back, under the same load.
    ratios = sorted(nb[0] / na[0] for na, nb in zip(rows[f"{task}_meshdiff"], rows[f"{task}_numpy"]))
    q = lambda f: ratios[min(len(ratios) - 1, int(f * len(ratios)))]
    print(f"{task}: per round  quartiles {q(0.25):.1f}x {q(0.5):.1f}x {q(0.75):.1f}x  "
          f"(min {ratios[0]:.1f}x, max {ratios[-1]:.1f}x)")
EOF
rm -f "$log"
