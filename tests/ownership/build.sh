#!/bin/sh
# build.sh: builds the ownership test programs (tests/ownership/src) into fixtures/ownership.
# Run from the repository root. The build happens in a scratch folder that the DWARF and the
# recordings call /home/dev/build (prefix maps), so no path of the building machine ends up in
# a binary: sources read src/NAME, compile directory /home/dev/build. The committed binaries
# are what the committed recordings point at; rerun this only to remake both (record.sh).
set -eu
OUT=${OUT:-fixtures/ownership}
SRC=tests/ownership/src
B=$(mktemp -d /tmp/ownbuild.XXXXXX)
trap 'rm -rf "$B"' EXIT
mkdir -p "$B/src" "$OUT"
cp $SRC/rsown.rs $SRC/cppown.cpp $SRC/owntool.c $SRC/libowntool_driver.c "$B/src/"
MAP=/home/dev/build
(
	cd "$B"
	# Rust, std only, as `cargo build --release` with debug = true would (opt-level 2 here,
	# no LTO, unwinding panics): std's own code comes precompiled with its /rustc/<hash> paths.
	rustc -g -C opt-level=2 -C debuginfo=2 --remap-path-prefix="$B=$MAP" -o rsown src/rsown.rs
	# C++ against the system libstdc++ (headers in /usr/include/c++/12).
	g++ -std=c++20 -g -O2 -ffile-prefix-map="$B=$MAP" -o cppown src/cppown.cpp
	# The work in a shared library, a thin launcher finding it beside itself.
	gcc -g -O2 -fPIC -shared -ffile-prefix-map="$B=$MAP" -Wl,-soname,libowntool_driver.so \
		-o libowntool_driver.so src/libowntool_driver.c
	gcc -g -O2 -ffile-prefix-map="$B=$MAP" -o owntool src/owntool.c -L. -lowntool_driver \
		-Wl,-rpath,'$ORIGIN'
)
cp "$B/rsown" "$B/cppown" "$B/owntool" "$B/libowntool_driver.so" "$OUT/"
if grep -l -e /tmp/ -e /work/ "$OUT/rsown" "$OUT/cppown" "$OUT/owntool" "$OUT/libowntool_driver.so"; then
	echo "build.sh: a local path is left in the binaries above" >&2
	exit 1
fi
ls -l "$OUT/rsown" "$OUT/cppown" "$OUT/owntool" "$OUT/libowntool_driver.so"
