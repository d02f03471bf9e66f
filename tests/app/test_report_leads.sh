#!/usr/bin/env bash
# meshdiff report on rollouts of 4 leads × 2 members written by netCDF4-python
# (tests/fixtures/make_rollout_fixtures.py): per_lead.csv holds NumPy's per-lead numbers, the
# error-growth chart is a PNG of the report's width and a PDF, index.html has the per-lead table
# and the chart, the scorecard is a PNG of the report's width and a PDF shown with its legend, the
# error map's title names its lead, and a second run writes the same CSV, HTML and PNGs.
set -uo pipefail
meshdiff=$1 fixtures=$2
r=$fixtures/rollouts
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"

report() {  # report OUT
  env -u DISPLAY -u WAYLAND_DISPLAY "$meshdiff" report "$r/a.nc" "$r/b.nc" --out "$1" --width 900 --maps 1 \
      --closeups 0 --field-closeups 0 >"$tmp/out" 2>"$tmp/err"
}
report "$tmp/one"
status=$?
if [ "$status" = 2 ] && grep -q "built without the GUI" "$tmp/err"; then echo "skipped: built without the GUI"; exit 77; fi
[ "$status" = 0 ] || { fail "report exit $status"; cat "$tmp/out" "$tmp/err"; }
for f in per_lead.csv growth_chart.png growth_chart.pdf scorecard.png scorecard.pdf index.html; do [ -s "$tmp/one/$f" ] || fail "missing $f"; done
head -c 5 "$tmp/one/growth_chart.pdf" | grep -q "%PDF-" || fail "growth_chart.pdf is no PDF"
head -c 5 "$tmp/one/scorecard.pdf" | grep -q "%PDF-" || fail "scorecard.pdf is no PDF"
map_pdf=$(ls "$tmp/one"/map_1_*.pdf 2>/dev/null | head -1)
[ -n "$map_pdf" ] || fail "no map PDF"
# the map's title names the lead it shows (the first: +6 h)
title=$(pdftotext "$map_pdf" - 2>/dev/null | head -3 | tr '\n' ' ')
grep -q ", A − B.*, +6 h" <<<"$title" || fail "the map's title has no lead: $title"

"$py" - "$tmp/one" "$r/expected.json" <<'PY' || fail "report content"
import csv, json, math, pathlib, sys
from PIL import Image
out, e = pathlib.Path(sys.argv[1]), json.load(open(sys.argv[2]))
rows = list(csv.DictReader(open(out / "per_lead.csv")))
assert len(rows) == 4 * 2 * len(e["names"]), len(rows)
members = sorted({int(row["member"]) for row in rows})
close = lambda x, y, r=2e-5: math.isclose(float(x), y, rel_tol=r, abs_tol=1e-9)
for row in rows:
    lead = e["per_lead"][int(row["index"])]
    want = lead["per_field"][row["field"]][members.index(int(row["member"]))]
    assert float(row["lead_hours"]) == lead["lead_hours"], row
    assert close(row["rel_rms"], want["rel_rms"]) and close(row["corr"], want["corr"], 1e-9), (row, want)
    assert close(row["max_abs"], want["max_abs"], 1e-5), (row, want)
    assert close(row["spread_max_rel_rms"], lead["spread_max_rel_rms"]), row
    assert close(row["spread_median_rel_rms"], lead["spread_median_rel_rms"]), row
    assert close(row["ratio_to_spread"], want["rel_rms"] / lead["spread_max_rel_rms"]), row
image = Image.open(out / "growth_chart.png")
image.load()
assert image.size[0] == 900 and 400 < image.size[1] < 900, image.size
html = (out / "index.html").read_text()
table = html[html.index('<table id="leads">'):]
table = table[:table.index("</table>")]
assert table.count("<tr>") == 5, table  # header and 4 leads
for lead in e["per_lead"]:
    assert f"<td>{lead['lead_hours']} h</td>" in table, lead["lead_hours"]
assert '<img src="growth_chart.png"' in html and 'href="growth_chart.pdf"' in html and 'href="per_lead.csv"' in html
card = Image.open(out / "scorecard.png")
card.load()
# 3 fields × 4 leads and a colour bar: wider than tall.
assert card.size[0] == 900 and 100 < card.size[1] < 900, card.size
assert '<img src="scorecard.png"' in html and 'href="scorecard.pdf"' in html
assert "1 = the member spread" in html  # A has two members: the cells are measured against their spread
PY

report "$tmp/two" || fail "second report failed"
for f in per_lead.csv index.html growth_chart.png scorecard.png; do
  cmp -s "$tmp/one/$f" "$tmp/two/$f" || fail "$f differs between two runs"
done

[ "$failures" = 0 ] && echo "report on rollouts: all checks passed"
exit $((failures > 0))
