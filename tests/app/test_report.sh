#!/usr/bin/env bash
# meshdiff report with no display: the files a user attaches to a bug report, checked for content
# (counts equal to an independent NumPy computation, images of the asked size that show A's and
# B's colours, close-ups where NumPy finds the largest |A−B|, corr with enough digits to differ
# from 1, map PDFs of a journal page size that poppler renders), the private X server stopped
# afterwards, progress without a line per percent, and the same files from a second run.
set -uo pipefail
meshdiff=$1 fixtures=$2 data=$3
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
runs=$fixtures/window
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The report's own X server inherits this mark: other tests' private servers (ctest runs two at
# a time) do not count.
mark="MESHDIFF_REPORT_TEST_MARK=$$"
env -u DISPLAY -u WAYLAND_DISPLAY "$mark" "$meshdiff" report "$runs/A" "$runs/B" --out "$tmp/report" \
    --width 1200 --height 800 --maps 2 --closeups 2 --field-closeups 2 >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" = 2 ] && grep -q "built without the GUI" "$tmp/err"; then echo "skipped: meshdiff built without the GUI"; exit 77; fi
[ "$status" = 0 ] || { fail "report exit $status"; cat "$tmp/out" "$tmp/err"; }
for pid in $(pgrep -f "Xvfb -displayfd" || true); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "$mark"; then
        fail "the private Xvfb is still running (pid $pid)"
    fi
done

r=$tmp/report
for f in index.html globe.png globe_difference_1.png globe_difference_2.png differing_edges.csv \
         differing_triangles.csv field_metrics.csv differences.json field_metrics.json comparison.json; do
  [ -s "$r/$f" ] || fail "missing $f"
done
maps=$(ls "$r"/map_*.png 2>/dev/null | wc -l)
[ "$maps" = 2 ] || fail "expected 2 error maps, found $maps"
pdfs=$(ls "$r"/map_*.pdf 2>/dev/null | wc -l)
[ "$pdfs" = 2 ] || fail "expected 2 error-map PDFs, found $pdfs"
for f in field_difference_1.png field_difference_2.png; do [ -s "$r/$f" ] || fail "missing $f"; done
[ ! -e "$r/per_lead.csv" ] && [ ! -e "$r/growth_chart.png" ] || fail "a single lead has no error growth to chart"

# Progress on a pipe: one line per step, never one per percent.
lines=$(grep -c "^meshdiff report: [0-9]*% " "$tmp/err" || true)
unique=$(grep "^meshdiff report: [0-9]*% " "$tmp/err" | sed 's/^meshdiff report: [0-9]*% //' | sort -u | wc -l)
[ "$lines" -ge 3 ] && [ "$lines" -le 20 ] || fail "progress: $lines lines"; [ "$lines" = "$unique" ] || fail "progress repeats a step: $(cat "$tmp/err")"

# On a terminal (script(1) gives it one): a single line that updates in place.
script -qec "env -u DISPLAY -u WAYLAND_DISPLAY '$meshdiff' report '$runs/A' '$runs/B' --out '$tmp/tty' \
    --width 256 --height 160 --maps 1 --closeups 1 --field-closeups 1" /dev/null >"$tmp/tty.out" 2>&1 ||
  fail "report on a terminal failed: $(tail -3 "$tmp/tty.out")"
"$py" - "$tmp/tty.out" <<'PY' || fail "progress on a terminal: $(cat -A "$tmp/tty.out" | head -5)"
import re, sys
out = open(sys.argv[1], encoding="utf-8", errors="replace", newline="").read()
lines = [l for l in out.split("\n") if re.search(r"meshdiff report: +\d+% ", l)]
assert len(lines) == 1, len(lines)  # every update on the one line
assert len(re.findall(r"\r(?!\n)", lines[0])) >= 5, lines[0]
PY

# The map PDFs are journal double-column pages (183 mm wide) that a PDF reader draws.
command -v pdftoppm >/dev/null || fail "pdftoppm (poppler-utils, scripts/debian-packages.txt) is missing"
pdf=$(ls "$r"/map_1_*.pdf | head -1)
pdftoppm -r 100 -png -singlefile "$pdf" "$tmp/pdfpage" 2>"$tmp/pdferr" || fail "poppler cannot draw $pdf: $(cat "$tmp/pdferr")"
# Its text is text (vector), not pixels: the title and colour-bar caption can be extracted.
grep -q "10m_u_component_of_wind, A − B" <<<"$(pdftotext "$pdf" - 2>/dev/null)" || fail "no title text in $pdf"

"$py" - "$r" "$runs/changed_grid_points.json" "$tmp/pdfpage.png" <<'PY' || fail "content checks"
import csv, json, pathlib, re, struct, sys, zlib
import numpy as np
r = pathlib.Path(sys.argv[1]); changed = json.load(open(sys.argv[2]))

def png(path):
    """Decodes an 8-bit RGB/RGBA non-interlaced PNG (what Qt writes) into an array."""
    data = path.read_bytes(); assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
        if kind == b"IHDR": w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT": idat += body
    assert depth == 8 and interlace == 0 and ctype in (2, 6), (depth, ctype, interlace)
    ch = 3 if ctype == 2 else 4; stride = w * ch
    raw = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, stride + 1)
    out = np.zeros((h, stride), np.int32)
    for y in range(h):
        f, line = raw[y, 0], raw[y, 1:].astype(np.int32); prev = out[y - 1] if y else np.zeros(stride, np.int32)
        if f == 0: cur = line
        elif f == 2: cur = (line + prev) & 255
        else:
            cur = np.zeros(stride, np.int32)
            for x in range(stride):
                a = cur[x - ch] if x >= ch else 0; b = prev[x]; c = prev[x - ch] if x >= ch else 0
                if f == 1: p = a
                elif f == 3: p = (a + b) // 2
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (line[x] + p) & 255
        out[y] = cur
    return out.reshape(h, w, ch)[:, :, :3]

def count(img, rgb, tol=12):
    return int(np.all(np.abs(img - np.array(rgb)) <= tol, axis=2).sum())

def png_size(path):
    data = path.read_bytes()[:24]; assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])

assert png_size(r / "globe.png") == (1200, 800), png_size(r / "globe.png")
assert png_size(r / "map_1_10m_u_component_of_wind.png")[0] == 1800
close = png(r / "globe_difference_1.png")
assert close.shape[:2] == (400, 600), close.shape
assert count(close, (214, 0, 214)) > 30, "A's face (magenta outline) not in the close-up"
assert count(close, (0, 0, 0)) > 30, "B's face (black dashed outline) not in the close-up"

rows = list(csv.DictReader(open(r / "differing_triangles.csv")))
assert len(rows) == len(changed), (len(rows), len(changed))
d = json.load(open(r / "differences.json"))
assert len(d["mesh2grid_changed"]) == len(changed)
assert d["grid2mesh_only_a"] == [] and d["grid2mesh_only_b"] == []
c = json.load(open(r / "comparison.json"))
assert len(json.load(open(r / "field_metrics.json"))) == 6

html = (r / "index.html").read_text()
for src in re.findall(r'(?:src|href)="([^"]+)"', html):
    assert (r / src).exists(), src
assert "globe.png" in html and "differing_triangles.csv" in html and "10m_u_component_of_wind" in html
# Captions say what the marks are in the figures' own words and colours, none the images lack.
assert "magenta, solid: mesh→grid triangle only in A" in html, "close-up caption legend"
assert "black, dashed: mesh→grid triangle only in B" in html, "close-up caption legend"
# (orange is the maps' outline of "near the differences", and named as that only)
assert html.count("orange") == html.count("orange outline: near the graph differences"), "orange named for marks"
assert "blue" not in html, "a colour the images do not use"
# The field close-ups sit where NumPy finds each field's largest |A−B|, at least 10° apart, with
# the value in the caption; corr differs from 1 in the table as in the CSV.
runs = pathlib.Path(sys.argv[2]).parent
A = np.load(runs / "A" / "fields.npz"); B = np.load(runs / "B" / "fields.npz")
caps = re.findall(r"<figcaption>Field close-up (\d): ([^,]+), A−B = ([-0-9.e+]+)[^<]*? at ([0-9.]+)°([NS]), ([0-9.]+)°([EW])", html)
assert len(caps) == 2, caps
spots = []
for _, name, value, la, ns, lo, ew in caps:
    d = A[name].astype(np.float64) - B[name].astype(np.float64)
    lat = float(la) * (1 if ns == "N" else -1); lon = float(lo) * (1 if ew == "E" else -1) % 360
    i, j = int(round(lat + 90)), int(round(lon)) % 360
    assert abs(d[i, j] - float(value)) <= 1e-3 * abs(d[i, j]) + 1e-12, (name, d[i, j], value)
    spots.append((name, lat, lon, abs(d[i, j]) / np.nanmax(np.abs(d))))
assert spots[0][3] > 0.999, spots  # the first is a field's largest |A−B|
la1, lo1, la2, lo2 = np.deg2rad([spots[0][1], spots[0][2], spots[1][1], spots[1][2]])
angle = np.rad2deg(np.arccos(np.clip(np.sin(la1) * np.sin(la2) + np.cos(la1) * np.cos(la2) * np.cos(lo1 - lo2), -1, 1)))
assert angle >= 10 - 1e-6, angle
table = html[html.index('<table id="fields">'):]
table = table[:table.index("</table>")]
corr_cells = re.findall(r"<tr><td>([^<]+)</td><td>[^<]*</td><td>([^<]+)</td><td>([^<]+)</td>", table)
metrics = {row["name"]: row for row in csv.DictReader(open(r / "field_metrics.csv"))}
assert len(corr_cells) == 6, corr_cells
for name, corr, one_minus in corr_cells:
    exact = float(metrics[name]["corr"])
    if exact < 1: assert float(corr) < 1, (name, corr, exact)
    assert abs(float(one_minus) - (1 - exact)) <= 0.01 * (1 - exact) + 1e-300, (name, one_minus, exact)

# The maps' PDF page: 183 mm wide, no taller than a 2:1 map with its title, grid labels and its
# colour bar with the A−B histogram (about 90 pt at this size).
pdf = sorted(r.glob("map_1_*.pdf"))[0].read_bytes().decode("latin-1")
box = [float(x) for x in re.search(r"/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)", pdf).groups()]
assert abs(box[0] - 183 / 25.4 * 72) < 0.6 and box[1] < box[0] / 2 + 90, box
# poppler draws it: the page (100 dpi) shows the map's many colours, not a blank page.
page = png(pathlib.Path(sys.argv[3]))
assert abs(page.shape[1] - 183 / 25.4 * 100) < 2, page.shape
assert len(np.unique(page.reshape(-1, 3), axis=0)) > 50
assert (page != 255).any(axis=2).mean() > 0.5  # most of the page is the map, no blank band

# The diagnosis: B's bumps sit at the changed triangles, so the cause is the graph, for every field.
assert c["diagnosis"]["cause"] == "graph", c["diagnosis"]
verdict = re.search(r'<p id="diagnosis"><b>Cause: (\w+)</b> — ([^<]+)</p>', html)
assert verdict and verdict.group(1) == "graph" and verdict.group(2) == c["diagnosis"]["explanation"], verdict
diag = html[html.index('<table id="diagnosis-fields">'):]
diag_rows = re.findall(r"<tr><td>([^<]+)</td><td>(\w+)</td><td>([^<]+)</td><td>([^<]+)</td><td>([^<]+)</td>", diag[:diag.index("</table>")])
assert sorted(r[0] for r in diag_rows) == sorted(metrics), diag_rows
for name, cause, energy, area, concentration in diag_rows:
    assert cause == "graph" and float(energy) > 0.9 and float(concentration) > 10, (name, cause, energy, concentration)

# The worst field (largest rel RMS: the wind, whose bump is 5× larger) gets the first map.
assert sorted(p.name for p in r.glob("map_1_*.png")) == ["map_1_10m_u_component_of_wind.png"], list(r.glob("map_*"))
PY

# A second run writes the same files: data and pages byte for byte, the pictures too (llvmpipe
# renders deterministically); PDFs differ only in their creation date.
env -u DISPLAY -u WAYLAND_DISPLAY "$meshdiff" report "$runs/A" "$runs/B" --out "$tmp/again" \
    --width 1200 --height 800 --maps 2 --closeups 2 --field-closeups 2 >/dev/null 2>&1 || fail "second report failed"
for f in "$r"/*; do
  name=$(basename "$f")
  case "$name" in
    *.pdf) cmp -s <(grep -av CreationDate "$f") <(grep -av CreationDate "$tmp/again/$name") || fail "$name differs between two runs" ;;
    *) cmp -s "$f" "$tmp/again/$name" || fail "$name differs between two runs" ;;
  esac
done

# Bad input: a missing run is an error (2) naming the path, and writes no report.
env -u DISPLAY "$meshdiff" report "$tmp/nope" "$runs/B" --out "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "missing run: wanted exit 2"
grep -q "nope" "$tmp/err" || fail "missing run: the error does not name the path"
[ ! -e "$tmp/bad/index.html" ] || fail "missing run: a report was written"

[ "$failures" = 0 ] && echo "report: all checks passed"
exit $((failures > 0))
