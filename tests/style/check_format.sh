#!/usr/bin/env bash
# Every C++ file of the tree is formatted as .clang-format says (clang-format-14, Debian 12).
# Usage: check_format.sh SOURCE_DIR. Prints the files that differ; fix with `clang-format-14 -i`.
set -euo pipefail
cd "$1"
formatter=${CLANG_FORMAT:-clang-format-14}
mapfile -t files < <(find app core views tests benchmarks fuzz -name '*.cpp' -o -name '*.h' | sort)
bad=()
for f in "${files[@]}"; do
  "$formatter" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
echo "checked ${#files[@]} files, ${#bad[@]} not formatted"
for f in "${bad[@]}"; do echo "  $f"; done
[ ${#bad[@]} -eq 0 ]
