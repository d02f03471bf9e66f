#!/usr/bin/env bash
# meshdiff compare on official NumPy 2 graphs rewritten by numpy: the same edges listed in another
# order (exit 1, "same edges; N … in another order", the diagnosis names summation order once the
# demo model runs on both) and the same graph with its mesh nodes renumbered (matched by position:
# no edge, triangle or node differs, exit 1, one sentence).
set -uo pipefail
meshdiff=$1
data=$3
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
official=$data/graphs-numpy2/wn2_graph_np2_1p0deg_default.npz

# Writes the rewritten graphs and, as shell assignments, the counts the rewrites imply.
"$py" - "$official" "$tmp" >"$tmp/expected.sh" <<'PY' || { fail "cannot rewrite $official"; exit 1; }
import sys, numpy as np
g = dict(np.load(sys.argv[1])); out = sys.argv[2]
# 1. Every mesh node's grid→mesh senders reversed (the file groups them by receiver); the
#    mesh→grid triangle of every fifth grid point rotated.
r = g["g2m_receivers"]; s = g["g2m_senders"].copy()
starts = np.flatnonzero(np.r_[True, r[1:] != r[:-1]]); ends = np.r_[starts[1:], len(r)]
reordered = 0
for b, e in zip(starts, ends):
    seg = s[b:e].copy(); s[b:e] = seg[::-1]
    reordered += int(not np.array_equal(seg, seg[::-1]))
tri = g["m2g_senders"].reshape(-1, 3).copy()
tri[::5] = np.roll(tri[::5], -1, axis=1)
order = dict(g, g2m_senders=s, m2g_senders=tri.reshape(-1))
np.savez(out + "/reordered.npz", **order)
print(f"g2m_reordered={reordered}; m2g_reordered={len(tri[::5])}")
# 2. A random renumbering of the mesh nodes.
n = len(g["mesh_lat"]); rng = np.random.default_rng(3)
new_of_old = rng.permutation(n); old_of_new = np.argsort(new_of_old)
ren = dict(g, mesh_lat=g["mesh_lat"][old_of_new], mesh_lon=g["mesh_lon"][old_of_new],
           mesh_faces=new_of_old[g["mesh_faces"]].astype(g["mesh_faces"].dtype),
           g2m_receivers=new_of_old[g["g2m_receivers"]].astype(g["g2m_receivers"].dtype),
           m2g_senders=new_of_old[g["m2g_senders"]].astype(g["m2g_senders"].dtype))
np.savez(out + "/renumbered.npz", **ren)
print(f"renumbered={int(np.count_nonzero(new_of_old != np.arange(n)))}; mesh_nodes={n}")
PY
source "$tmp/expected.sh"
thousands() { echo "$1" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta'; }

check_json() {  # check_json FILE PYTHON-EXPRESSION-ON-g (the graph object)
  "$py" - "$1" "$2" <<'PY' || fail "JSON check: $2"
import json, sys
g = json.load(open(sys.argv[1]))["graph"]
assert eval(sys.argv[2]), (sys.argv[2], {k: g[k] for k in ("grid2mesh", "mesh2grid", "mesh_nodes")})
PY
}

# The same edges in another order.
expect_status 1 -- "$meshdiff" compare "$official" "$tmp/reordered.npz" --json "$tmp/order.json"
grep -q "edge order  *same edges; $(thousands "$g2m_reordered") mesh nodes and $(thousands "$m2g_reordered") grid points sum their incoming messages in another order" "$tmp/out" ||
  fail "order: no 'same edges' line for $g2m_reordered + $m2g_reordered receivers: $(cat "$tmp/out")"
grep -q "Result: DIFFERENT" "$tmp/out" || fail "order: not DIFFERENT"
grep -q "^  the graphs hold the same edges, but" "$tmp/out" || fail "order: the Result does not say why"
grep -q "^  the graphs differ" "$tmp/out" && fail "order: called a difference of the graphs"
grep -q "^  graphs same edges, in another order" "$tmp/out" || fail "order: the graphs line"
check_json "$tmp/order.json" "g['grid2mesh']['receivers_reordered'] == $g2m_reordered and g['mesh2grid']['receivers_reordered'] == $m2g_reordered"
check_json "$tmp/order.json" "g['grid2mesh']['only_a'] == g['grid2mesh']['only_b'] == g['mesh2grid']['changed'] == g['mesh_nodes']['moved'] == 0"
check_json "$tmp/order.json" "g['hash_a'] == g['hash_b'] and g['hash_ordered_a'] != g['hash_ordered_b'] and g['same_edge_sets'] and not g['identical']"
check_json "$tmp/order.json" "len(g['grid2mesh']['reordered_receivers']) == $g2m_reordered"

# A graph against itself: same order, identical, exit 0.
expect_status 0 -- "$meshdiff" compare "$official" "$official" --json "$tmp/same.json"
grep -q "edge order  *the same for every receiver" "$tmp/out" || fail "same: $(cat "$tmp/out")"
check_json "$tmp/same.json" "g['identical'] and g['hash_ordered_a'] == g['hash_ordered_b']"

# The same graph renumbered.
expect_status 1 -- "$meshdiff" compare "$official" "$tmp/renumbered.npz" --json "$tmp/renumbered.json"
grep -q "B numbers $(thousands "$renumbered") of $(thousands "$mesh_nodes") mesh nodes differently, matched by position" "$tmp/out" ||
  fail "renumbered: no numbering line: $(cat "$tmp/out")"
grep -q "^  the graphs differ" "$tmp/out" && fail "renumbered: called a difference of the graphs: $(cat "$tmp/out")"
grep -q "^  graphs the same graph, numbered differently" "$tmp/out" || fail "renumbered: the graphs line"
check_json "$tmp/renumbered.json" "g['mesh_nodes']['renumbered'] == $renumbered and g['mesh_nodes']['moved'] == 0"
check_json "$tmp/renumbered.json" "g['grid2mesh']['only_a'] == g['grid2mesh']['only_b'] == g['mesh2grid']['changed'] == 0"
check_json "$tmp/renumbered.json" "g['mesh_nodes']['rcm_seed_a'] == 0 and g['mesh_nodes']['rcm_seed_b'] == 'other'"

# The demo model run on the graph and on its reordered copy: the fields differ by summation order.
for side in official reordered; do
  graph=$official; [ $side = reordered ] && graph=$tmp/reordered.npz
  "$meshdiff" model-step --graph "$graph" --out "$tmp/run-$side" >"$tmp/out" 2>"$tmp/err" ||
    fail "model-step on $side: $(cat "$tmp/err")"
done
expect_status 1 -- "$meshdiff" compare "$tmp/run-official" "$tmp/run-reordered" --json "$tmp/runs.json"
grep -q "^Cause: order — " "$tmp/out" || fail "runs: no 'Cause: order' line: $(grep Cause "$tmp/out")"
"$py" - "$tmp/runs.json" <<'PY' || fail "runs: the diagnosis of a reordered graph"
import json, sys
j = json.load(open(sys.argv[1]))
d = j["diagnosis"]
assert d["cause"] == "order", d["explanation"]
assert "rounding level" in d["explanation"], d["explanation"]
worst = max(f["rel_rms"] for f in j["fields"]["per_field"])
assert 0 < worst < 1e-5, worst  # rounding level
PY

exit $((failures > 0))
