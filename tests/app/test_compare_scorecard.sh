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
def masked(r, c):  # the fixture's B has a NaN in 2m_temperature at +18 h only: that cell is no number
    return s["nan_masks_differ"][r][c] and s["cells"][r][c] is None
def region_ratio(lead, name, region):  # the same over one region
    spread = next(f for f in lead["member_spread"]["per_field"] if f["name"] == name)
    return member_entry(lead, name)["regions"][region]["rms"] / spread["regions"][region]["rms"]
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
check "$tmp/spread.json" 'all(masked(r, c) or close(s["cells"][r][c], ratio(j["per_lead"][c], row["field"])) for r, row in enumerate(s["rows"]) for c in range(4))'
# NaN masks that differ: the cell is null and flagged (never a calm number), exactly there
check "$tmp/spread.json" '[(r, c) for r in range(3) for c in range(4) if s["nan_masks_differ"][r][c]] == [(2, 2)] and masked(2, 2)'
check "$tmp/spread.json" 'not member_entry(j["per_lead"][2], "2m_temperature")["nan_masks_equal"]'
check "$tmp/spread.json" 'all(len(l["member_spread"]["per_field"]) == 3 for l in j["per_lead"])'

# the spread between A's two members when no spread run is given
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --json "$tmp/members.json"
check "$tmp/members.json" 's["metric"] == "area_weighted_rms_ratio_to_spread"'
check "$tmp/members.json" 'all(masked(r, c) or close(s["cells"][r][c], ratio(j["per_lead"][c], row["field"])) for r, row in enumerate(s["rows"]) for c in range(4))'

# a spread run without the last lead: that column is null
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_three_leads.npz" --json "$tmp/three.json"
check "$tmp/three.json" 'all(line[3] is None and (line[2] is not None or masked(r, 2)) for r, line in enumerate(s["cells"]))'

# --scorecard-region: the JSON's and the Markdown's scorecard over that region
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --scorecard-region tropics --json "$tmp/tropics.json" \
  --markdown "$tmp/tropics.md"
check "$tmp/tropics.json" 's["region"] == "tropics" and len(s["cells"]) == 3'
check "$tmp/tropics.json" 'all(masked(r, c) or close(s["cells"][r][c], region_ratio(j["per_lead"][c], row["field"], "tropics")) for r, row in enumerate(s["rows"]) for c in range(4))'
check "$tmp/tropics.json" 'any(not close(s["cells"][r][c], ratio(j["per_lead"][c], row["field"])) for r, row in enumerate(s["rows"]) for c in range(4))'
grep -q '^#### Scorecard (tropics)$' "$tmp/tropics.md" || fail "the Markdown scorecard does not name its region"
grep -q 'over region `tropics`' "$tmp/tropics.md" || fail "the Markdown legend does not name its region"
"$py" - "$tmp/tropics.json" "$tmp/tropics.md" <<'PY' || fail "the Markdown scorecard's cells are not the JSON's"
import json, re, sys
s = json.load(open(sys.argv[1]))["fields"]["scorecard"]
text = open(sys.argv[2]).read().split("#### Scorecard (tropics)")[1]
rows = [l for l in text.splitlines() if l.startswith("| temperature") or l.startswith("| 2m_temperature")]
assert len(rows) == 3, rows
for line, cells, masks in zip(rows, s["cells"], s["nan_masks_differ"]):
    shown = [c.replace("▲", "").strip() for c in line.strip().strip("|").split("|")[2:]]
    assert all(v == "NaN ≠" if m else float(v) == float(f"{c:.3g}") for v, c, m in zip(shown, cells, masks)), (shown, cells)
assert "NaN ≠" not in text, "masks that differ only outside the tropics hatch no tropical cell"
PY
# NaN masks per region: B's NaN at 60°S, 40°E (+18 h, 2m_temperature) lies outside the tropics, so
# the tropics' cell is a number there, while the polar scorecard flags it (JSON and Markdown)
check "$tmp/tropics.json" 'not any(any(line) for line in s["nan_masks_differ"]) and close(s["cells"][2][2], region_ratio(j["per_lead"][2], "2m_temperature", "tropics"))'
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --scorecard-region polar --json "$tmp/polar.json" \
  --markdown "$tmp/polar.md"
check "$tmp/polar.json" '[(r, c) for r in range(3) for c in range(4) if s["nan_masks_differ"][r][c]] == [(2, 2)] and masked(2, 2)'
grep -q 'NaN ≠: A and B have NaN at different points' "$tmp/polar.md" \
  || fail "the polar Markdown scorecard does not flag the NaN masks that differ there"
# a --region box, by its N,W,S,E as written or by its name
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --region 60,-10,-60,30 --scorecard-region 60,-10,-60,30 \
  --json "$tmp/box.json"
check "$tmp/box.json" 's["region"] == "box 60N,10W,60S,30E" and s["region"] in j["per_field"][0]["regions"]'
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --region 60,-10,-60,30 \
  --scorecard-region "box 60N,10W,60S,30E" --json "$tmp/box2.json"
check "$tmp/box2.json" 's["region"] == "box 60N,10W,60S,30E"'
# an unknown region: exit 2 naming the choices, nothing written
expect_status 2 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --scorecard-region arctic --json "$tmp/arctic.json"
grep -q 'arctic' "$tmp/err" && grep -q 'global, tropics, extratropics_north, extratropics_south, polar' "$tmp/err" \
  || fail "the error does not name the region and the choices: $(cat "$tmp/err")"
[ ! -e "$tmp/arctic.json" ] || fail "an unknown region still wrote the JSON"

after=$(find "$r" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "the input runs changed"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all compare-scorecard checks passed"
