#!/usr/bin/env bash
# meshdiff compare on GRIB written by ecCodes' Python bindings (tests/fixtures/make_grib_fixtures.py):
# GRIB against GRIB and against NetCDF-4 (netCDF4-python) line up by name; damaged GRIB is exit 2
# with the file and the problem on one line; inputs untouched.
set -uo pipefail
meshdiff=$1 fixtures=$2
grib=$fixtures/grib
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
check_json() {  # check_json FILE PYTHON-EXPRESSION-ON-j
  "$py" - "$1" "$2" <<'PY' || fail "JSON check: $2"
import json, math, sys
j = json.load(open(sys.argv[1]))
per = {f["name"]: f for f in j["fields"]["per_field"]}
assert eval(sys.argv[2]), sys.argv[2]
PY
}

before=$(find "$grib" -type f -exec sha256sum {} + | sort)
names='{"temperature@850", "temperature@500", "2m_temperature", "mean_sea_level_pressure", "total_precipitation_6hr"}'

# GRIB against its NetCDF twin (latitudes the other way round, a NaN where the bitmap has a hole) → same
expect_status 0 -- "$meshdiff" compare "$grib/rollout.grib2" "$grib/twin.nc" --json "$tmp/twin.json"
grep -q "Result: SAME" "$tmp/out" || fail "GRIB vs its NetCDF twin not SAME: $(cat "$tmp/out")"
check_json "$tmp/twin.json" "set(per) == $names and j['fields']['nan_masks_equal'] is True"

# GRIB against GRIB: temperature@850 nudged by 0.5 at one point of every lead and member → 1
expect_status 1 -- "$meshdiff" compare "$grib/rollout.grib2" "$grib/rollout_nudged.grib2" --json "$tmp/nudged.json"
check_json "$tmp/nudged.json" "math.isclose(per['temperature@850']['max_abs'], 0.5, rel_tol=1e-4)"
check_json "$tmp/nudged.json" "all(f['max_abs'] == 0 for n, f in per.items() if n != 'temperature@850')"
# ecCodes is opened for GRIB files only, when first needed (core/common/LibraryOnDemand.h)
libs=$(libraries_opened "$meshdiff" compare "$grib/rollout.grib2" "$grib/rollout_nudged.grib2")
[[ "$libs" == *libeccodes* && "$libs" != *hdf5* ]] || fail "two GRIB files opened '$libs', not ecCodes alone"

# a run folder holding a GRIB file, against one holding NetCDF
mkdir -p "$tmp/a" "$tmp/b"
cp "$grib/rollout.grib2" "$tmp/a/forecast.grb2"
cp "$grib/twin.nc" "$tmp/b/fields.nc"
expect_status 0 -- "$meshdiff" compare "$tmp/a" "$tmp/b"
grep -q "fields: forecast.grb2" "$tmp/out" || fail "GRIB file not taken as the folder's fields: $(cat "$tmp/out")"

# damaged or unreadable GRIB → 2, the file and the problem on one line
head -c 1000 "$grib/rollout.grib2" >"$tmp/cut.grib2"
printf 'GRIB, then nothing a GRIB reader knows, long enough for a header\n' >"$tmp/fake.grib"
printf 'plain text in a file named like GRIB\n' >"$tmp/text.grb"
for bad in "$tmp/cut.grib2:truncated" "$tmp/fake.grib:not a GRIB 1 or 2 message" \
           "$grib/reduced_gg.grib2:reduced_gg grid" "$tmp/text.grb:does not start with GRIB"; do
  file=${bad%%:*} problem=${bad#*:}
  expect_status 2 -- "$meshdiff" compare "$file" "$grib/rollout.grib2"
  grep -q "$file: .*$problem" "$tmp/err" || fail "$file: wanted '$problem': $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$file: more than the one error line: $(cat "$tmp/err")"
done

after=$(find "$grib" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "input files were modified"

echo "compare GRIB CLI: $failures failure(s)"
[ "$failures" -eq 0 ]
