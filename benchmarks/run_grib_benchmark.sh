#!/usr/bin/env bash
# Times `meshdiff compare` on two 0.25° GRIB2 files beside cfgrib/xarray (python3-cfgrib) on the same files.
# Usage: run_grib_benchmark.sh MESHDIFF_BIN [DATA_DIR]   (writes 2 × 172 MB of GRIB on first use)
set -euo pipefail
meshdiff=$(realpath "$1")
data=${2:-/tmp/meshdiff-grib-bench}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
[ -f "$data/b.grib2" ] || "$py" "$here/make_grib_bench_data.py" "$data"
cd "$data"
"$meshdiff" compare a.grib2 b.grib2 --summary | grep "fields  min" || true
for run in 1 2 3 4 5; do
  echo "meshdiff (load $(cut -d' ' -f1 /proc/loadavg)): $(/usr/bin/time -f '%e s wall, %U user %S sys, peak RSS %M KB' \
    "$meshdiff" compare a.grib2 b.grib2 --summary 2>&1 >/dev/null | tail -1)"
done
for run in 1 2; do
  echo "cfgrib (load $(cut -d' ' -f1 /proc/loadavg)): $(/usr/bin/time -f '%e s wall, %U user %S sys, peak RSS %M KB' \
    "$py" "$here/cfgrib_baseline.py" a.grib2 b.grib2 2>&1 | tr '\n' ' ')"
done
