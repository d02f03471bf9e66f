#!/usr/bin/env bash
# The report's index.html in a real browser, Debian's headless Chromium: the page lays out within
# its width, every image loads and shows in the screenshot, the tables' cells hold text without
# overflowing. Chromium is a test dependency (scripts/debian-packages.txt): missing, this fails.
set -uo pipefail
meshdiff=$1 fixtures=$2 source=$4
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
runs=$fixtures/window
. "$source/tests/app/lib/expect.sh"

browser=$(command -v chromium || true)
if [ -z "$browser" ]; then
  echo "FAIL: chromium is not installed (scripts/install-deps.sh installs it from scripts/debian-packages.txt)"
  exit 1
fi

env -u DISPLAY -u WAYLAND_DISPLAY "$meshdiff" report "$runs/A" "$runs/B" --out "$tmp/report" \
    --width 1200 --height 800 --maps 2 --closeups 2 --field-closeups 2 >"$tmp/out" 2>"$tmp/err" ||
  { fail "meshdiff report failed"; cat "$tmp/out" "$tmp/err"; exit 1; }

# As root (CI) Chromium needs --no-sandbox; nothing may reach the network.
chrome() {
  timeout 180 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$(mktemp -d -p "$tmp")" --window-size=1280,2000 "$@" 2>>"$tmp/chromium.log"
}
chrome --screenshot="$tmp/page.png" "file://$tmp/report/index.html" >/dev/null ||
  fail "chromium could not take the screenshot: $(tail -3 "$tmp/chromium.log")"
# The same page with a script that reports the layout; it only appends to the end of the page.
sed 's#</body>#<script src="page_check.js"></script></body>#' "$tmp/report/index.html" >"$tmp/report/check.html"
cp "$source/tests/app/lib/report_page_check.js" "$tmp/report/page_check.js"
chrome --dump-dom --virtual-time-budget=15000 --run-all-compositor-stages-before-draw \
  "file://$tmp/report/check.html" >"$tmp/dom.html" || fail "chromium could not load the page"

"$py" - "$tmp/dom.html" "$tmp/page.png" "$tmp/report" <<'PY' || fail "page checks"
import html, json, pathlib, re, sys
import numpy as np
from PIL import Image

dom = pathlib.Path(sys.argv[1]).read_text()
found = re.search(r'<pre id="meshdiff-check">(.*?)</pre>', dom, re.S)
assert found, "the page's layout check did not run: " + dom[-500:]
page = json.loads(html.unescape(found.group(1)))

# Nothing wider than the window.
assert page["scrollWidth"] <= page["viewport"], (page["scrollWidth"], page["viewport"])

# Every image loads, has the size of its file, and fits the page.
report = pathlib.Path(sys.argv[3])
assert len(page["images"]) >= 6, len(page["images"])
for img in page["images"]:
    assert img["complete"] and img["naturalWidth"] > 0, img
    with Image.open(report / img["src"]) as f:
        assert (img["naturalWidth"], img["naturalHeight"]) == f.size, (img, f.size)
    assert img["left"] >= 0 and img["left"] + img["width"] <= page["viewport"] + 1, img

# Tables within the page, every cell with readable text that does not overflow it (the units
# column may be empty: these fields have none).
assert {t["id"] for t in page["tables"]} >= {"runs", "fields"}, [t["id"] for t in page["tables"]]
for table in page["tables"]:
    assert table["left"] >= 0 and table["right"] <= page["viewport"] + 1, table["right"]
    units = next((c["column"] for c in table["cells"] if c["header"] and c["text"] == "units"), None)
    for cell in table["cells"]:
        assert not cell["overflows"], (table["id"], cell)
        assert cell["fontSize"] >= 12, (table["id"], cell)
        if cell["column"] != units and not (cell["header"] and cell["column"] == 0 and table["id"] == "runs"):
            assert cell["text"], (table["id"], cell)
fields = next(t for t in page["tables"] if t["id"] == "fields")
assert sum(1 for c in fields["cells"] if not c["header"]) == 6 * 10  # rel RMS area-weighted and over grid points
# Numbers read on one line each ("1.62e-06", not "1.62e-" over "06").
for cell in fields["cells"]:
    if not cell["header"] and cell["column"] > 0 and cell["text"]:
        assert cell["lines"] == 1, cell

# The screenshot is the laid-out page: many colours, and where each image lies (as far as the
# screenshot reaches) it shows that image's picture, not a broken-image icon or a blank box.
shot = Image.open(sys.argv[2]).convert("RGB")
assert shot.size == (1280, 2000), shot.size
flat = np.asarray(shot).astype(np.int32).reshape(-1, 3)
colours = len(np.unique(flat[:, 0] * 65536 + flat[:, 1] * 256 + flat[:, 2]))
assert colours > 2000, colours
shown = 0
for img in page["images"]:
    # Inside the 1-pixel border: pixel for pixel when shown at its own size, else scaled.
    left, top = int(round(img["left"] + 1)), int(round(img["top"] + 1))
    at_own_size = abs(img["width"] - 2 - img["naturalWidth"]) < 0.5
    width = img["naturalWidth"] if at_own_size else int(img["width"] - 3)
    height = img["naturalHeight"] if at_own_size else int(img["height"] - 3)
    if top + height > shot.size[1]:
        continue
    seen = np.asarray(shot.crop((left, top, left + width, top + height))).astype(np.int32)
    with Image.open(report / img["src"]) as f:
        want = np.asarray(f.convert("RGB").resize((width, height), Image.BILINEAR)).astype(np.int32)
    difference = np.abs(seen - want).mean()
    assert difference < (3 if at_own_size else 20), (img["src"], difference)
    assert np.abs(seen - 255).sum(axis=2).mean() > 10, (img["src"], "blank")
    shown += 1
assert shown >= 2, shown
print(f"browser: {len(page['images'])} images loaded, {colours} colours in the screenshot, {shown} images in it")
PY

[ "$failures" = 0 ] && echo "report in the browser: all checks passed"
exit $((failures > 0))
