#!/usr/bin/env bash
# meshdiff compare --json: fields.per_field[].area_weighted and per_lead[].per_field[].area_weighted
# against the NumPy (WeatherBench-2-style) numbers of tests/fixtures/make_area_weighted_fixtures.py,
# on a 1° grid ascending, descending, without coordinates and subsampled every 4th point; the
# summary's per-field lines name both rel RMS columns.
set -uo pipefail
meshdiff=$1
fixtures=$2
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
dir=$fixtures/area_weighted
[ -f "$dir/expected.json" ] || { echo "no fixtures in $dir"; exit 1; }

for case in global descending nocoords subsample; do
  # Default tolerance: the runs differ, so exit 1.
  expect_status 1 -- "$meshdiff" compare "$dir/$case/A" "$dir/$case/B" --json "$tmp/$case.json"
  "$py" - "$tmp/$case.json" "$dir/expected.json" "$case" <<'PY' || fail "$case: area_weighted against NumPy"
import json, math, sys
j = json.load(open(sys.argv[1]))
e = json.load(open(sys.argv[2]))[sys.argv[3]]
def close(x, y):
    return (x is None and y is None) or (x is not None and y is not None and abs(x - y) <= 1e-6 * abs(y))
lists = [j["fields"]["per_field"]] + [l["per_field"] for l in j["fields"]["per_lead"]]
assert len(lists) == 2, len(lists)
for per_field in lists:
    assert sorted(f["name"] for f in per_field) == sorted(e), [f["name"] for f in per_field]
    for f in per_field:
        aw, want = f["area_weighted"], e[f["name"]]
        assert set(aw) == {"rms", "rel_rms", "bias", "std_a"}, aw
        for key in ("rms", "rel_rms", "bias"):
            assert close(aw[key], want[key]), (f["name"], key, aw[key], want[key])
        assert close(aw["std_a"], want["std_a"]) or (want["std_a"] == 0 and aw["std_a"] == 0), (f["name"], aw)
        assert close(f["rms"], want["unweighted_rms"]), (f["name"], f["rms"], want["unweighted_rms"])
c = {f["name"]: f for f in lists[0]}
assert c["c"]["area_weighted"]["rel_rms"] is None and c["c"]["rel_rms"] is None and "std(A) = 0" in c["c"]["note"]
# Weighting changes the answer here: t's difference grows towards the poles.
assert c["t"]["area_weighted"]["rms"] < 0.8 * c["t"]["rms"], c["t"]
PY
done

expect_status 1 -- "$meshdiff" compare "$dir/global/A" "$dir/global/B"
grep -q "rel RMS: over grid points, unweighted; rel RMS (area): each point weighted by its cell's area" "$tmp/out" ||
  fail "summary: no header for the two rel RMS columns: $(cat "$tmp/out")"
grep -qE "^  t +corr [0-9.]+  rel RMS [0-9.e+-]+ +rel RMS \(area\) 1\.783e-02 +max\|A-B\|" "$tmp/out" ||
  fail "summary: t's line lacks its area-weighted rel RMS 1.783e-02: $(cat "$tmp/out")"
grep -qE "^  c +corr - +rel RMS - +rel RMS \(area\) - +max" "$tmp/out" || fail "summary: c's undefined columns: $(cat "$tmp/out")"

[ "$failures" = 0 ] || exit 1
echo "ok"
