#!/usr/bin/env bash
# compare's reading child is stopped when a read makes no progress — here an input that is a FIFO
# no one writes to — with the file and the step named, and no blame on HDF5 for an .npz.
set -uo pipefail
meshdiff=$1 data=$3
source "$(dirname "$0")/lib/expect.sh"

graph=$data/graphs/wn2_graph_1p0deg_default.npz
mkfifo "$tmp/B.npz"
start=$(date +%s)
MESHDIFF_TIME_LIMIT=1 expect_status 2 -- "$meshdiff" compare "$graph" "$tmp/B.npz" --graph-only
seconds=$(($(date +%s) - start))
grep -qF "meshdiff: error: stopped reading $tmp/B.npz: no progress for 1 s while reading its first bytes to tell its format" "$tmp/err" ||
  fail "the stall does not name the file and the step: $(cat "$tmp/err")"
grep -q HDF5 "$tmp/err" && fail "an .npz stall blamed on HDF5: $(cat "$tmp/err")"
[ "$seconds" -le 20 ] || fail "stopped after $seconds s with a 1 s limit on progress"

# The same pair of readable files under the same limit is read to its end.
MESHDIFF_TIME_LIMIT=1 expect_status 0 -- "$meshdiff" compare "$graph" "$graph" --graph-only

exit $((failures > 0))
