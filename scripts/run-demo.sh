#!/usr/bin/env bash
# The main job on the built-in demo: installs missing packages, builds, writes the demo pair and
# opens the window on it. Without a display it writes the headless report instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" meshdiff meshdiff_gui_app  # the two executables, not the tests
meshdiff=${BUILD_DIR:-$root/build}/app/meshdiff
demo=${DEMO_DIR:-$root/out/demo}
"$meshdiff" demo --out "$demo"
"$meshdiff" compare "$demo/A" "$demo/B" --summary || true   # exit 1: the runs differ, as they should
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$meshdiff" "$demo/A" "$demo/B"
fi
"$meshdiff" report "$demo/A" "$demo/B" --out "$root/out/demo-report"
echo "No display: wrote the report to $root/out/demo-report/index.html"
