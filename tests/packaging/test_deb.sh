#!/usr/bin/env bash
# Builds the .deb, installs it with apt, runs the installed meshdiff from /usr/bin with no build
# tree around, and removes it again. Changes the system: runs only in CI (CI=true) or when
# MESHDIFF_TEST_DEB=1, and only as root; otherwise it is skipped (exit 77).
set -euo pipefail
build=$1
if [ "${CI:-}" != true ] && [ -z "${MESHDIFF_TEST_DEB:-}" ]; then echo "skipped: set MESHDIFF_TEST_DEB=1"; exit 77; fi
[ "$(id -u)" -eq 0 ] || { echo "skipped: needs root"; exit 77; }
if dpkg-query -W -f='${Status}' meshdiff 2>/dev/null | grep -q "install ok installed"; then
  echo "skipped: a meshdiff package is already installed"; exit 77
fi

out=$(mktemp -d)
work=$(mktemp -d)
cleanup() { apt-get remove -y -q meshdiff >/dev/null 2>&1 || true; rm -rf "$out" "$work"; }
trap cleanup EXIT

(cd "$build" && cpack -G DEB -B "$out" >/dev/null)
deb=$(ls "$out"/meshdiff_*.deb)
echo "built $(basename "$deb")"
dpkg-deb -f "$deb" Depends | grep -q "libqt6" || { echo "FAIL: Depends not computed from the binaries"; exit 1; }
# opened at run time, not linked (core/common/LibraryOnDemand.h): named by packaging/CMakeLists.txt
for package in libhdf5 libeccodes; do
  dpkg-deb -f "$deb" Depends | grep -q "$package" || { echo "FAIL: Depends lacks $package"; exit 1; }
done
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >/dev/null

for f in /usr/bin/meshdiff /usr/libexec/meshdiff/meshdiff-gui /usr/share/applications/meshdiff.desktop /usr/share/icons/hicolor/scalable/apps/meshdiff.svg \
         /usr/share/icons/hicolor/48x48/apps/meshdiff.png /usr/share/metainfo/org.meshdiff.meshdiff.metainfo.xml \
         /usr/share/man/man1/meshdiff.1.gz /usr/share/mime/packages/meshdiff.xml; do
  [ -e "$f" ] || { echo "FAIL: $f not installed"; exit 1; }
done

cd "$work"
run() { env -i PATH=/usr/bin:/bin HOME="$work" "$@"; }
run /usr/bin/meshdiff --version | tee version.txt
for lib in Qt VTK HDF5; do grep -q "^  $lib [0-9]" version.txt || { echo "FAIL: --version lacks $lib"; exit 1; }; done
! ldd /usr/bin/meshdiff | grep -E 'libQt6(Gui|Widgets)|libvtk' || { echo "FAIL: installed meshdiff links GUI libraries"; exit 1; }
run /usr/bin/meshdiff demo --out demo >/dev/null
status=0; run /usr/bin/meshdiff compare demo/A demo/B --summary >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "FAIL: installed compare on the demo exited $status, wanted 1"; exit 1; }
run /usr/bin/meshdiff report demo/A demo/B --out report >/dev/null
[ -s report/index.html ] && ls report/*.png >/dev/null || { echo "FAIL: installed report wrote no index.html/PNG"; exit 1; }

apt-get remove -y -q meshdiff >/dev/null
[ ! -e /usr/bin/meshdiff ] && [ ! -e /usr/libexec/meshdiff ] || { echo "FAIL: meshdiff's files left after removal"; exit 1; }
echo "deb install, run and removal: ok"
