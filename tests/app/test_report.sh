#!/usr/bin/env bash
# meshdiff report with no display: the files a user attaches to a bug report, checked for content
# (counts equal to an independent NumPy computation, images of the asked size that show A's and
# B's colours), and the private X server stopped afterwards.
set -uo pipefail
meshdiff=$1 fixtures=$2 data=$3
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
runs=$fixtures/window
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

servers_before=$(pgrep -fc "Xvfb -displayfd" || true)
env -u DISPLAY -u WAYLAND_DISPLAY "$meshdiff" report "$runs/A" "$runs/B" --out "$tmp/report" \
    --width 1200 --height 800 --maps 2 --closeups 2 >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" = 2 ] && grep -q "built without the GUI" "$tmp/err"; then echo "skipped: meshdiff built without the GUI"; exit 77; fi
[ "$status" = 0 ] || { fail "report exit $status"; cat "$tmp/out" "$tmp/err"; }
servers_after=$(pgrep -fc "Xvfb -displayfd" || true)
[ "$servers_after" -le "$servers_before" ] || fail "the private Xvfb is still running"

r=$tmp/report
for f in index.html globe.png globe_difference_1.png globe_difference_2.png differing_edges.csv \
         differing_triangles.csv field_metrics.csv differences.json field_metrics.json comparison.json; do
  [ -s "$r/$f" ] || fail "missing $f"
done
maps=$(ls "$r"/map_*.png 2>/dev/null | wc -l)
[ "$maps" = 2 ] || fail "expected 2 error maps, found $maps"

"$py" - "$r" "$runs/changed_grid_points.json" <<'PY' || fail "content checks"
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
# The worst field (largest rel RMS: the wind, whose bump is 5× larger) gets the first map.
assert sorted(p.name for p in r.glob("map_1_*.png")) == ["map_1_10m_u_component_of_wind.png"], list(r.glob("map_*"))
PY

# Bad input: a missing run is an error (2) naming the path, and writes no report.
env -u DISPLAY "$meshdiff" report "$tmp/nope" "$runs/B" --out "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "missing run: wanted exit 2"
grep -q "nope" "$tmp/err" || fail "missing run: the error does not name the path"
[ ! -e "$tmp/bad/index.html" ] || fail "missing run: a report was written"

[ "$failures" = 0 ] && echo "report: all checks passed"
exit $((failures > 0))
