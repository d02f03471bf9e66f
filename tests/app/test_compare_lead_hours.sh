#!/usr/bin/env bash
# --lead-hours H for files that do not give their leads' hours (tests/fixtures/make_rollout_fixtures.py:
# b_no_hours.npz is b.npz without its lead_hours): lead i is (i + 1) × H h in the summary and the JSON,
# and the leads then line up with a file that gives hours by hours.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
source "$(dirname "$0")/lib/rollout_json.sh"

before=$(find "$r" -type f -exec sha256sum {} + | sort)

# without it the leads go by index and have no hours
expect_status 0 -- "$meshdiff" compare "$r/b_no_hours.npz" "$r/b_no_hours.npz" --json "$tmp/plain.json"
check_json "$tmp/plain.json" '[l["lead_hours"] for l in j["per_lead"]] == [None] * 4'

expect_status 0 -- "$meshdiff" compare "$r/b_no_hours.npz" "$r/b.npz" --lead-hours 6 --json "$tmp/six.json"
check_json "$tmp/six.json" '[l["lead_hours"] for l in j["per_lead"]] == [6, 12, 18, 24] and j["lead"]["lead_hours"] == 6'
check_json "$tmp/six.json" 'j["leads_not_lined_up"] == []'
grep -Eq "^  24 h +" "$tmp/out" || fail "no 24 h row in the per-lead table: $(cat "$tmp/out")"

# another step lines up other leads: 12 and 24 h only
expect_status 1 -- "$meshdiff" compare "$r/b_no_hours.npz" "$r/b.npz" --lead-hours 12 --json "$tmp/twelve.json"
check_json "$tmp/twelve.json" '[l["lead_hours"] for l in j["per_lead"]] == [12, 24] and len(j["leads_not_lined_up"]) == 4'

# a file's own hours stay; --lead with hours picks by them
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b_no_hours.npz" --lead-hours 6 --lead 18 --json "$tmp/l18.json"
check_json "$tmp/l18.json" 'j["lead"] == {"lead_hours": 18, "index": 2}'

# a step that is not a positive number is refused before anything is read
expect_status 2 -- "$meshdiff" compare "$r/a.npz" "$r/b_no_hours.npz" --lead-hours 0
grep -q "lead-hours" "$tmp/err" || fail "--lead-hours 0: $(cat "$tmp/err")"

after=$(find "$r" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "the fixtures changed"
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "lead hours: all checks passed"
