#!/usr/bin/env bash
# meshdiff compare on run folders with one netCDF4-python file per lead
# (tests/fixtures/make_rollout_lead_files.py): per-lead numbers equal NumPy's (rollouts/expected.json),
# against the one-file rollouts too; folders that are not one rollout name the file; no progress
# line when standard error is no terminal; Ctrl-C (SIGINT) cancels with exit 130 and no JSON.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
source "$(dirname "$0")/lib/rollout_json.sh"

before=$(find "$r" -type f -exec sha256sum {} + | sort)

for pair in "lead_files_a lead_files_b" "lead_files_a lead_files_b_time" "a.nc lead_files_b" "lead_files_a b.nc"; do
  set -- $pair
  expect_status 1 -- "$meshdiff" compare "$r/$1" "$r/$2" --json "$tmp/ab.json"
  check_json "$tmp/ab.json" '[l["lead_hours"] for l in j["per_lead"]] == e["hours"]'
  check_json "$tmp/ab.json" 'all(matches(l, w) for l, w in zip(j["per_lead"], e["per_lead"]))'
  grep -Eq "^  24 h +6  " "$tmp/out" || fail "$pair: no 24 h row: $(cat "$tmp/out")"
  [ -s "$tmp/err" ] && fail "$pair: progress or errors on a standard error that is no terminal: $(cat "$tmp/err")"
done
expect_status 1 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_b_time" --summary
grep -q "fields: 4 files, one per lead (b+1.nc … b+4.nc)" "$tmp/out" || fail "lead files not listed: $(cat "$tmp/out")"
expect_status 0 -- "$meshdiff" compare "$r/lead_files_a" "$r/a.nc"
expect_status 1 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_b" --lead 18 --json "$tmp/l18.json"
check_json "$tmp/l18.json" 'j["lead"]["lead_hours"] == 18 and close(j["max_rel_rms"], e["per_lead"][2]["max_rel_rms"])'
"$py" - "$tmp/l18.json" <<'PY' || fail "lead_files in the JSON"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["run_a"]["fields_file"].endswith("lead_files_a"), j["run_a"]["fields_file"]
assert [f.rsplit("/", 1)[1] for f in j["run_b"]["lead_files"]] == ["b_f006.nc", "b_f012.nc", "b_f018.nc", "b_f024.nc"]
PY

# not one rollout: the error names the file
expect_status 2 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_duplicate"
grep -q "lead_files_duplicate/a_030.nc: holds the same lead as a_012.nc (12 h)" "$tmp/err" || fail "duplicate: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_other_grid"
grep -q "lead_files_other_grid/a_018.nc: has another grid than a_006.nc" "$tmp/err" || fail "grid: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_other_fields"
grep -q "lead_files_other_fields/a_012.nc: holds other fields" "$tmp/err" || fail "fields: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_damaged"
grep -q "lead_files_damaged/a_018.nc" "$tmp/err" || fail "damaged: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$r/lead_files_a" "$r/lead_files_two_prefixes"
grep -q "not one rollout" "$tmp/err" || fail "two prefixes: $(cat "$tmp/err")"

# Ctrl-C: SIGINT to meshdiff (the terminal sends it to the foreground process only) cancels the
# comparison: exit 130, "cancelled", and no JSON file, not even a partial one. 1500 leads (links to
# one file) keep it busy for seconds, so the signal arrives mid-comparison.
mkdir "$tmp/long"
one=$(realpath "$r/lead_files_a/a_006.nc")
for k in $(seq 1 1500); do ln -s "$one" "$tmp/long/a_$k.nc"; done
"$meshdiff" compare "$tmp/long" "$tmp/long" --json "$tmp/cancelled.json" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"; status=$?
[ "$status" = 130 ] || fail "SIGINT: exit $status (wanted 130): $(cat "$tmp/err")"
grep -q "^meshdiff: cancelled" "$tmp/err" || fail "no 'cancelled' message: $(cat "$tmp/err")"
[ -e "$tmp/cancelled.json" ] && fail "a cancelled compare left its JSON file"
ls "$tmp" | grep -q partial && fail "a partial JSON file was left"

after=$(find "$r" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "inputs changed"
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all compare-lead-files checks passed"
