#!/usr/bin/env bash
# Two 0.25° rollouts of 101 fields as NetCDF-4 (make_rollout_bench_data.py): `meshdiff compare`
# beside the plain xarray/NumPy loop (xarray_rollout_baseline.py), wall time and peak RSS from
# /usr/bin/time -v, for 10 leads (≈ 4.2 GB per file) and 5 and 2 leads (memory must not grow with
# leads). Warm page cache: every file is read once before it is timed.
# Usage: run_rollout_benchmark.sh MESHDIFF_BIN [DATA_DIR]   (writes ≈ 14.7 GB there; delete it after)
set -euo pipefail
meshdiff=$(realpath "$1")
data=${2:-/tmp/meshdiff-rollout-bench}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
for leads in 10 5 2; do
  [ -f "$data/l$leads/run_b/forecast.nc" ] || "$py" "$here/make_rollout_bench_data.py" "$data/l$leads" "$leads"
done
echo "== machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'), $(free -g | awk '/Mem:/{print $2}') GB RAM"
measure() {  # measure NAME COMMAND...: wall time and peak RSS
  local log; log=$(mktemp)
  echo "-- $1 (load $(cut -d' ' -f1-3 /proc/loadavg))"
  shift
  /usr/bin/time -v "$@" >"$log.out" 2>"$log" || true
  grep -E "Elapsed \(wall|Maximum resident|User time|System time" "$log" | sed 's/^\s*/   /'
  tail -n 3 "$log.out" | sed 's/^/   | /'
  rm -f "$log" "$log.out"
}
for leads in 10 5 2; do
  cat "$data/l$leads"/run_*/forecast.nc >/dev/null
  measure "meshdiff compare, $leads leads" "$meshdiff" compare "$data/l$leads/run_a" "$data/l$leads/run_b" --summary
done
cat "$data/l10"/run_*/forecast.nc >/dev/null
measure "xarray/NumPy loop, 10 leads" "$py" "$here/xarray_rollout_baseline.py" \
  "$data/l10/run_a/forecast.nc" "$data/l10/run_b/forecast.nc"
echo "-- done (load $(cut -d' ' -f1-3 /proc/loadavg))"
