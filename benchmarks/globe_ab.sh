#!/usr/bin/env bash
# The globe's rotating p95 (distance 1.8, 60 frames) of two or more build trees, interleaved run by
# run; one line per run with the load average before it. Needs DISPLAY (an Xvfb of 1600 × 1000).
# Usage: globe_ab.sh ROUNDS GRAPH_A GRAPH_B BUILD_DIR...   (BUILD_DIR holds tests/views/globe_frame_benchmark)
set -euo pipefail
rounds=$1 a=$2 b=$3
shift 3
for ((i = 0; i < rounds; i++)); do
  for build in "$@"; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    line=$("$build/tests/views/globe_frame_benchmark" "$a" "$b" 60 2>&1 | grep "rotating at distance 1.8" || true)
    echo "$build load $load $(sed 's/.*median \([0-9.]*\), p95 \([0-9.]*\).*/median \1 ms, p95 \2 ms/' <<<"$line")"
  done
done
