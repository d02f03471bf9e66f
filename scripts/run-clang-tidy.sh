#!/usr/bin/env bash
# Static analysis with the profile in .clang-tidy (clang-tidy-14) over every C++ source of the tree,
# using the compile commands of ${BUILD_DIR:-build} (build it first: the window's sources need
# their generated moc files). An argument narrows the files to paths matching a regular
# expression, e.g. `scripts/run-clang-tidy.sh '/core/'`. Exit status 0 means no finding.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
filter=${1:-'/(app|core|views|tests|benchmarks|fuzz)/'}
log=$(mktemp); trap 'rm -f "$log"' EXIT
# Anchored at the source tree, so generated files in the build folder (moc) are left out.
run-clang-tidy-14 -quiet -p "$build" -j "${JOBS:-2}" -extra-arg=-Wno-unknown-warning-option "^$root$filter" >"$log" 2>&1 || true
grep -E "(error|warning): " "$log" | sort -u || true
# run-clang-tidy-14 exits 0 even on findings; WarningsAsErrors turns them into "error:" lines.
findings=$(grep -cE "error: " "$log" || true)
echo "clang-tidy: $(grep -c '^clang-tidy-14' "$log" || true) files, $findings findings"
[ "$findings" -eq 0 ]
