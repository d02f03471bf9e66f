#!/usr/bin/env bash
# meshdiff compare on rollouts of 4 leads × 2 members written by netCDF4-python and numpy
# (tests/fixtures/make_rollout_fixtures.py): per-lead numbers equal NumPy's, --lead, the per-lead
# table, and leads that do not line up.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
source "$(dirname "$0")/lib/rollout_json.sh"

before=$(find "$r" -type f -exec sha256sum {} + | sort)

for pair in "a.nc b.nc" "a.npz b.npz" "a.nc b.npz" "a_since.nc b.nc" "a_minutes.nc b.npz"; do
  set -- $pair
  expect_status 1 -- "$meshdiff" compare "$r/$1" "$r/$2" --json "$tmp/ab.json"
  check_json "$tmp/ab.json" '[l["lead_hours"] for l in j["per_lead"]] == e["hours"] and [l["index"] for l in j["per_lead"]] == [0, 1, 2, 3]'
  check_json "$tmp/ab.json" 'all(matches(l, w) for l, w in zip(j["per_lead"], e["per_lead"]))'
  check_json "$tmp/ab.json" 'j["lead"] == {"lead_hours": 6, "index": 0} and close(j["max_rel_rms"], e["per_lead"][0]["max_rel_rms"]) and j["count"] == 6'
  check_json "$tmp/ab.json" 'j["leads_not_lined_up"] == []'
  grep -q "^Per lead" "$tmp/out" || fail "$pair: no per-lead table"
  grep -Eq "^  24 h +6  " "$tmp/out" || fail "$pair: no 24 h row: $(cat "$tmp/out")"
done

# --lead picks the lead shown at top level, by hours; a lead no run has is an error naming the leads
expect_status 1 -- "$meshdiff" compare "$r/a.nc" "$r/b.nc" --lead 18 --json "$tmp/l18.json"
check_json "$tmp/l18.json" 'j["lead"] == {"lead_hours": 18, "index": 2} and close(j["max_rel_rms"], e["per_lead"][2]["max_rel_rms"]) and j["nan_masks_equal"] is False'
grep -q "lead 18 h (of 4 leads)" "$tmp/out" || fail "--lead 18 not shown: $(cat "$tmp/out")"
expect_status 2 -- "$meshdiff" compare "$r/a.nc" "$r/b.nc" --lead 7
grep -q "lead 7 is not a lead.*6 h, 12 h, 18 h, 24 h" "$tmp/err" || fail "--lead 7: $(cat "$tmp/err")"

# a file with identical leads is the same, lead by lead; --tolerance applies to every lead
expect_status 0 -- "$meshdiff" compare "$r/a.nc" "$r/a.npz"
expect_status 1 -- "$meshdiff" compare "$r/a.nc" "$r/b.nc" --tolerance 0.005
expect_status 1 -- "$meshdiff" compare "$r/a.nc" "$r/b_no_hours.npz" --tolerance 0.01  # 24 h exceeds it, and masks differ

# without hours (or with NaN or unordered hours) leads line up by index, and the reason is given
for b in b_no_hours b_nan_hours b_unordered_hours; do
  expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/$b.npz" --json "$tmp/$b.json"
  check_json "$tmp/$b.json" '[l["index"] for l in j["per_lead"]] == [0, 1, 2, 3] and all(matches(l, w) for l, w in zip(j["per_lead"], e["per_lead"]))'
  grep -q "leads lined up by index" "$tmp/out" || fail "$b: no note on lining up by index"
done
check_json "$tmp/b_no_hours.json" '[l["lead_hours"] for l in j["per_lead"]] == e["hours"]'  # A's hours
expect_status 0 -- "$meshdiff" compare "$r/b_no_hours.npz" "$r/b_no_hours.npz" --lead 2 --json "$tmp/idx.json"
check_json "$tmp/idx.json" 'j["lead"] == {"lead_hours": None, "index": 2} and j["per_lead"][0]["lead_hours"] is None'

# a lead only one run has is listed and makes the runs differ
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b_three_leads.npz" --json "$tmp/three.json"
check_json "$tmp/three.json" 'len(j["per_lead"]) == 3 and j["leads_not_lined_up"] == ["lead 24 h: only in A"]'
grep -q "not lined up: lead 24 h: only in A" "$tmp/out" || fail "lead only in A not listed"
expect_status 1 -- "$meshdiff" compare "$r/b_three_leads.npz" "$r/b.npz" --tolerance 1  # equal, but for 24 h

# --spread RUN_C: A against a third run is the yardstick (here C is A's second member: the same numbers)
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_member1.npz" --json "$tmp/spread.json"
check_json "$tmp/spread.json" 'all(l["member_spread"]["run"].endswith("c_member1.npz") and close(l["member_spread"]["max_rel_rms"], w["spread_max_rel_rms"]) and close(l["member_spread"]["median_rel_rms"], w["spread_median_rel_rms"]) for l, w in zip(j["per_lead"], e["per_lead"]))'
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_three_leads.npz" --json "$tmp/spread3.json"
check_json "$tmp/spread3.json" '"member_spread" in j["per_lead"][2] and "member_spread" not in j["per_lead"][3]'
grep -q "spread run: lead 24 h missing" "$tmp/out" || fail "spread run lead missing not noted: $(cat "$tmp/out")"
expect_status 2 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/does_not_exist"
grep -q "does_not_exist" "$tmp/err" || fail "missing spread run not named: $(cat "$tmp/err")"

# arrays that disagree on the number of leads: a clear error naming the file and arrays
expect_status 2 -- "$meshdiff" compare "$r/a.npz" "$r/mixed_leads.npz"
grep -q "mixed_leads.npz\[y\].*has 3 leads but 'x' has 4" "$tmp/err" || fail "mixed leads: $(cat "$tmp/err")"

after=$(find "$r" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "inputs changed"
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all compare-leads checks passed"
