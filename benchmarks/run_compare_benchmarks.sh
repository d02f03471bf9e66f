#!/usr/bin/env bash
# Times `meshdiff compare` beside the plain NumPy way on 0.25° data (warm page cache).
# Usage: run_compare_benchmarks.sh MESHDIFF_BIN [DATA_DIR]   (writes ~1.1 GB of data on first use)
set -euo pipefail
meshdiff=$(realpath "$1")
data=${2:-/tmp/meshdiff-bench}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
mkdir -p "$data"
cd "$data"
for math in glibc eigen; do
  for ext in npz h5; do
    [ -f "g025_$math.$ext" ] || "$meshdiff" build-graph --res 0.25 --math "$math" --out "g025_$math.$ext" --quiet
  done
done
[ -f fields/run_b/fields.npz ] || "$py" "$here/make_field_bench_data.py" "$data/fields"

echo "== machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
# The machine may be shared: the load average before and after each series, and hyperfine's
# user/system CPU time (less sensitive to other processes) beside the wall time.
run() {
  echo "-- $1 (load $(cut -d' ' -f1-3 /proc/loadavg))"
  hyperfine -N --warmup 2 --runs "${RUNS:-15}" -i --export-json "$1.json" -n "$1" "$2" | sed -n '/Time/p;/Range/p'
}
run "meshdiff graphs npz" "$meshdiff compare g025_glibc.npz g025_eigen.npz --no-at-risk --summary"
run "meshdiff graphs h5" "$meshdiff compare g025_glibc.h5 g025_eigen.h5 --no-at-risk --summary"
run "meshdiff graphs h5 at-risk" "$meshdiff compare g025_glibc.h5 g025_eigen.h5 --summary"
run "meshdiff fields 101" "$meshdiff compare fields/run_a fields/run_b --summary"
echo "-- done (load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "== peak RSS"
for args in "g025_glibc.npz g025_eigen.npz" "g025_glibc.h5 g025_eigen.h5 --no-at-risk" "fields/run_a fields/run_b"; do
  /usr/bin/time -f "meshdiff compare $args: %e s, %M KiB" "$meshdiff" compare $args --summary >/dev/null || true
done
echo "== NumPy way"
"$py" "$here/numpy_baseline.py" graphs g025_glibc.npz g025_eigen.npz
"$py" "$here/numpy_baseline.py" fields fields/run_a/fields.npz fields/run_b/fields.npz
