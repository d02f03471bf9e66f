#!/usr/bin/env bash
# compare --json's diagnosis on the demo pair: the demo's fields differ only because its two graphs
# differ (same model, same inputs, same CPU math for the model), so the cause must be "graph"; a
# run against itself has cause "none"; the summary prints the verdict in one line.
set -uo pipefail
meshdiff=$1
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

"$meshdiff" demo --out "$tmp/demo" >"$tmp/out" 2>"$tmp/err" || { fail "demo failed: $(cat "$tmp/err")"; exit 1; }

expect_status 1 -- "$meshdiff" compare "$tmp/demo/A" "$tmp/demo/B" --json "$tmp/ab.json"
grep -q "^Cause: graph — " "$tmp/out" || fail "summary has no 'Cause: graph' line: $(tail -3 "$tmp/out")"
"$py" - "$tmp/ab.json" "$tmp/demo/demo.json" <<'PY' || fail "diagnosis of the demo pair"
import json, sys
j = json.load(open(sys.argv[1])); demo = json.load(open(sys.argv[2]))
d = j["diagnosis"]
assert d["cause"] == "graph", d["explanation"]
assert d["differing_places"]["mesh2grid_triangles"] == demo["graph_differences"]["mesh2grid_triangles"]
assert d["differing_places"]["grid2mesh_edges"] == demo["graph_differences"]["grid2mesh_edges"]
assert d["fields_beyond_tolerance"] == demo["fields"] == len(d["per_field"])
assert 0 < d["area_near"] < 0.01 and d["graph_share"] > 0.99
assert all(f["cause"] == "graph" and f["concentration"] > 100 for f in d["per_field"])
assert {"tolerance", "significant_share", "min_concentration"} <= set(d["thresholds"])
assert d["area_weighting"] == "grid points" and d["near_radius_deg"] > 1
PY

expect_status 0 -- "$meshdiff" compare "$tmp/demo/A" "$tmp/demo/A" --json "$tmp/aa.json"
grep -q "^Cause: none — " "$tmp/out" || fail "summary of identical runs has no 'Cause: none' line"
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1]))["diagnosis"]; assert d["cause"] == "none" and d["fields_beyond_tolerance"] == 0' "$tmp/aa.json" || fail "identical runs' cause is not none"

expect_status 1 -- "$meshdiff" compare "$tmp/demo/A/graph.npz" "$tmp/demo/B/graph.npz" --json "$tmp/graphs.json"
"$py" -c 'import json,sys; assert json.load(open(sys.argv[1]))["diagnosis"] is None' "$tmp/graphs.json" || fail "graphs only: diagnosis is not null"

exit $((failures > 0))
