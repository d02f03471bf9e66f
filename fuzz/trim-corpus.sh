#!/usr/bin/env bash
# Keeps a committed corpus small: the smallest inputs of fuzz/corpus/TARGET up to KIB KiB in all
# (default 400). Run after run-fuzzer.sh has merged; the seeds of make_seeds.py are always kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$root/fuzz/corpus/$1
budget=$(( ${2:-400} * 1024 ))
total=0
while IFS= read -r file; do
  size=$(stat -c %s "$file")
  # libFuzzer names merged inputs by their SHA-1; seeds keep their readable names.
  if [[ ! $(basename "$file") =~ ^[0-9a-f]{40}$ ]] || (( total + size <= budget )); then
    total=$(( total + size ))
  else
    rm "$file"
  fi
done < <(ls -1Sr "$dir" | sed "s|^|$dir/|")
echo "$1: $(ls "$dir" | wc -l) files, $(( total / 1024 )) KiB"
