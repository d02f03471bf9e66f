#!/usr/bin/env bash
# fail-on-report.sh COMMAND...: runs a test with ASan's and LSan's reports written to files of their
# own (log_path, one file per process) and fails it when any process reported, whatever the exit
# statuses (gcc 12's UBSan ignores log_path and writes to standard error). The CLI tests need this:
# `compare` reads in a watched child (app/cli/IsolatedRun), whose report the parent turns into
# "reading the inputs crashed" and exit 2, which a test of a damaged input expects; the child's
# standard error is dropped, and with it the report.
# Not counted: a report whose first frame outside the sanitizer runtime is in libhdf5. The damaged
# files in tests/robustness/damaged crash libhdf5 (third-party, not instrumented) on purpose, and
# ASan reports that crash (SEGV) before the parent sees it; the tests check that meshdiff survives.
set -uo pipefail
reports=$(mktemp -d); trap 'rm -rf "$reports"' EXIT
for var in ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS; do
  export "$var=${!var:+${!var}:}log_path=$reports/report"
done
"$@"; status=$?

found=0
for report in "$reports"/report.*; do
  [ -e "$report" ] || continue
  first=$(grep -E '^ *#[0-9]+ ' "$report" | grep -m1 -v -e libsanitizer -e '/libasan\.so' -e '/libubsan\.so')
  if grep -q '/libhdf5[^ ]*\.so' <<<"$first"; then
    echo "fail-on-report: a crash in libhdf5, not counted (${report##*/}): $(grep -m1 ERROR "$report")"
    continue
  fi
  echo "fail-on-report: sanitizer report from process ${report##*.}:"
  cat "$report"
  found=1
done
if ((found)); then
  echo "FAIL: a sanitizer report (above); the test's own exit status was $status"
  exit 1
fi
exit "$status"
