#!/usr/bin/env bash
# meshdiff compare: fields.per_field[].regions (and per lead) against the NumPy numbers of
# tests/fixtures/make_area_weighted_fixtures.py — tropics, extratropics, polar and a --region box
# across 0° longitude — on a grid ascending, descending, without coordinates and subsampled;
# fields.regions describes them; per_field[].variable/level/level_units; bad --region values exit 2.
set -uo pipefail
meshdiff=$1
fixtures=$2
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
dir=$fixtures/area_weighted
[ -f "$dir/expected.json" ] || { echo "no fixtures in $dir"; exit 1; }

for case in global descending nocoords subsample; do
  expect_status 1 -- "$meshdiff" compare "$dir/$case/A" "$dir/$case/B" --region 60,-10,35,30 --json "$tmp/$case.json"
  "$py" - "$tmp/$case.json" "$dir/expected.json" "$case" <<'PY' || fail "$case: regions against NumPy"
import json, sys
j = json.load(open(sys.argv[1]))
e = json.load(open(sys.argv[2]))[sys.argv[3]]
box = "box 60N,10W,35N,30E"
names = ["global", "tropics", "extratropics_north", "extratropics_south", "polar", box]
assert [r["name"] for r in j["fields"]["regions"]] == names, j["fields"]["regions"]
described = j["fields"]["regions"][5]
assert (described["south"], described["north"], described["west"], described["east"]) == (35, 60, 350, 30), described
assert described["all_longitudes"] is False and j["fields"]["regions"][4]["both_hemispheres"] is True
def close(x, y):
    return (x is None and y is None) or (x is not None and y is not None and abs(x - y) <= 1e-4 * abs(y))
lists = [j["fields"]["per_field"]] + [l["per_field"] for l in j["fields"]["per_lead"]]
for per_field in lists:
    for f in per_field:
        assert (f["variable"], f["level"], f["level_units"]) == (f["name"], None, None), f
        assert sorted(f["regions"]) == sorted(names), f["regions"]
        assert f["regions"]["global"] == f["area_weighted"], f
        for name in names:
            got, want = f["regions"][name], e[f["name"]]["regions"][name]
            for key in ("rms", "rel_rms", "bias"):
                assert close(got[key], want[key]), (f["name"], name, key, got[key], want[key])
            assert close(got["std_a"], want["std_a"]) or (want["std_a"] == 0 and got["std_a"] == 0), (f["name"], name, got)
# The differences of t grow towards the poles: the polar rms is many times the tropics'.
t = {f["name"]: f for f in lists[0]}["t"]["regions"]
assert t["polar"]["rms"] > 5 * t["tropics"]["rms"], t
PY
done

# The summary: one line per region with its worst field's area-weighted rel RMS (t's differences
# grow towards the poles; c's rel RMS is undefined everywhere).
expect_status 1 -- "$meshdiff" compare "$dir/global/A" "$dir/global/B" --region 60,-10,35,30 --summary
grep -q "^worst by region (rel RMS (area)):" "$tmp/out" || fail "summary: no region lines: $(cat "$tmp/out")"
grep -qE "^  polar +6\.837e-02  t$" "$tmp/out" || fail "summary: polar's worst is not t at 6.837e-02: $(cat "$tmp/out")"
grep -qE "^  box 60N,10W,35N,30E +[0-9.e+-]+  t$" "$tmp/out" || fail "summary: no line for the box: $(cat "$tmp/out")"

# Without --region: the standard regions only.
expect_status 1 -- "$meshdiff" compare "$dir/global/A" "$dir/global/B" --json "$tmp/standard.json"
"$py" -c 'import json, sys; r = json.load(open(sys.argv[1]))["fields"]["per_field"][0]["regions"]
assert sorted(r) == sorted(["global", "tropics", "extratropics_north", "extratropics_south", "polar"]), r' \
  "$tmp/standard.json" || fail "without --region: not the five standard regions"

# Two boxes, one across the date line and one written with a leading minus.
expect_status 1 -- "$meshdiff" compare "$dir/global/A" "$dir/global/B" --region 10,170,-10,-170 --region=-30,0,-60,40 \
  --json "$tmp/two.json"
"$py" -c 'import json, sys; r = json.load(open(sys.argv[1]))["fields"]["per_field"][0]["regions"]
assert "box 10N,170E,10S,170W" in r and "box 30S,0E,60S,40E" in r, sorted(r)' "$tmp/two.json" ||
  fail "two --region boxes: not both in the JSON"

# Variables and levels: NetCDF's level coordinate says "hPa"; GRIB pressure levels are in hPa.
expect_status 0 -- "$meshdiff" compare "$fixtures/netcdf/time_level.nc" "$fixtures/netcdf/time_level.nc" --json "$tmp/nc.json"
expect_status 0 -- "$meshdiff" compare "$fixtures/grib/rollout.grib2" "$fixtures/grib/rollout.grib2" --json "$tmp/grib.json"
"$py" - "$tmp/nc.json" "$tmp/grib.json" <<'PY' || fail "variable, level, level_units"
import json, sys
nc = {f["name"]: f for f in json.load(open(sys.argv[1]))["fields"]["per_field"]}
assert (nc["temperature@850"]["variable"], nc["temperature@850"]["level"], nc["temperature@850"]["level_units"]) == \
    ("temperature", 850, "hPa"), nc["temperature@850"]
assert (nc["2m_temperature"]["variable"], nc["2m_temperature"]["level"], nc["2m_temperature"]["level_units"]) == \
    ("2m_temperature", None, None), nc["2m_temperature"]
grib = {f["name"]: f for f in json.load(open(sys.argv[2]))["fields"]["per_field"]}
assert (grib["temperature@500"]["level"], grib["temperature@500"]["level_units"]) == (500, "hPa"), grib["temperature@500"]
PY

check_bad() {  # check_bad VALUE EXPECTED-MESSAGE-PART
  expect_status 2 -- "$meshdiff" compare "$dir/global/A" "$dir/global/B" --region "$1" --json "$tmp/bad.json"
  grep -q -- "--region" "$tmp/err" && grep -q -- "$2" "$tmp/err" || fail "--region $1: message lacks '$2': $(cat "$tmp/err")"
  [ ! -e "$tmp/bad.json" ] || fail "--region $1: a JSON was written"
}
check_bad 1,2,3 "needs four numbers"
check_bad a,0,0,0 "is not a number"
check_bad 10,0,20,5 "north bound lies south of the south bound"
check_bad 95,0,0,5 "within"

expect_status 0 -- "$meshdiff" compare --help
grep -q -- "--region" "$tmp/out" || fail "--help does not list --region"

[ "$failures" = 0 ] || exit 1
echo "ok"
