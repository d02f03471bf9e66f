#!/usr/bin/env bash
# Builds libtbb with ThreadSanitizer from the source of the Debian package the normal build uses
# (same version, Debian's patches) into $1 (an install prefix) and prints its CMake package
# directory, for scripts/run-tsan-tests.sh. Debian's libtbb is not instrumented: TSan could not
# see how TBB hands a task to a worker and back (docs/robustness.md, "ThreadSanitizer CI stage").
# The source comes through a private apt source list, so the system's apt configuration is left
# alone. The library only, no tests: about 40 s of CPU.
set -euo pipefail
prefix=$(realpath -m "$1")
version=$(dpkg-query -W -f='${Version}' libtbb-dev)
stamp="$prefix/debian-version"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$version" ]; then
  echo "$prefix/lib/cmake/TBB"
  exit 0
fi
work="$prefix.work"
rm -rf "$work" "$prefix"
mkdir -p "$work/lists/partial"
suite=$(sed -n "s/^VERSION_CODENAME=//p" /etc/os-release)
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
cat >"$work/sources.list" <<EOF
deb-src [signed-by=$keyring] http://deb.debian.org/debian $suite main
deb-src [signed-by=$keyring] http://deb.debian.org/debian $suite-updates main
deb-src [signed-by=$keyring] http://deb.debian.org/debian-security $suite-security main
EOF
apt=(apt-get -q -o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
     -o Dir::State::Lists="$work/lists" -o APT::Sandbox::User=root)
"${apt[@]}" update >&2
(cd "$work" && "${apt[@]}" source --download-only "onetbb=$version" >&2)
tar -xf "$work"/onetbb_*.orig.tar.* -C "$work"
tar -xf "$work"/onetbb_*.debian.tar.* -C "$work"
src=$(find "$work" -maxdepth 1 -type d -name 'oneTBB-*')
while read -r patch; do
  [ -n "$patch" ] && [ "${patch#\#}" = "$patch" ] && patch -s -d "$src" -p1 <"$work/debian/patches/$patch"
done <"$work/debian/patches/series"
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DTBB_SANITIZE=thread -DTBB_TEST=OFF \
      -DTBB_EXAMPLES=OFF -DTBBMALLOC_BUILD=OFF -DTBB_STRICT=OFF -DTBB_ENABLE_IPO=OFF \
      -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON -DCMAKE_INSTALL_PREFIX="$prefix" >&2
cmake --build "$work/build" -j"${JOBS:-2}" --target tbb >&2
cmake --install "$work/build" >&2
echo "$version" >"$stamp"
rm -rf "$work"
echo "$prefix/lib/cmake/TBB"
