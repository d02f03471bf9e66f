#!/usr/bin/env bash
# meshdiff fragility: JSON structure, every difference between the official host graphs (and the
# moved-nodes pair's grid→mesh edges) flagged, thresholds, errors; the input graphs are not modified.
set -uo pipefail
meshdiff=$1 data=$3
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

graphs=$data/graphs
before=$(sha256sum "$graphs"/*.npz)
for host in default avx2 sse; do
  expect_status 0 -- "$meshdiff" fragility "$graphs/wn2_graph_1p0deg_$host.npz" --json "$tmp/$host.json"
  grep -q "grid points at risk" "$tmp/out" || fail "no summary for $host"
done
# Every pair: each grid point whose triangle differs (computed here with numpy) is at risk in
# A's or B's own analysis.
"$py" - "$graphs" "$tmp" <<'PY' || fail "a differing triangle is not flagged"
import json, sys
import numpy as np
graphs, tmp = sys.argv[1], sys.argv[2]
def triangles(host):
    z = np.load(f"{graphs}/wn2_graph_1p0deg_{host}.npz")
    order = np.argsort(z["m2g_receivers"], kind="stable")
    return np.sort(z["m2g_senders"][order].reshape(-1, 3), axis=1)
def at_risk(host):
    j = json.load(open(f"{tmp}/{host}.json"))
    assert set(j["grid2mesh"]) >= {"pairs_at_risk", "threshold"} and set(j["mesh2grid"]) >= {"points_at_risk", "threshold"}
    points = {i["grid"] for i in j["items"] if i["kind"] == "mesh2grid"}
    assert len(points) == j["mesh2grid"]["points_at_risk"]
    return points
hosts = ["default", "avx2", "sse"]
for i, a in enumerate(hosts):
    for b in hosts[i + 1:]:
        differ = set(np.nonzero(np.any(triangles(a) != triangles(b), axis=1))[0].tolist())
        assert differ, (a, b)
        missed = differ - (at_risk(a) | at_risk(b))
        assert not missed, (a, b, sorted(missed))
PY
[ "$before" = "$(sha256sum "$graphs"/*.npz)" ] || fail "fixture graphs were modified"

# A pair whose grid→mesh edges differ (tests/data/graphs-moved-nodes): compare flags every one of
# the 7 edges its sidecar lists (computed with NumPy), and no mesh→grid triangle differs.
moved=$data/graphs-moved-nodes
before_moved=$(sha256sum "$moved"/*.npz "$graphs/wn2_graph_1p0deg_default.npz")
expect_status 1 -- "$meshdiff" compare "$graphs/wn2_graph_1p0deg_default.npz" \
  "$moved/wn2_graph_1p0deg_default_moved_nodes.npz" --graph-only --json "$tmp/moved.json"
"$py" - "$tmp/moved.json" "$moved/wn2_graph_1p0deg_default_moved_nodes.json" <<'PY' || fail "moved-nodes pair: $(cat "$tmp/moved.json" | head -c 2000)"
import json, sys
risk = json.load(open(sys.argv[1]))["graph"]["at_risk"]
sidecar = json.load(open(sys.argv[2]))
differing = len(sidecar["grid2mesh_only_in_official"]) + len(sidecar["grid2mesh_only_in_moved"])
assert differing == 7, differing
assert risk == {"grid2mesh_differing": differing, "grid2mesh_flagged": differing,
                "mesh2grid_differing": 0, "mesh2grid_flagged": 0}, risk
PY
[ "$before_moved" = "$(sha256sum "$moved"/*.npz "$graphs/wn2_graph_1p0deg_default.npz")" ] ||
  fail "moved-nodes fixture graphs were modified"

# A wider threshold flags more; JSON to standard output.
expect_status 0 -- "$meshdiff" build-graph --res 2 --out "$tmp/g.npz"
expect_status 0 -- "$meshdiff" fragility "$tmp/g.npz" --json - --g2m-threshold 0
"$py" -c "import json,sys; j=json.load(open('$tmp/out')); assert j['grid2mesh']['threshold'] == 0" \
  || fail "--json - did not print the JSON with threshold 0"
cp "$tmp/out" "$tmp/narrow.json"
expect_status 0 -- "$meshdiff" fragility "$tmp/g.npz" --json - --g2m-threshold 64
"$py" -c "
import json
n = json.load(open('$tmp/narrow.json')); w = json.load(open('$tmp/out'))
assert w['grid2mesh']['pairs_at_risk'] > n['grid2mesh']['pairs_at_risk']
" || fail "a wider threshold did not flag more pairs"

# errors → 2
expect_status 2 -- "$meshdiff" fragility "$tmp/missing.npz"
printf 'not a graph' > "$tmp/junk.npz"
expect_status 2 -- "$meshdiff" fragility "$tmp/junk.npz"
expect_status 2 -- "$meshdiff" fragility "$tmp/g.npz" --g2m-threshold -1
expect_status 2 -- "$meshdiff" fragility "$tmp/g.npz" --json "$tmp/no/such/dir/x.json"

exit $((failures > 0))
