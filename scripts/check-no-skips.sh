#!/usr/bin/env bash
# Fails when a ctest log lists a test that did not run: a skipped test is an untested feature.
# The .deb install test alone may skip outside CI (it changes the system; CI=true runs it).
set -euo pipefail
log=$1
allowed='^$'
[ "${CI:-}" = true ] || allowed='packaging\.deb'
skipped=$(grep -E '^[[:space:]]*[0-9]+ - .* \((Skipped|Not Run|Disabled)\)' "$log" | grep -Ev "$allowed" || true)
if [ -n "$skipped" ]; then
  echo "meshdiff: these tests did not run (a skipped test is an untested feature):"
  echo "$skipped"
  exit 1
fi
