# Shared by the CLI test scripts: a scratch folder, failure counting and exit-status checks.
# Sourced, not run (tests/app/*.sh are the tests; this folder is not globbed).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_status() {  # expect_status WANT -- command...
  local want=$1; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?
  [ "$got" = "$want" ] || { fail "exit $got (wanted $want): $*"; cat "$tmp/out" "$tmp/err"; }
}
# libraries_opened command...: the HDF5 and ecCodes libraries the command opened (the dynamic
# loader's LD_DEBUG=files names each library it loads), space-separated; empty for none.
libraries_opened() {
  LD_DEBUG=files "$@" 2>&1 >/dev/null | grep -oE 'file=lib(hdf5|eccodes)[^ ]*' | sort -u | tr '\n' ' '
}
