#!/bin/sh
# How meshdiff's cost grows with the grid: the demo pair, build-graph, compare, fragility and the
# window's open at 1°, 0.25° and 0.1° (65 k, 1.04 M and 6.5 M grid points, the same M6 mesh).
# Prints one Markdown table row per step: wall, user + system CPU and peak RSS (/usr/bin/time), and
# the load average before it (the machine may be shared; CPU time is the steadier guide).
# Usage: benchmarks/run_scale_benchmark.sh build/app/meshdiff OUT_DIR [build/tests/gui/window_open_benchmark]
#        RESOLUTIONS="1 0.25" benchmarks/run_scale_benchmark.sh ...   (a subset)
# The window step needs a display (e.g. Xvfb; Mesa llvmpipe) and prints the open's timings and the
# GUI thread's longest stall below its row. About 5 GB of disk at 0.1°; results go to docs/benchmarks.md.
set -eu
meshdiff=$1
out=$2
window=${3:-}
resolutions=${RESOLUTIONS:-1 0.25 0.1}
mkdir -p "$out"

load() { cut -d' ' -f1 /proc/loadavg; }

# timed LABEL RES COMMAND...: runs COMMAND under /usr/bin/time, prints a table row.
timed() {
    label=$1
    res=$2
    shift 2
    before=$(load)
    status=0
    /usr/bin/time -f '%e %U %S %M' -o "$out/time.txt" "$@" >"$out/last.out" 2>"$out/last.err" || status=$?
    # compare exits 1 when the runs differ
    if [ "$status" -gt 1 ]; then
        echo "failed ($status): $*" >&2
        cat "$out/last.err" >&2
        exit 1
    fi
    tail -n 1 "$out/time.txt" | awk -v label="$label" -v res="$res" -v load="$before" \
        '{ printf "| %s° | %s | %.2f s | %.2f + %.2f s | %.0f MiB | %s |\n", res, label, $1, $2, $3, $4 / 1024, load }'
}

echo "| grid | step | wall | CPU user + sys | peak RSS | load before |"
echo "|---|---|---|---|---|---|"
for res in $resolutions; do
    demo="$out/demo-$res"
    rm -rf "$demo"
    timed "demo pair (2 graphs, model, files)" "$res" "$meshdiff" demo --res "$res" --out "$demo"
    timed "build-graph (one graph, HDF5)" "$res" "$meshdiff" build-graph --res "$res" --math glibc --quiet \
        --out "$out/graph-$res.h5"
    timed "compare (default: at-risk, edge features, diagnosis)" "$res" "$meshdiff" compare "$demo/A" "$demo/B" --summary
    timed "compare --no-at-risk" "$res" "$meshdiff" compare "$demo/A" "$demo/B" --summary --no-at-risk
    timed "fragility (one graph)" "$res" "$meshdiff" fragility "$demo/A/graph.npz"
    if [ -n "$window" ]; then
        timed "window: open twice, then 5 s each" "$res" "$window" "$demo/A" "$demo/B" 2
        sed 's/^/    /' "$out/last.out"
    fi
    rm -f "$out/graph-$res.h5"
done
