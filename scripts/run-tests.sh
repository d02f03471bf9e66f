#!/usr/bin/env bash
# The test suite: installs missing packages, builds, runs every test (GUI tests under Xvfb), then
# the sanitizer stage (core and fuzz replays under ASan + UBSan; MESHDIFF_SANITIZER_STAGE=0 skips it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh"
build=${BUILD_DIR:-$root/build}
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1600x1000x24")
(cd "$build" && "${run[@]}" ctest --output-on-failure -j"${JOBS:-2}" --timeout 900 "$@")
if [ "${MESHDIFF_SANITIZER_STAGE:-1}" != 0 ]; then
  bash "$root/scripts/run-sanitizer-tests.sh"
fi
