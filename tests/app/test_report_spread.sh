#!/usr/bin/env bash
# meshdiff report --spread RUN_C on rollouts of 4 leads × 2 members
# (tests/fixtures/make_rollout_fixtures.py; C lies halfway between A's two members): the runs
# table names the spread run, the spread line and the per-lead table give A − B against it as
# compare --json --spread measures it (area-weighted RMS of A − B over that of A − C, largest
# field), which is twice A − B against A's own member spread; the growth chart's caption names
# the run; compare's text summary gives the same spread lines; a spread run without a fields
# file is an error naming it.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

env -u DISPLAY -u WAYLAND_DISPLAY "$meshdiff" report "$r/a.nc" "$r/b.nc" --spread "$r/c_half_spread.npz" \
    --out "$tmp/report" --width 900 --maps 1 --closeups 0 --field-closeups 0 >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" = 2 ] && grep -q "built without the GUI" "$tmp/err"; then echo "skipped: built without the GUI"; exit 77; fi
[ "$status" = 0 ] || { fail "report exit $status"; cat "$tmp/out" "$tmp/err"; }
expect_status 1 -- "$meshdiff" compare "$r/a.nc" "$r/b.nc" --spread "$r/c_half_spread.npz" --json "$tmp/spread.json"
expect_status 1 -- "$meshdiff" compare "$r/a.nc" "$r/b.nc" --json "$tmp/members.json"
"$meshdiff" compare "$r/a.nc" "$r/b.nc" --spread "$r/c_half_spread.npz" >"$tmp/summary.txt" 2>&1

"$py" - "$tmp/report/index.html" "$tmp/spread.json" "$tmp/members.json" "$r/c_half_spread.npz" "$tmp/summary.txt" <<'PY' || fail "report content"
import html as escape, json, math, re, sys
page = open(sys.argv[1]).read()
spread, members = (json.load(open(p))["fields"] for p in sys.argv[2:4])
run = sys.argv[4]
summary = open(sys.argv[5]).read()

def ratios(lead):  # field -> area-weighted RMS(A − B) over that of the spread pair
    # the spread's member of A (members[0]), or each field's first member against a run
    side = lead["member_spread"].get("members", [None])[0]
    diff = {}
    for f in lead["per_field"]:
        if f.get("member") == side or (side is None and f["name"] not in diff):
            diff[f["name"]] = f["area_weighted"]["rms"]
    return {s["name"]: diff[s["name"]] / s["area_weighted"]["rms"] for s in lead["member_spread"]["per_field"]}

def largest(lead):
    field, value = max(ratios(lead).items(), key=lambda item: item[1])
    return value, field

def sentence(lead):
    value, field = largest(lead)
    percent = 100 * value
    text = ("%.2g" % percent) if percent < 10 else ("%.0f" % percent)
    return f"A − B is {text} % of the member spread at +{lead['lead_hours']:g} h (area-weighted, worst field {field})"

leads = spread["per_lead"]
# C is half of A's member spread away from A: every ratio is twice the one against A's members.
for lead, own in zip(leads, members["per_lead"]):
    for name, value in ratios(lead).items():
        assert math.isclose(value, 2 * ratios(own)[name], rel_tol=1e-2), (name, value, ratios(own)[name])

line = re.search(r'<p id="spread">(.*?)</p>', page)
assert line, "no spread line"
line = escape.unescape(line.group(1))
assert sentence(leads[0]) in line, (sentence(leads[0]), line)
worst = max(leads, key=lambda lead: largest(lead)[0])
assert f"The largest over the 4 leads: {sentence(worst)}." in line, line
assert f"The spread: A against {run}." in line, line
# compare's text summary says the same
assert f"spread  {sentence(leads[0])}\n" in summary, summary
assert f"spread  largest over the 4 leads: {sentence(worst)}\n" in summary, summary
assert f"spread  measured as A against {run}\n" in summary, summary

runs = page[page.index('<table id="runs">'):]
runs = runs[:runs.index("</table>")]
assert f"<tr><td>spread</td><td>{run}</td>" in runs, runs

table = page[page.index('<table id="leads">'):]
table = table[:table.index("</table>")]
rows = table.split("<tr>")[2:]
assert len(rows) == 4, table
for row, lead in zip(rows, leads):
    if not all(f["nan_masks_equal"] for f in lead["per_field"]):
        continue  # the scorecard leaves a cell whose NaN masks differ undefined
    value, field = largest(lead)
    cell = re.findall(r"<td>([^<]*)</td>", row)[-1]
    number, name = re.fullmatch(r"(\S+) \((.+)\)", escape.unescape(cell)).groups()
    assert name == field and math.isclose(float(number), value, rel_tol=1e-3), (cell, value, field)

assert f"the band is the member spread ({run})" in page, "growth caption"
PY

mkdir -p "$tmp/no_fields"
expect_status 2 -- env -u DISPLAY -u WAYLAND_DISPLAY "$meshdiff" report "$r/a.nc" "$r/b.nc" --spread "$tmp/no_fields" \
    --out "$tmp/bad" --maps 0 --closeups 0 --field-closeups 0
grep -q "$tmp/no_fields" "$tmp/err" || { fail "the error does not name the spread run"; cat "$tmp/err"; }

[ "$failures" = 0 ] && echo "report --spread: all checks passed"
exit $((failures > 0))
