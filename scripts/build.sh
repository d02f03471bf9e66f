#!/usr/bin/env bash
# Installs missing packages, then configures and builds meshdiff into ${BUILD_DIR:-build}: every
# target, or only the targets named as arguments (e.g. meshdiff meshdiff-gui).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} ${CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"${JOBS:-2}" ${1:+--target "$@"}
