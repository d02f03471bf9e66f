#!/usr/bin/env bash
# CI stage: builds meshdiff and its tests with ThreadSanitizer (gcc, MESHDIFF_TSAN=ON) into
# ${TSAN_BUILD_DIR:-build-tsan}, linked against a libtbb built with TSan (scripts/build-tsan-tbb.sh),
# and runs the core, rerun and views tests (but the globe's single-threaded picture checks,
# tests/sanitizers/tsan-skipped-views-tests.txt) and the window tests that work on other threads
# (tests/sanitizers/tsan-window-tests.txt): TBB's parallel loops on TBB's worker threads
# (parallel readers, graph diff, edge drift, field metrics and comparison), std::async and
# std::thread, the HDF5 lock, the rerun controller and its back-ends, the globe's render thread,
# the background pool and the window's session (GUI tests under Xvfb). Not checked: code the tests
# never run on two threads, the app/fuzz/responsiveness labels, uninstrumented third-party code.
# Any report fails the stage; tests/sanitizers/tsan-suppressions.txt lists third-party code only
# (docs/robustness.md, "ThreadSanitizer CI stage").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
build=${TSAN_BUILD_DIR:-$root/build-tsan}
jobs=${JOBS:-2}
# -O1 -g1: half the compile time of -O2 -g (a VTK/Qt unit: 4.7 s against 9.0 s of CPU) and a
# tenth of the object size; line tables are all a sanitizer report's stack needs.
light=(-DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG")
tbb_dir=$(bash "$root/scripts/build-tsan-tbb.sh" "$build/tbb-tsan")
generator=()
[ -f "$build/CMakeCache.txt" ] || generator=(-G Ninja)  # as scripts/build.sh
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMESHDIFF_TSAN=ON "${light[@]}" -DMESHDIFF_GUI=ON \
      -DMESHDIFF_BENCHMARKS=OFF -DTBB_DIR="$tbb_dir" >/dev/null
cmake --build "$build" -j"$jobs" --target meshdiff meshdiff_core_tests meshdiff_rerun_tests \
      meshdiff_rerun_panel_tests meshdiff_views_tests meshdiff_gui_tests

# ignore_noninstrumented_modules: Debian's Qt, X11, Mesa, VTK and HDF5 are not built for TSan;
# their intercepted calls (allocations, memmove, locks) are theirs to get right, not ours.
# die_after_fork=0: the Rerun panel's tests start processes (QProcess) from a window process that
# already has Qt's threads; TSan would kill the forked child before it reaches exec.
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:exitcode=66:second_deadlock_stack=1:ignore_noninstrumented_modules=1:die_after_fork=0:suppressions=$root/tests/sanitizers/tsan-suppressions.txt}
# Debian's VTK runs its SMP loops on TBB: uninstrumented VTK code on the instrumented libtbb makes
# TSan report races in TBB's task objects on VTK's stack. VTK's loops run on the calling thread.
export VTK_SMP_BACKEND_IN_USE=Sequential
log=$(mktemp); trap 'rm -f "$log"' EXIT
run=()
# -noreset: by default Xvfb resets whenever its last client leaves and refuses connections while it
# does; with tests starting and ending in parallel, one now and then could not connect.
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1600x1000x24 -noreset")
# A list's lines joined into one ctest regular expression; a line that names no test fails the
# stage (a renamed test would otherwise leave the list quietly).
selection() {
  local list=$1 joined="" line
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    # Read whole before grep: `grep -q` stops at the first match, and under pipefail the ctest it
    # stopped reading from (killed by SIGPIPE) failed the check now and then.
    local listed
    listed=$(cd "$build" && ctest -N -R "$line")
    if ! grep -q "Test *#" <<<"$listed"; then
      echo "run-tsan-tests: $list: \"$line\" names no test" >&2
      exit 1
    fi
    joined+="${joined:+|}$line"
  done <"$list"
  echo "$joined"
}
skipped_views=$(selection "$root/tests/sanitizers/tsan-skipped-views-tests.txt")
window_tests=$(selection "$root/tests/sanitizers/tsan-window-tests.txt")
(cd "$build" && "${run[@]}" ctest --output-on-failure -j"$jobs" --timeout 900 -L 'core|rerun|views' -LE responsiveness \
   -E "$skipped_views" "$@") 2>&1 | tee "$log"
(cd "$build" && "${run[@]}" ctest --output-on-failure -j"$jobs" --timeout 900 -L gui -LE responsiveness \
   -R "$window_tests" "$@") 2>&1 | tee -a "$log"
bash "$root/scripts/check-no-skips.sh" "$log"
