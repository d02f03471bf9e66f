#!/usr/bin/env bash
# meshdiff compare on run folders written by numpy/netCDF4: exit codes, JSON, errors, inputs untouched.
set -uo pipefail
meshdiff=$1 fixtures=$2 data=$3
runs=$fixtures/runs
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
check_json() {  # check_json FILE PYTHON-EXPRESSION-ON-j-AND-e
  "$py" - "$1" "$runs/expected.json" "$2" <<'PY' || fail "JSON check: $2"
import json, math, sys
j = json.load(open(sys.argv[1])); e = json.load(open(sys.argv[2]))
close = lambda x, y, r=1e-6: math.isclose(x, y, rel_tol=r, abs_tol=1e-12)
assert eval(sys.argv[3]), sys.argv[3]
PY
}

before=$(find "$runs" -type f -exec sha256sum {} + | sort)

# identical runs (compressed vs stored npz, same graph) → 0
expect_status 0 -- "$meshdiff" compare "$runs/a" "$runs/a_copy"
grep -q "Result: SAME" "$tmp/out" || fail "identical runs not reported SAME"

# differing runs → 1, JSON with the issue's structure and values equal to numpy's
expect_status 1 -- "$meshdiff" compare "$runs/a" "$runs/b" --json "$tmp/ab.json"
grep -q "5 fields  min corr" "$tmp/out" || fail "no compare_npz-style summary line"
check_json "$tmp/ab.json" 'set(j) >= {"graph", "fields", "identical"} and j["identical"] is False'
check_json "$tmp/ab.json" 'set(j["graph"]["grid2mesh"]) >= {"edges_a","edges_b","only_a","only_b"} and set(j["graph"]["mesh2grid"]) >= {"grid_points","changed"} and set(j["graph"]["mesh_nodes"]) >= {"count","moved"} and "hash_a" in j["graph"] and "hash_b" in j["graph"]'
check_json "$tmp/ab.json" 'j["graph"]["grid2mesh"]["only_a"] == e["graph"]["only_a"] and j["graph"]["grid2mesh"]["only_b"] == e["graph"]["only_b"]'
check_json "$tmp/ab.json" 'j["graph"]["mesh2grid"]["changed"] == e["graph"]["changed"] and j["graph"]["mesh2grid"]["grid_points"] == e["graph"]["grid_points"]'
check_json "$tmp/ab.json" 'j["graph"]["mesh_nodes"]["moved"] == e["graph"]["moved"] == 1 and j["graph"]["hash_a"] != j["graph"]["hash_b"]'
check_json "$tmp/ab.json" 'set(j["fields"]) >= {"count","min_corr","max_rel_rms","median_rel_rms","nan_masks_equal","per_field"} and j["fields"]["count"] == 5'
check_json "$tmp/ab.json" 'all(set(f) >= {"name","corr","rel_rms","max_abs","nan_masks_equal"} for f in j["fields"]["per_field"])'
check_json "$tmp/ab.json" 'all(close(f["rel_rms"], e["fields"][f["name"]]["rel_rms"]) and close(f["corr"], e["fields"][f["name"]]["corr"]) and close(f["max_abs"], e["fields"][f["name"]]["max_abs"]) and f["nan_masks_equal"] == e["fields"][f["name"]]["nan_masks_equal"] for f in j["fields"]["per_field"])'
check_json "$tmp/ab.json" 'j["fields"]["nan_masks_equal"] is False and j["fields"]["worst"][0] == max(e["fields"], key=lambda n: e["fields"][n]["rel_rms"])'

# graph with aliased keys, int32 indices and shuffled edges holds A's edge sets; the shuffle puts
# receivers' edges in another order, which is a difference (exit 1), but no edge differs
expect_status 1 -- "$meshdiff" compare "$runs/a/graph.npz" "$runs/aliased" --json "$tmp/alias.json"
check_json "$tmp/alias.json" 'j["fields"] is None and j["graph"]["hash_a"] == j["graph"]["hash_b"] and j["graph"]["same_edge_sets"] and j["graph"]["at_risk"] is None'
check_json "$tmp/alias.json" 'j["graph"]["grid2mesh"]["receivers_reordered"] > 0 and j["graph"]["hash_ordered_a"] != j["graph"]["hash_ordered_b"]'

# tolerance: every field's rel RMS below it, but NaN masks differ → still 1; with only graphs → 1
expect_status 1 -- "$meshdiff" compare "$runs/a" "$runs/b" --fields-only --tolerance 1
expect_status 0 -- "$meshdiff" compare "$runs/a/fields.npz" "$runs/a_copy/fields.npz" --tolerance 0

# canary .npz (181×360, no coordinates) against a full 0.25° NetCDF with descending latitude
expect_status 1 -- "$meshdiff" compare "$runs/forecast_nc" "$runs/canary" --json "$tmp/canary.json"
grep -q "every 4th" "$tmp/out" || fail "subsample not reported: $(cat "$tmp/out")"
check_json "$tmp/canary.json" '{f["name"]: f for f in j["fields"]["per_field"]}["geopotential@850"]["max_abs"] == e["canary_geopotential_850_max_abs"]'
check_json "$tmp/canary.json" 'all(f["max_abs"] == 0 for f in j["fields"]["per_field"] if f["name"] != "geopotential@850")'
# the second time step is selectable
expect_status 1 -- "$meshdiff" compare "$runs/forecast_nc" "$runs/canary" --index 1 --json "$tmp/t1.json"
check_json "$tmp/t1.json" '{f["name"]: f for f in j["fields"]["per_field"]}["2m_temperature"]["max_abs"] == 1.0'

# HDF5 and ecCodes are opened only when a file needs them (core/common/LibraryOnDemand.h): not for
# .npz runs, but for a NetCDF-4 run (the dynamic loader names each library it opens)
libs=$(libraries_opened "$meshdiff" compare "$runs/a" "$runs/b")
[ -z "$libs" ] || fail ".npz runs opened $libs"
libs=$(libraries_opened "$meshdiff" compare "$runs/forecast_nc" "$runs/canary")
[[ "$libs" == *libhdf5* && "$libs" != *eccodes* ]] || fail "a NetCDF run opened '$libs', not HDF5 alone"

# errors: exit 2, message names the file and the problem, nothing written
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/does_not_exist"
grep -q "does_not_exist: does not exist" "$tmp/err" || fail "missing path message: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/corrupt" --json "$tmp/never.json"
grep -q "corrupt/fields.npz" "$tmp/err" || fail "corrupt file not named: $(cat "$tmp/err")"
[ ! -e "$tmp/never.json" ] || fail "JSON written on error"
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/empty"
grep -q "holds no graph file and no fields file" "$tmp/err" || fail "empty folder message: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/notes_only"
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/two_graphs"
grep -q "holds two graph files" "$tmp/err" || fail "ambiguous folder message: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/bad_meta"
grep -q "run.json" "$tmp/err" || fail "bad metadata not named: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$runs/a" "$runs/stride7"
grep -q "subsample" "$tmp/err" || fail "unrelated grids message: $(cat "$tmp/err")"
expect_status 2 -- "$meshdiff" compare "$runs/a"

# meshdiff's own HDF5 graphs: without the at-risk analysis they are used in place (mapped), with
# it read; both, and the same graphs as .npz, give the same graph result
for math in glibc eigen; do
  for ext in h5 npz; do "$meshdiff" build-graph --res 1 --math $math --out "$tmp/$math.$ext" --quiet || fail "build-graph $math.$ext"; done
done
expect_status 1 -- "$meshdiff" compare "$tmp/glibc.h5" "$tmp/eigen.h5" --no-at-risk --json "$tmp/h5.json"
expect_status 1 -- "$meshdiff" compare "$tmp/glibc.h5" "$tmp/eigen.h5" --json "$tmp/h5risk.json"
expect_status 1 -- "$meshdiff" compare "$tmp/glibc.npz" "$tmp/eigen.npz" --no-at-risk --json "$tmp/npz.json"
"$py" - "$tmp/h5.json" "$tmp/h5risk.json" "$tmp/npz.json" <<'PY' || fail "HDF5 graph compare differs from the read or .npz one"
import json, sys
h5, risk, npz = (json.load(open(p))["graph"] for p in sys.argv[1:])
assert h5["mesh2grid"]["changed"] > 0 and h5["hash_a"] != h5["hash_b"], h5
assert h5["at_risk"] is None and risk["at_risk"] is not None
for other in (risk, npz):
    assert {k: v for k, v in h5.items() if k != "at_risk"} == {k: v for k, v in other.items() if k != "at_risk"}
PY
expect_status 0 -- "$meshdiff" compare "$tmp/glibc.h5" "$tmp/glibc.npz" --no-at-risk

# libhdf5 crashes on these files: the watched reader dies, a second run with the HDF5 pre-flight
# names the file, and the first run's last words (HDF5-DIAG, glibc's "free(): ...") are dropped
damaged=${4:-}/tests/robustness/damaged
for name in hdf5_segfault hdf5_abort; do
  [ -f "$damaged/$name.nc" ] || { fail "missing $damaged/$name.nc"; continue; }
  # (in a sanitizer build a report must not exit 1, which would read as "different")
  ASAN_OPTIONS="exitcode=86:${ASAN_OPTIONS:-}" expect_status 2 -- "$meshdiff" compare "$damaged/$name.nc" "$damaged/$name.nc" --fields-only
  # (crashes, or in a sanitizer build, whose report can be slow, "made no progress for 10 s")
  grep -qE "$name.nc: damaged HDF5 file: reading its structure (crashes the HDF5 library|made no progress)" "$tmp/err" ||
    fail "$name: damaged file not named: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$name: more than the one error line: $(cat "$tmp/err")"
done

# the official host-dependent pairs (tests/data/graphs): counts from their README
g=$data/graphs
expect_status 1 -- "$meshdiff" compare "$g/wn2_graph_1p0deg_default.npz" "$g/wn2_graph_1p0deg_sse.npz" --json "$tmp/s.json"
check_json "$tmp/s.json" 'j["graph"]["grid2mesh"]["edges_a"] == 102792 and j["graph"]["grid2mesh"]["only_a"] == 0 and j["graph"]["grid2mesh"]["only_b"] == 0'
check_json "$tmp/s.json" 'j["graph"]["mesh2grid"]["changed"] == 17 and j["graph"]["mesh_nodes"]["moved"] == 19634'
# every real difference is flagged at risk by A's or B's own fragility analysis
check_json "$tmp/s.json" 'j["graph"]["at_risk"] == {"grid2mesh_differing": 0, "grid2mesh_flagged": 0, "mesh2grid_differing": 17, "mesh2grid_flagged": 17}'
expect_status 1 -- "$meshdiff" compare "$g/wn2_graph_1p0deg_avx2.npz" "$g/wn2_graph_1p0deg_sse.npz" --json "$tmp/s2.json"
check_json "$tmp/s2.json" 'j["graph"]["mesh2grid"]["changed"] == 7 and j["graph"]["mesh_nodes"]["moved"] == 0'
expect_status 1 -- "$meshdiff" compare "$g/wn2_graph_1p0deg_default.npz" "$g/wn2_graph_1p0deg_avx2.npz" --json "$tmp/s3.json"
check_json "$tmp/s3.json" 'j["graph"]["mesh2grid"]["changed"] == 14'

after=$(find "$runs" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "input files were modified"

echo "compare CLI: $failures failure(s)"
[ "$failures" -eq 0 ]
