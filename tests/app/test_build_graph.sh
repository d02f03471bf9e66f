#!/usr/bin/env bash
# meshdiff build-graph: the .npz it writes equals the official SSE-host graph (read with numpy),
# .h5 output, options, and errors with exit status 2.
set -uo pipefail
meshdiff=$1 data=$3
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

expect_status 0 -- "$meshdiff" build-graph --res 1.0 --out "$tmp/g.npz"
grep -q "102792 grid->mesh" "$tmp/out" || fail "summary lacks the edge count: $(cat "$tmp/out")"
official=$data/graphs/wn2_graph_1p0deg_sse.npz
"$py" - "$tmp/g.npz" "$official" <<'PY' || fail "built graph differs from the official SSE graph"
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
for k in ["grid_lat", "grid_lon", "mesh_lat", "mesh_lon", "mesh_faces"]:
    assert a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]), k
edges = lambda z, p: set(zip(z[p + "_senders"].tolist(), z[p + "_receivers"].tolist()))
assert edges(a, "g2m") == edges(b, "g2m")
assert edges(a, "m2g") == edges(b, "m2g")
assert np.all(np.diff(a["g2m_receivers"]) >= 0)
PY

# NumPy 2 at its baseline dispatch, official edge order: the official NumPy 2 SSE-host graph, order included.
expect_status 0 -- "$meshdiff" build-graph --res 1 --numpy 2 --edge-order official --out "$tmp/np2.npz"
grep -q "NumPy 2 baseline, openblas BLAS" "$tmp/out" || fail "summary lacks NumPy and BLAS: $(cat "$tmp/out")"
"$py" - "$tmp/np2.npz" "$data/graphs-numpy2/wn2_graph_np2_1p0deg_sse.npz" <<'PY' || fail "NumPy 2 build differs from the official NumPy 2 SSE graph"
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
for k in ["grid_lat", "grid_lon", "mesh_lat", "mesh_lon", "mesh_faces", "g2m_senders", "g2m_receivers",
          "m2g_senders", "m2g_receivers"]:
    assert np.array_equal(a[k], b[k]), k
PY
# --like: the NumPy 2 SSE host's own sidecar (numpy_version 2.5.2) builds that host's graph, order included.
expect_status 0 -- "$meshdiff" build-graph --res 1 --like "$data/graphs-numpy2/wn2_graph_np2_1p0deg_sse.json" --edge-order official --out "$tmp/like.npz"
grep -q "NumPy 2.5.2 (numpy_version)" "$tmp/out" || fail "--like does not say what it read: $(cat "$tmp/out")"
cmp -s "$tmp/like.npz" "$tmp/np2.npz" || "$py" -c "
import sys, numpy as np
a, b = np.load('$tmp/like.npz'), np.load('$tmp/np2.npz')
assert all(np.array_equal(a[k], b[k]) for k in a.files)
" || fail "--like a NumPy 2 run differs from --numpy 2"
# a run folder's run.json: NumPy 1 with OpenBLAS; an explicit --blas wins; an unknown NumPy is an error
mkdir -p "$tmp/run1" "$tmp/run3"
echo '{"numpy_version": "1.24.2", "numpy_blas": {"vendor": "OpenBLAS"}}' >"$tmp/run1/run.json"
echo '{"numpy_version": "3.0.0"}' >"$tmp/run3/run.json"
expect_status 0 -- "$meshdiff" build-graph --res 2 --like "$tmp/run1" --out "$tmp/like1.npz"
grep -q "NumPy 1 baseline, openblas BLAS" "$tmp/out" || fail "--like run1: $(cat "$tmp/out")"
expect_status 0 -- "$meshdiff" build-graph --res 2 --like "$tmp/run1" --blas reference --out "$tmp/like1r.npz"
grep -q "NumPy 1 baseline, reference BLAS" "$tmp/out" || fail "--blas does not win over --like: $(cat "$tmp/out")"
expect_status 2 -- "$meshdiff" build-graph --res 2 --like "$tmp/run3" --out "$tmp/like3.npz"
grep -q "run3/run.json.*neither NumPy 1.x nor 2.x" "$tmp/err" || fail "unknown NumPy: $(cat "$tmp/err")"
[ -e "$tmp/like3.npz" ] && fail "wrote a file for an unknown NumPy"

# NumPy 2's SIMD sorts: their order is refused, the canonical one written and described.
expect_status 2 -- "$meshdiff" build-graph --res 2 --numpy 2 --numpy-dispatch avx2 --edge-order official --out "$tmp/o.npz"
grep -q "x86-simd-sort" "$tmp/err" || fail "no refusal message: $(cat "$tmp/err")"
[ -e "$tmp/o.npz" ] && fail "wrote a file for an order it cannot reproduce"
expect_status 0 -- "$meshdiff" build-graph --res 2 --numpy 2 --numpy-dispatch avx512 --quiet --out "$tmp/np2.h5"
expect_status 2 -- "$meshdiff" build-graph --res 2 --numpy 3 --out "$tmp/bad.npz"

# HDF5 output, Eigen math, descending latitudes: a different but valid graph.
expect_status 0 -- "$meshdiff" build-graph --res 2 --math eigen --lat-order descending --out "$tmp/g.h5"
expect_status 0 -- "$meshdiff" fragility "$tmp/g.h5"
expect_status 0 -- "$meshdiff" build-graph --res 2 --precision float64 --quiet --out "$tmp/g64.npz"
[ -s "$tmp/out" ] && fail "--quiet printed: $(cat "$tmp/out")"
"$py" -c "
import numpy as np, sys
a = np.load('$tmp/g64.npz'); assert a['grid_lat'].shape == (91,) and a['grid_lat'][0] == -90
" || fail "float64 graph at 2 degrees has the wrong grid"

# errors → 2 with a message, nothing written
expect_status 2 -- "$meshdiff" build-graph --res 0.7 --out "$tmp/bad.npz"
grep -q "180/n" "$tmp/err" || fail "no resolution message: $(cat "$tmp/err")"
[ -e "$tmp/bad.npz" ] && fail "wrote a file on error"
expect_status 2 -- "$meshdiff" build-graph --res 1 --out "$tmp/bad.txt"
expect_status 2 -- "$meshdiff" build-graph --res 1 --math fast --out "$tmp/bad.npz"
expect_status 2 -- "$meshdiff" build-graph --res 1 --out "$tmp/no/such/dir/g.npz"

exit $((failures > 0))
