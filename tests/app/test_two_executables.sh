#!/usr/bin/env bash
# The command line starts without the window's libraries: `meshdiff` links no Qt GUI module and
# no VTK (ldd, transitively), --help still lists every command, and the window and `report` are
# handed to meshdiff-gui by execv: same process, same arguments, standard input, exit status and
# signals, found next to meshdiff (build tree) or in <prefix>/libexec/meshdiff (installed), with a
# clear message when it is missing. Built with MESHDIFF_GUI=OFF: today's "built without the GUI".
set -uo pipefail
meshdiff=$1 fixtures=$2
source "$(dirname "$0")/lib/expect.sh"
gui_libs='libQt6(Gui|Widgets|OpenGL|OpenGLWidgets|Charts|Svg|SvgWidgets)\.so|libvtk'
gui=$(dirname "$meshdiff")/meshdiff-gui
have_gui=false; [ -x "$gui" ] && have_gui=true

# 1. Linking: what the dynamic loader maps for the command line.
ldd "$meshdiff" >"$tmp/ldd" 2>&1 || fail "ldd $meshdiff: $(cat "$tmp/ldd")"
grep -q "libc\.so" "$tmp/ldd" || fail "ldd lists no libc: $(cat "$tmp/ldd")"
if grep -E "$gui_libs" "$tmp/ldd"; then fail "meshdiff (the command line) links GUI libraries (above)"; fi
if $have_gui; then  # the pattern does match real ldd lines
  # Into a file first: `ldd | grep -q` fails under pipefail when grep stops reading before ldd ends.
  ldd "$gui" >"$tmp/ldd-gui" 2>&1 || fail "ldd $gui: $(cat "$tmp/ldd-gui")"
  grep -Eq 'libQt6Widgets\.so' "$tmp/ldd-gui" && grep -Eq 'libvtk' "$tmp/ldd-gui" || fail "meshdiff-gui links no Qt Widgets/VTK?"
fi

# 2. --help lists every command, the window's too.
"$meshdiff" --help >"$tmp/help" 2>&1 || fail "--help exit $?"
for cmd in compare report build-graph fragility demo rerun model-step experiments; do
  grep -Eq "^  $cmd " "$tmp/help" || fail "--help lacks $cmd"
done
if grep -Eq "^  diagnose" "$tmp/help"; then fail "--help lists diagnose, the hidden old name of experiments"; fi
if $have_gui; then grep -q -- "--demo" "$tmp/help" && grep -q "RUN_A RUN_B" "$tmp/help" || fail "--help lacks the window"; fi
"$meshdiff" --version >"$tmp/version" || fail "--version exit $?"
for lib in HDF5 oneTBB; do grep -q "^  $lib [0-9]" "$tmp/version" || fail "--version lacks $lib"; done
if $have_gui; then for lib in Qt VTK; do grep -q "^  $lib [0-9]" "$tmp/version" || fail "--version lacks $lib"; done; fi

# 3. The real window, headless: the refusal can only come from meshdiff-gui's window code.
if $have_gui; then
  expect_status 2 -- env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$meshdiff" "$fixtures/window/A" "$fixtures/window/B"
  grep -q "no display for the window" "$tmp/err" || fail "window hand-over: $(cat "$tmp/err")"
  # A third run as the spread run is handed over too; with one run it is refused before that.
  expect_status 2 -- env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$meshdiff" "$fixtures/window/A" \
      "$fixtures/window/B" --spread "$fixtures/window/B"
  grep -q "no display for the window" "$tmp/err" || fail "window hand-over with --spread: $(cat "$tmp/err")"
  expect_status 2 -- "$meshdiff" "$fixtures/window/A" --spread "$fixtures/window/B"
  grep -q -- "--spread .*needs RUN_A and RUN_B" "$tmp/err" || fail "--spread with one run: $(cat "$tmp/err")"
fi

# 4. Missing meshdiff-gui (a meshdiff copied alone; /proc/self/exe sees through symlinks).
mkdir -p "$tmp/alone"; cp "$meshdiff" "$tmp/alone/meshdiff"
expect_status 2 -- "$tmp/alone/meshdiff" report A B --out R
if $have_gui; then
  grep -q "meshdiff-gui" "$tmp/err" && grep -q "$tmp/alone/meshdiff-gui" "$tmp/err" || fail "missing meshdiff-gui: $(cat "$tmp/err")"
else
  grep -q "built without the GUI" "$tmp/err" || fail "GUI off: $(cat "$tmp/err")"
fi
$have_gui || { [ "$failures" = 0 ] && echo "ok (GUI off)"; exit $((failures > 0)); }

# 5. The hand-over itself, with a stand-in meshdiff-gui that reports what it was given.
fake() {  # fake PATH: a meshdiff-gui that records its pid, arguments and standard input
  mkdir -p "$(dirname "$1")"
  cat >"$1" <<'SH'
#!/bin/sh
echo "$$" >"$FAKE_OUT.pid"; echo "$*" >"$FAKE_OUT.args"; cat >"$FAKE_OUT.stdin"
[ "$1" = "--demo" ] && kill -TERM $$
exit 7
SH
  chmod +x "$1"
}
export FAKE_OUT=$tmp/fake
fake "$tmp/alone/meshdiff-gui"
echo "from the user" | "$tmp/alone/meshdiff" report "run A" B --out R --maps 2 &
pid=$!; wait $pid; status=$?
[ "$status" = 7 ] || fail "report: exit $status through the hand-over, wanted meshdiff-gui's 7"
[ "$(cat "$FAKE_OUT.args")" = "report run A B --out R --maps 2" ] || fail "arguments: $(cat "$FAKE_OUT.args")"
[ "$(cat "$FAKE_OUT.stdin")" = "from the user" ] || fail "standard input: $(cat "$FAKE_OUT.stdin")"
[ "$(cat "$FAKE_OUT.pid")" = "$pid" ] || fail "meshdiff-gui ran as pid $(cat "$FAKE_OUT.pid"), not in meshdiff's $pid (no execv?)"
"$tmp/alone/meshdiff" --demo </dev/null; status=$?
[ "$status" = 143 ] || fail "--demo: a SIGTERM'd window gave exit $status, wanted 143"
expect_status 2 -- "$tmp/alone/meshdiff" report A B  # mistakes are the command line's, not handed over
grep -q "out is required" "$tmp/err" || fail "report without --out: $(cat "$tmp/err")"

# 6. The installed layout: <prefix>/bin/meshdiff finds <prefix>/<libexec>/meshdiff/meshdiff-gui.
bindir=${MESHDIFF_INSTALL_BINDIR:-bin} libexecdir=${MESHDIFF_INSTALL_LIBEXECDIR:-libexec}
case "$bindir$libexecdir" in /*) echo "absolute install dirs: layout not checked" ;; *)
  mkdir -p "$tmp/prefix/$bindir"; cp "$meshdiff" "$tmp/prefix/$bindir/meshdiff"
  fake "$tmp/prefix/$libexecdir/meshdiff/meshdiff-gui"
  expect_status 7 -- "$tmp/prefix/$bindir/meshdiff" "$tmp/x" "$tmp/y"
  [ "$(cat "$FAKE_OUT.args")" = "$tmp/x $tmp/y" ] || fail "installed layout: $(cat "$FAKE_OUT.args")" ;;
esac

[ "$failures" = 0 ] && echo "ok"
exit $((failures > 0))
