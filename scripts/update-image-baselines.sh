#!/usr/bin/env bash
# Rewrites the image tests' baselines (tests/baselines/*.png) from what the build in
# ${BUILD_DIR:-build} renders now: builds the views and window tests, then runs them with
# MESHDIFF_UPDATE_BASELINES=1 under Xvfb. Extra arguments go to ctest, e.g. `-R GlobeView` for one
# suite. Look at the changed images (git diff --stat tests/baselines) before committing them;
# without this the tests never write a baseline, and a missing one fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
cmake --build "$build" --target meshdiff_views_tests meshdiff_gui_tests -j"${JOBS:-2}"
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1600x1000x24 -noreset")
(cd "$build" && MESHDIFF_UPDATE_BASELINES=1 "${run[@]}" ctest --output-on-failure -j"${JOBS:-2}" -L views "$@")
git -C "$root" status --short -- tests/baselines
