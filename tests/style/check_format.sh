#!/usr/bin/env bash
# Every C++ file of the tree is formatted as .clang-format says (clang-format-14, Debian 12).
# Usage: check_format.sh SOURCE_DIR. Prints the files that differ; fix with `clang-format-14 -i`.
set -euo pipefail
cd "$1"
formatter=${CLANG_FORMAT:-clang-format-14}
mapfile -t files < <(find app core views tests benchmarks fuzz -name '*.cpp' -o -name '*.h' | sort)
# Fifty files a process, two processes at a time: one process per file spent a minute starting up.
report=$(printf '%s\0' "${files[@]}" | xargs -0 -n 50 -P 2 "$formatter" --dry-run -Werror 2>&1 >/dev/null) || true
mapfile -t bad < <(sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' <<<"$report" | sort -u)
other=$(grep ': error: ' <<<"$report" | grep -v 'code should be clang-formatted' || true)
echo "checked ${#files[@]} files, ${#bad[@]} not formatted"
for f in "${bad[@]}"; do echo "  $f"; done
[ -z "$other" ] || { echo "clang-format failed:"; echo "$other"; exit 1; }
[ ${#bad[@]} -eq 0 ]
