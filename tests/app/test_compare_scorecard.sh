#!/usr/bin/env bash
# compare --json's fields.scorecard on a rollout pair (tests/fixtures/make_rollout_fixtures.py)
# with a spread run: one row per field (variables on levels first, levels 50 … 1000, surface fields
# after), one column per lead, each cell recomputed from the same JSON's per-lead area-weighted RMS
# of A − B and of A − C.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

check() {  # check FILE PYTHON-EXPRESSION-ON-j (the fields section) and s (its scorecard)
  "$py" - "$1" "$2" <<'PY' || fail "JSON check on $1: $2"
import json, math, sys
j = json.load(open(sys.argv[1]))["fields"]; s = j["scorecard"]
close = lambda x, y: x is not None and math.isclose(x, y, rel_tol=1e-12)
def member_entry(lead, name):  # the spread's side: A's member memberA, else the field's first entry
    entries = [f for f in lead["per_field"] if f["name"] == name]
    side = lead.get("member_spread", {}).get("members", [None])[0]
    return next((f for f in entries if f.get("member") == side), entries[0])
def spread_rms(lead, name):
    return next(f["area_weighted"]["rms"] for f in lead["member_spread"]["per_field"] if f["name"] == name)
def ratio(lead, name):
    return member_entry(lead, name)["area_weighted"]["rms"] / spread_rms(lead, name)
assert eval(sys.argv[2]), sys.argv[2]
PY
}

before=$(find "$r" -type f -exec sha256sum {} + | sort)

expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_member1.npz" --json "$tmp/spread.json"
check "$tmp/spread.json" 's["metric"] == "area_weighted_rms_ratio_to_spread" and s["region"] == "global"'
check "$tmp/spread.json" '[row["field"] for row in s["rows"]] == ["temperature@500", "temperature@850", "2m_temperature"]'
check "$tmp/spread.json" '[(row["variable"], row["level"]) for row in s["rows"]] == [("temperature", 500), ("temperature", 850), ("2m_temperature", None)]'
check "$tmp/spread.json" 's["lead_hours"] == [l["lead_hours"] for l in j["per_lead"]] == [6, 12, 18, 24]'
check "$tmp/spread.json" 'len(s["cells"]) == 3 and all(len(line) == 4 for line in s["cells"])'
check "$tmp/spread.json" 'all(close(s["cells"][r][c], ratio(j["per_lead"][c], row["field"])) for r, row in enumerate(s["rows"]) for c in range(4))'
check "$tmp/spread.json" 'all(len(l["member_spread"]["per_field"]) == 3 for l in j["per_lead"])'

# the spread between A's two members when no spread run is given
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --json "$tmp/members.json"
check "$tmp/members.json" 's["metric"] == "area_weighted_rms_ratio_to_spread"'
check "$tmp/members.json" 'all(close(s["cells"][r][c], ratio(j["per_lead"][c], row["field"])) for r, row in enumerate(s["rows"]) for c in range(4))'

# a spread run without the last lead: that column is null
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_three_leads.npz" --json "$tmp/three.json"
check "$tmp/three.json" 'all(line[3] is None and line[2] is not None for line in s["cells"])'

after=$(find "$r" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "the input runs changed"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all compare-scorecard checks passed"
