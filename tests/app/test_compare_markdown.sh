#!/usr/bin/env bash
# compare --markdown FILE on rollouts (tests/fixtures/make_rollout_fixtures.py): the verdict, the
# per-lead table and the scorecard carry --json's numbers on the same pair (3 significant digits,
# ▲ above the spread, NaN ≠ where NaN masks differ); it works beside --json - and the text summary; an unwritable path is an
# error naming it; the input runs are left as they were.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

# check_markdown MD JSON: every number of the Markdown against the JSON's
check_markdown() {
  "$py" - "$1" "$2" <<'PY' || fail "Markdown $1 does not match $2"
import json, sys
md = open(sys.argv[1], encoding="utf-8").read().splitlines(); j = json.load(open(sys.argv[2]))
f = j["fields"]; s = f["scorecard"]
def table(title):  # the rows of the table under "#### title", as lists of cells
    start = md.index("#### " + title) + 2
    rows = []
    for line in md[start:]:
        if not line.startswith("|"): break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows[0], rows[2:]
def g3(x): return "–" if x is None else "%.3g" % x + (" ▲" if s["metric"].endswith("spread") and x > 1 else "")
def label(hours, index): return "index %d" % index if hours is None else "+%g h" % hours
verdict = "SAME" if j["identical"] else "DIFFERENT"
assert md[0] == "### meshdiff compare: " + verdict, md[0]
head, rows = table("Per lead")
assert len(rows) == len(f["per_lead"]), rows
for c, (row, lead) in enumerate(zip(rows, f["per_lead"])):
    assert row[0] == label(lead["lead_hours"], lead["index"]), row
    weighted = [(e["area_weighted"]["rel_rms"], e) for e in lead["per_field"] if e["area_weighted"]["rel_rms"] is not None]
    largest, entry = max(weighted, key=lambda p: p[0])
    assert row[1] == "%.3g" % largest, (row, largest)
    assert row[2] == entry["name"] + (" [member %d]" % entry["member"] if "member" in entry else ""), (row, entry)
    if "member_spread" in lead:
        column = [line[c] for line in s["cells"] if line[c] is not None]
        assert row[3] == g3(max(column)), (row, column)
head, rows = table("Scorecard")
assert head[2:] == [label(h, l["index"]) for h, l in zip(s["lead_hours"], f["per_lead"])], head
assert len(rows) == len(s["rows"]), rows
for row, want, cells, masks in zip(rows, s["rows"], s["cells"], s["nan_masks_differ"]):
    assert row[0] == want["variable"], (row, want)
    level = "–" if want["level"] is None else "%g" % want["level"]
    assert row[1] == level + (" " + want["level_units"] if want["level_units"] else ""), (row, want)
    assert row[2:] == ["NaN ≠" if m else g3(x) for x, m in zip(cells, masks)], (row, cells)  # NaN masks differ
PY
}

before=$(find "$r" "$fixtures/runs" -type f -exec sha256sum {} + | sort)

# with a spread run, beside --json FILE and the text summary
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_member1.npz" --json "$tmp/spread.json" --markdown "$tmp/spread.md"
check_markdown "$tmp/spread.md" "$tmp/spread.json"
grep -q "^Result: DIFFERENT" "$tmp/out" || fail "no text summary beside --markdown"
grep -q "^- \*\*First divergence:\*\* +6 h (lead 0)" "$tmp/spread.md" || fail "no first divergence: $(cat "$tmp/spread.md")"
grep -q "c_member1.npz" "$tmp/spread.md" || fail "the legend does not name the spread run"
[ ! -e "$tmp/spread.md.partial" ] || fail "the partial Markdown file was left behind"

# A's members as the spread, with --json - (the JSON on standard output)
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --json - --markdown "$tmp/members.md"
cp "$tmp/out" "$tmp/members.json"
check_markdown "$tmp/members.md" "$tmp/members.json"
grep -q "member 0 against member 1" "$tmp/members.md" || fail "the legend does not name the members"

# a spread run without the last lead: "–" in its column
expect_status 1 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --spread "$r/c_three_leads.npz" --json "$tmp/three.json" --markdown "$tmp/three.md"
check_markdown "$tmp/three.md" "$tmp/three.json"

# identical runs: SAME, and a scorecard of zeros
expect_status 0 -- "$meshdiff" compare "$r/a.nc" "$r/a.npz" --json "$tmp/same.json" --markdown "$tmp/same.md"
check_markdown "$tmp/same.md" "$tmp/same.json"

# run folders with graphs, one lead, no members and no spread: the rel RMS scorecard
runs=$fixtures/runs
expect_status 1 -- "$meshdiff" compare "$runs/a" "$runs/b" --json "$tmp/runs.json" --markdown "$tmp/runs.md"
check_markdown "$tmp/runs.md" "$tmp/runs.json"
grep -q "^- \*\*Graphs:\*\* DIFFER$" "$tmp/runs.md" || fail "the graphs verdict is missing: $(cat "$tmp/runs.md")"
grep -q "^Cells: area-weighted rel RMS" "$tmp/runs.md" || fail "the legend does not say rel RMS"

# an unwritable path: exit 2 naming it, nothing left behind
expect_status 2 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --markdown "$tmp/no_such_folder/out.md"
grep -q "no_such_folder/out.md" "$tmp/err" || fail "the bad --markdown path is not named: $(cat "$tmp/err")"
mkdir "$tmp/folder.md"
expect_status 2 -- "$meshdiff" compare "$r/a.npz" "$r/b.nc" --markdown "$tmp/folder.md"
grep -q "folder.md" "$tmp/err" || fail "a folder as --markdown is not named: $(cat "$tmp/err")"
[ ! -e "$tmp/folder.md.partial" ] || fail "the partial Markdown file was left behind"

after=$(find "$r" "$fixtures/runs" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "the input runs changed"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all compare-markdown checks passed"
