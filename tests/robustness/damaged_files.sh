#!/usr/bin/env bash
# NetCDF-4 files (mutants found by run_mutations.py, and one found by fuzzing) on which HDF5 1.10
# itself crashes (SIGSEGV, SIGABRT), loops forever or allocates without bound: `meshdiff compare`
# must still end with exit 2 and a clean message.
# usage: damaged_files.sh MESHDIFF
set -u
meshdiff=$1
here=$(cd "$(dirname "$0")" && pwd)
failed=0
for file in "$here"/damaged/*.nc; do
  start=$(date +%s)
  output=$(MESHDIFF_TIME_LIMIT=3 "$meshdiff" compare "$file" "$file" --fields-only 2>&1)
  status=$?
  seconds=$(($(date +%s) - start))
  name=$(basename "$file")
  if [ "$status" -ne 2 ]; then
    echo "FAIL $name: exit $status, expected 2"; failed=1
  elif ! grep -qE "crashed|no progress|error:" <<<"$output"; then
    echo "FAIL $name: no error message"; failed=1
  elif [ "$name" = hdf5_unbounded_memory.nc ] && grep -q "no progress" <<<"$output"; then
    echo "FAIL $name: was stopped for want of progress instead of by its memory allowance"; failed=1
  elif [ "$name" = hdf5_global_heap_loop.nc ] && ! grep -qF "stopped reading $file: no progress for 3 s while reading" <<<"$output"; then
    echo "FAIL $name: the hang does not name the file and the step being read"; failed=1
  elif [ "$seconds" -gt 10 ]; then
    echo "FAIL $name: took $seconds s with a 3 s limit on progress"; failed=1
  else
    echo "ok   $name: $(grep -m1 "error:" <<<"$output")"
  fi
done
exit $failed
