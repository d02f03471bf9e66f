#!/usr/bin/env bash
# CI stage: builds meshdiff and its core, rerun and window tests with ThreadSanitizer (gcc,
# MESHDIFF_TSAN=ON) into ${TSAN_BUILD_DIR:-build-tsan} and runs them (window tests under Xvfb):
# the render thread, the background pool, TBB's parallel reads and the rerun controller. Any report
# fails the stage; tests/sanitizers/tsan-suppressions.txt lists third-party code only. The
# responsiveness watchdog is left out: it measures time, and TSan slows every thread 5-15x.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
build=${TSAN_BUILD_DIR:-$root/build-tsan}
jobs=${JOBS:-2}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMESHDIFF_TSAN=ON -DMESHDIFF_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target meshdiff meshdiff_core_tests meshdiff_rerun_tests meshdiff_views_tests meshdiff_gui_tests \
      meshdiff_rerun_panel_tests

export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:exitcode=66:second_deadlock_stack=1:suppressions=$root/tests/sanitizers/tsan-suppressions.txt}
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1600x1000x24")
log=$(mktemp); trap 'rm -f "$log"' EXIT
(cd "$build" && "${run[@]}" ctest --output-on-failure -j"$jobs" --timeout 900 -L 'core|rerun|views' \
   -E 'Responsiveness' "$@") 2>&1 | tee "$log"
bash "$root/scripts/check-no-skips.sh" "$log"
