# check_json for the rollout tests: a compare --json FILE's `fields` (j) and NumPy's numbers for the
# rollouts fixture (e, rollouts/expected.json); matches(lead, want) checks one per_lead entry.
# Needs $py, $r (the rollouts fixture folder) and fail (lib/expect.sh).
check_json() {  # check_json FILE PYTHON-EXPRESSION-ON-j-AND-e
  "$py" - "$1" "$r/expected.json" "$2" <<'PY' || fail "JSON check on $1: $2"
import json, math, sys
j = json.load(open(sys.argv[1]))["fields"]; e = json.load(open(sys.argv[2]))
close = lambda x, y, r=2e-5: math.isclose(x, y, rel_tol=r, abs_tol=1e-9)
def matches(lead, want):  # one per_lead entry against NumPy's numbers
    by = {(f["name"], f["member_position"]): f for f in lead["per_field"]}
    return (lead["count"] == 2 * len(e["names"]) and close(lead["max_rel_rms"], want["max_rel_rms"])
        and close(lead["median_rel_rms"], want["median_rel_rms"]) and close(lead["min_corr"], want["min_corr"], 1e-9)
        and lead["nan_masks_equal"] == want["nan_masks_equal"]
        and all(close(by[n, m]["rel_rms"], want["per_field"][n][m]["rel_rms"])
                and close(by[n, m]["corr"], want["per_field"][n][m]["corr"], 1e-9)
                and close(by[n, m]["max_abs"], want["per_field"][n][m]["max_abs"], 1e-5)
                and by[n, m]["nan_masks_equal"] == want["per_field"][n][m]["nan_masks_equal"]
                for n in e["names"] for m in range(2))
        and close(lead["member_spread"]["max_rel_rms"], want["spread_max_rel_rms"])
        and close(lead["member_spread"]["median_rel_rms"], want["spread_median_rel_rms"])
        and close(lead["ratio_to_spread"], want["max_rel_rms"] / want["spread_max_rel_rms"]))
for lead in j["per_lead"]:  # member numbers differ between files: number them by position
    numbers = sorted({f["member"] for f in lead["per_field"]})
    for f in lead["per_field"]: f["member_position"] = numbers.index(f["member"])
assert eval(sys.argv[3]), sys.argv[3]
PY
}
