#!/usr/bin/env bash
# meshdiff compare on degenerate field pairs written by numpy, none of them used by the core suite
# (tests/core/test_degenerate_fields.cpp): exit 1 unless the data are equal, JSON null + note,
# a Result line that names the field, --abs-tolerance.
set -uo pipefail
meshdiff=$1
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

# pair NAME 'A fields' 'B fields': two .npz files; each argument is Python building a dict `f`
# from numpy as np, on a 2° grid (91 × 180).
pair() {
  "$py" - "$tmp/$1" "$2" "$3" <<'PY' || fail "cannot write pair $1"
import os, sys, numpy as np
os.makedirs(sys.argv[1], exist_ok=True)
shape = (91, 180)
rng = np.random.default_rng(11)
smooth = (250 + 40 * np.cos(np.radians(np.linspace(-90, 90, 91)))[:, None] + rng.normal(0, 1, shape)).astype(np.float32)
for side, code in (("a", sys.argv[2]), ("b", sys.argv[3])):
    f = {}
    exec(code)
    np.savez(os.path.join(sys.argv[1], side + ".npz"), **{k: np.asarray(v, dtype=np.float32) for k, v in f.items()})
PY
}
check_json() {  # check_json FILE PYTHON-EXPRESSION-ON-j
  "$py" - "$1" "$2" <<'PY' || fail "JSON check: $2"
import json, sys
j = json.load(open(sys.argv[1]))
per = {f["name"]: f for f in j["fields"]["per_field"]}
assert eval(sys.argv[2]), sys.argv[2]
PY
}

# precipitation that is zero everywhere in A, a drizzle row of 1e-7 in B
pair drizzle "f['tp'] = np.zeros(shape)" "f['tp'] = np.zeros(shape); f['tp'][45] = 1e-7"
expect_status 1 -- "$meshdiff" compare "$tmp/drizzle/a.npz" "$tmp/drizzle/b.npz" --json "$tmp/drizzle.json"
grep -q "Result: DIFFERENT" "$tmp/out" || fail "drizzle: $(cat "$tmp/out")"
grep -q "beyond tolerance.*: tp" "$tmp/out" || fail "drizzle: the Result does not name tp: $(cat "$tmp/out")"
check_json "$tmp/drizzle.json" 'per["tp"]["rel_rms"] is None and per["tp"]["corr"] is None and "std(A) = 0" in per["tp"]["note"] and per["tp"]["within_tolerance"] is False and j["identical"] is False'
check_json "$tmp/drizzle.json" 'j["diagnosis"]["cause"] != "none"'
# no rel RMS tolerance accepts it, an absolute one does when asked for knowingly
expect_status 1 -- "$meshdiff" compare "$tmp/drizzle/a.npz" "$tmp/drizzle/b.npz" --tolerance 1000
expect_status 0 -- "$meshdiff" compare "$tmp/drizzle/a.npz" "$tmp/drizzle/b.npz" --abs-tolerance tp=1e-6
expect_status 1 -- "$meshdiff" compare "$tmp/drizzle/a.npz" "$tmp/drizzle/b.npz" --abs-tolerance tp=1e-8
expect_status 1 -- "$meshdiff" compare "$tmp/drizzle/a.npz" "$tmp/drizzle/b.npz" --abs-tolerance other=1

# surface geopotential of 0 against −0: equal numbers
pair zeros "f['z'] = np.zeros(shape); f['t'] = smooth" "f['z'] = -np.zeros(shape); f['t'] = smooth"
expect_status 0 -- "$meshdiff" compare "$tmp/zeros/a.npz" "$tmp/zeros/b.npz"
grep -q "Result: SAME" "$tmp/out" || fail "±0: $(cat "$tmp/out")"

# a constant mask equal in both, a temperature equal in both: the same
pair masks "f['lsm'] = np.ones(shape); f['t'] = smooth" "f['lsm'] = np.ones(shape); f['t'] = smooth"
expect_status 0 -- "$meshdiff" compare "$tmp/masks/a.npz" "$tmp/masks/b.npz" --json "$tmp/masks.json"
check_json "$tmp/masks.json" 'per["lsm"]["rel_rms"] is None and per["lsm"]["within_tolerance"] is True and j["diagnosis"]["cause"] == "none"'

# all NaN in both: nothing compared is never the same
pair nans "f['sst'] = np.full(shape, np.nan)" "f['sst'] = np.full(shape, np.nan)"
expect_status 1 -- "$meshdiff" compare "$tmp/nans/a.npz" "$tmp/nans/b.npz" --json "$tmp/nans.json"
check_json "$tmp/nans.json" 'per["sst"]["points"] == 0 and "no point is finite" in per["sst"]["note"]'

# +inf where B has NaN: both non-finite, not the same value
pair infs "f['x'] = smooth.copy(); f['x'][0] = np.inf" "f['x'] = smooth.copy(); f['x'][0] = np.nan"
expect_status 1 -- "$meshdiff" compare "$tmp/infs/a.npz" "$tmp/infs/b.npz" --json "$tmp/infs.json"
check_json "$tmp/infs.json" 'per["x"]["nan_masks_equal"] is False and per["x"]["rel_rms"] == 0'

# a constant that moves by 0.25: --abs-tolerance for every field
pair shifted "f['c'] = np.full(shape, 5.0)" "f['c'] = np.full(shape, 5.25)"
expect_status 0 -- "$meshdiff" compare "$tmp/shifted/a.npz" "$tmp/shifted/b.npz" --abs-tolerance 0.25 --json "$tmp/shifted.json"
check_json "$tmp/shifted.json" 'j["fields"]["abs_tolerance"]["all"] == 0.25 and per["c"]["max_abs"] == 0.25'
expect_status 1 -- "$meshdiff" compare "$tmp/shifted/a.npz" "$tmp/shifted/b.npz" --abs-tolerance 0.2

# a malformed --abs-tolerance: exit 2 naming the option, nothing compared
expect_status 2 -- "$meshdiff" compare "$tmp/shifted/a.npz" "$tmp/shifted/b.npz" --abs-tolerance c=-1
grep -q -- "--abs-tolerance" "$tmp/err" || fail "malformed --abs-tolerance: $(cat "$tmp/err")"

# a rollout equal at its first lead, a constant field that changes at its second
pair rollout "f['ci'] = np.zeros((2,) + shape)" "f['ci'] = np.zeros((2,) + shape); f['ci'][1] = 0.5"
expect_status 1 -- "$meshdiff" compare "$tmp/rollout/a.npz" "$tmp/rollout/b.npz" --json "$tmp/rollout.json"
check_json "$tmp/rollout.json" 'j["fields"]["per_lead"][0]["beyond_tolerance"] == 0 and j["fields"]["per_lead"][1]["beyond_tolerance"] == 1'
check_json "$tmp/rollout.json" 'j["diagnosis"]["cause"] != "none"'

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "compare on degenerate fields: all checks passed"
