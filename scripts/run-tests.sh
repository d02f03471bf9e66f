#!/usr/bin/env bash
# The test suite: installs missing packages, builds, runs every test (GUI tests under Xvfb).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh"
build=${BUILD_DIR:-$root/build}
cd "$build"
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1600x1000x24")
"${run[@]}" ctest --output-on-failure -j"${JOBS:-2}" --timeout 900 "$@"
