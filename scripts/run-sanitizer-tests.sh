#!/usr/bin/env bash
# CI stage: builds core/, its tests, the fuzz replays and the `meshdiff` command line with
# AddressSanitizer + UndefinedBehaviorSanitizer (gcc, MESHDIFF_SANITIZE=ON, no GUI) into
# ${ASAN_BUILD_DIR:-build-asan}, then runs the core tests, the fuzz corpus replays and the
# command-line tests (tests/app) except the three that need meshdiff-gui: app.test_report,
# app.test_report_browser and app.test_report_leads (`report` renders with VTK; building the window's
# Qt/VTK code with ASan would add about 12 minutes of compiling). app.test_experiments_local and
# app.test_two_executables run their GUI-off parts. Any sanitizer report fails the stage: a CLI
# test fails on an ASan or LSan report from any of its processes, compare's reading child included
# (tests/sanitizers/fail-on-report.sh); a UBSan report there only through the exit status
# (docs/robustness.md, "Sanitizer CI stage"). Extra arguments go to ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
build=${ASAN_BUILD_DIR:-$root/build-asan}
jobs=${JOBS:-2}
# -O1 -g1: half the compile time of -O2 -g (a VTK/Qt unit: 4.7 s against 9.0 s of CPU) and a
# tenth of the object size; line tables are all a sanitizer report's stack needs.
light=(-DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG")
generator=()
[ -f "$build/CMakeCache.txt" ] || generator=(-G Ninja)  # as scripts/build.sh
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMESHDIFF_SANITIZE=ON "${light[@]}" -DMESHDIFF_GUI=OFF \
      -DMESHDIFF_BENCHMARKS=OFF >/dev/null
targets=(meshdiff_core_tests meshdiff)
for replay in $(sed -n 's/^set(MESHDIFF_FUZZ_TARGETS \(.*\))$/\1/p' "$root/fuzz/FuzzTargets.cmake"); do
  targets+=("fuzz_replay_$replay")
done
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

# halt_on_error + a distinct exit code: a report can never pass as an ordinary test failure or success.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:exitcode=86:strict_string_checks=1:detect_stack_use_after_return=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/sanitizers/lsan-suppressions.txt}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=87}
cd "$build"
ctest --output-on-failure -j"$jobs" --timeout 600 -L 'core|fuzz|app' -E '^app\.test_report' "$@"
