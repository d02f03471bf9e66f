#!/usr/bin/env bash
# Static analysis with the profile in .clang-tidy (clang-tidy-14) over every C++ source of the tree,
# using the compile commands of ${BUILD_DIR:-build} (build it first: the window's sources need
# their generated moc files). An argument narrows the files to paths matching a regular
# expression, e.g. `scripts/run-clang-tidy.sh '/core/'`. Exit status 0 means every selected file
# was checked and gave no finding; no clang-tidy, no compile database or no file selected fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
filter=${1:-'/(app|core|views|tests|benchmarks|fuzz)/'}
fail() {
  echo "clang-tidy: $*" >&2
  exit 1
}
command -v run-clang-tidy-14 >/dev/null && command -v clang-tidy-14 >/dev/null ||
  fail "run-clang-tidy-14 not found (install the Debian package clang-tidy-14)"
[ -f "$build/compile_commands.json" ] || fail "$build/compile_commands.json is missing (build first)"
# A unity build's database lists the sources of views/, app/ and the tests by batch, not by file.
if grep -q '^MESHDIFF_UNITY:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null && grep -qE 'app|views|tests' <<<"$filter"; then
  fail "$build is a unity build: configure a build folder with -DMESHDIFF_UNITY=OFF to check app/, views/ or tests/"
fi
# Anchored at the source tree, so generated files in the build folder (moc) are left out.
pattern="^$root$filter"
selected=$(python3 -c 'import json, re, sys
print(len({e["file"] for e in json.load(open(sys.argv[1])) if re.search(sys.argv[2], e["file"])}))' \
  "$build/compile_commands.json" "$pattern")
[ "$selected" -gt 0 ] || fail "no file of $build/compile_commands.json matches $pattern"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
run-clang-tidy-14 -quiet -p "$build" -j "${JOBS:-2}" -extra-arg=-Wno-unknown-warning-option "$pattern" >"$log" 2>&1 ||
  status=$?
sed -i 's/\x1b\[[0-9;]*m//g' "$log"  # run-clang-tidy-14 always asks for colours
grep -E "(error|warning): " "$log" | sort -u || true
# WarningsAsErrors turns findings into "error:" lines; each file checked logs its command line.
findings=$(grep -cE "error: " "$log" || true)
checked=$(grep -c '^clang-tidy-14' "$log" || true)
echo "clang-tidy: $checked of $selected files checked, $findings findings"
[ "$checked" -eq "$selected" ] || fail "$((selected - checked)) files were not checked"
[ "$findings" -eq 0 ] || fail "$findings findings"
[ "$status" -eq 0 ] || {
  tail -n 20 "$log"
  fail "run-clang-tidy-14 exited with status $status"
}
