#!/usr/bin/env bash
# Installs missing packages, then configures and builds meshdiff into ${BUILD_DIR:-build}: every
# target, or only the targets named as arguments (e.g. meshdiff meshdiff-gui).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
build=${BUILD_DIR:-$root/build}
# Ninja for a new build folder: it compiles a target's sources while the libraries it links are
# still being built, where Make waits, so both cores stay busy; a folder made with Make stays so.
generator=()
[ -f "$build/CMakeCache.txt" ] || generator=(-G Ninja)
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} ${CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"${JOBS:-2}" ${1:+--target "$@"}
