#!/usr/bin/env bash
# meshdiff demo: two run folders numpy reads, synthetic metadata, A and B differ near the
# differing graph items, and meshdiff compare sees the difference (exit 1).
set -uo pipefail
meshdiff=$1
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$meshdiff" demo --out "$tmp/demo" >"$tmp/out" 2>"$tmp/err" || { fail "demo failed: $(cat "$tmp/err")"; exit 1; }
grep -q "meshdiff compare" "$tmp/out" || fail "demo does not say what to run next"
"$py" - "$tmp/demo" <<'PY' || fail "demo folders are not what a user would have"
import json, sys
import numpy as np
d = sys.argv[1]
a, b = np.load(f"{d}/A/fields.npz"), np.load(f"{d}/B/fields.npz")
assert len(a.files) >= 20 and a.files == b.files
assert any("@" in k for k in a.files) and "2m_temperature" in a.files
assert any(np.isnan(a[k]).any() for k in a.files)
assert any(not np.array_equal(a[k], b[k], equal_nan=True) for k in a.files)
for run in "AB":
    meta = json.load(open(f"{d}/{run}/run.json"))
    assert meta["synthetic"] is True and {"label", "device", "numpy_simd", "graph_hash"} <= set(meta)
    g = np.load(f"{d}/{run}/graph.npz")
    assert g["mesh_lat"].shape == (40962,) and g["m2g_senders"].shape == (195480,)
report = json.load(open(f"{d}/demo.json"))
assert report["synthetic"] is True
assert report["difference_location"]["near_share_of_squared_difference"] > 0.99
PY

"$meshdiff" compare "$tmp/demo/A" "$tmp/demo/B" >"$tmp/out" 2>"$tmp/err"; status=$?
[ "$status" = 1 ] || fail "compare on the demo exited $status (wanted 1): $(cat "$tmp/out" "$tmp/err")"

# running again over the same folder is fine; a folder holding other files is refused
"$meshdiff" demo --out "$tmp/demo" >"$tmp/out" 2>"$tmp/err" || fail "second demo run into the same folder failed"
touch "$tmp/demo/B/notes.txt"
"$meshdiff" demo --out "$tmp/demo" >"$tmp/out" 2>"$tmp/err"; status=$?
[ "$status" = 2 ] || fail "demo over a folder with other files exited $status (wanted 2)"
[ -e "$tmp/demo/B/notes.txt" ] || fail "demo removed a file it did not write"

"$meshdiff" demo --out "$tmp/bad" --res 2 >"$tmp/out" 2>"$tmp/err"; status=$?
[ "$status" = 2 ] || fail "demo --res 2 exited $status (wanted 2)"

exit $((failures > 0))
