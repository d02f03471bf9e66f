#!/usr/bin/env bash
# The globe's rotating p95 (60 frames) of two or more build trees, interleaved run by run; one line
# per run: the load average before it, then median and p95 of the overview drag (half-size frames,
# goal 3b) and of the drag zoomed in to 1.8 Earth radii (mesh as lines). Needs DISPLAY (an Xvfb of
# 1600 × 1000).
# Usage: globe_ab.sh ROUNDS GRAPH_A GRAPH_B BUILD_DIR...   (BUILD_DIR holds tests/views/globe_frame_benchmark)
set -euo pipefail
rounds=$1 a=$2 b=$3
shift 3
summary() { sed -n "s/^$1, 60 frames: .* median \([0-9.]*\), p95 \([0-9.]*\).*/median \1 ms, p95 \2 ms/p"; }
for ((i = 0; i < rounds; i++)); do
  for build in "$@"; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    out=$("$build/tests/views/globe_frame_benchmark" "$a" "$b" 60 2>&1 || true)
    echo "$build load $load | overview: $(summary 'rotating (interactive half-resolution frames)' <<<"$out") | at 1.8: $(summary 'rotating at distance 1.8' <<<"$out")"
  done
done
