#!/usr/bin/env bash
# Runs one libFuzzer target for 10 minutes (or 10 million executions), niced, from the committed
# corpus, then merges what it found back into fuzz/corpus/<target> (minimised).
# usage: fuzz/run-fuzzer.sh TARGET [SECONDS]   with FUZZ_BUILD_DIR (default build-fuzz) built with
#   CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DMESHDIFF_FUZZ=ON -DMESHDIFF_GUI=OFF -DMESHDIFF_TESTS=OFF
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=$1
seconds=${2:-600}
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
work=${FUZZ_WORK_DIR:-/tmp/meshdiff-fuzz}/$target
mkdir -p "$work/corpus" "$work/artifacts" "$work/merged"
cp -n "$root/fuzz/corpus/$target"/* "$work/corpus/" 2>/dev/null || true
mode=()
case $target in
  npy|run_metadata|recipe) max_len=4096 ;;
  npz|graph_npz) max_len=16384 ;;
  # HDF5 1.10 itself crashes and loops on some damaged files (docs/robustness.md): keep fuzzing
  # past those in fork mode; every crash and timeout is still written to artifacts/ for triage.
  *) max_len=40000; mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1) ;;
esac
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/sanitizers/lsan-suppressions.txt}
# malloc_limit: no input of at most max_len bytes may make a reader allocate 512 MiB at once.
nice -n 19 "$build/fuzz/fuzz_$target" "$work/corpus" -max_total_time="$seconds" -runs=10000000 \
  -max_len="$max_len" -timeout=20 -malloc_limit_mb=512 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$work/artifacts/" "${mode[@]}" 2>&1 | tee "$work/fuzz.log" | grep -E "^#[0-9]+ *(DONE|INITED)|ERROR|stat::|SUMMARY|Test unit written|INFO: fuzzed for|INFO: exiting" || true
rm -rf "$work/merged" && mkdir -p "$work/merged"
nice -n 19 "$build/fuzz/fuzz_$target" -merge=1 -max_len="$max_len" -timeout=20 -malloc_limit_mb=512 \
  "$work/merged" "$root/fuzz/corpus/$target" "$work/corpus" >"$work/merge.log" 2>&1
if [ -n "$(ls -A "$work/merged")" ]; then
  rm -rf "$root/fuzz/corpus/$target" && cp -r "$work/merged" "$root/fuzz/corpus/$target"
fi
echo "$target: corpus $(ls "$root/fuzz/corpus/$target" | wc -l) files, $(du -sk "$root/fuzz/corpus/$target" | cut -f1) KiB"
