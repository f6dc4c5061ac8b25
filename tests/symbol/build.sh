#!/bin/sh
# build.sh: rebuilds the committed ELF fixtures of the symbolication tests
# (fixtures/elf/) and the addr2line reference output the tests compare with.
# Run from the repository root. The binaries are committed so that results do
# not drift with the compiler; rerun this only to change them, then re-check
# the expectations in tests/unit/test_symbol*.c against the source.
set -eu
F=fixtures/elf
S=tests/symbol
MAP="-ffile-prefix-map=$PWD=."
ID="-Wl,--build-id=sha1"
mkdir -p $F
gcc -g -O2 -fPIC -shared $MAP $ID -Wl,-soname,libsymtest.so -o $F/libsymtest.so $S/libsymtest.c
gcc -g -O2 -fPIE -pie $MAP $ID -o $F/symtest-pie $S/symtest.c -L$F -lsymtest -Wl,-rpath,'$ORIGIN'
gcc -g -O2 -fno-pie -no-pie $MAP $ID -o $F/symtest-nopie $S/symtest.c -L$F -lsymtest -Wl,-rpath,'$ORIGIN'
# clang emits no .debug_aranges: the CU lookup must not depend on them.
clang -g -O2 -fPIE -pie $MAP $ID -o $F/symtest-clang $S/symtest.c -L$F -lsymtest -Wl,-rpath,'$ORIGIN'
g++ -g -O2 -fPIE -pie $MAP $ID -o $F/symtest-cpp $S/symtest.cpp
# A stripped copy whose DWARF lives in a separate file found by build id.
mkdir -p $F/debugroot
objcopy --only-keep-debug $F/symtest-pie $F/symtest-pie.debug
strip --strip-all -o $F/symtest-stripped $F/symtest-pie
id=$(readelf -n $F/symtest-pie | sed -n 's/.*Build ID: //p')
d=$(echo "$id" | cut -c1-2); rest=$(echo "$id" | cut -c3-)
mkdir -p $F/debugroot/.build-id/$d
mv $F/symtest-pie.debug $F/debugroot/.build-id/$d/$rest.debug
# Another stripped copy that names its debug file through .gnu_debuglink.
objcopy --only-keep-debug $F/symtest-pie $F/symtest-linked.debug
strip --strip-all -o $F/symtest-linked $F/symtest-pie
(cd $F && objcopy --add-gnu-debuglink=symtest-linked.debug symtest-linked)
if command -v rustc >/dev/null; then
	# No build id (common for Rust): identity falls back to the breakpad id
	# samply computes from .text. Fat LTO and panic=abort keep the file small;
	# lld's --icf=all folds the four identical vec_len::<T> into one body.
	rustc -g -C opt-level=2 -C debuginfo=2 -C panic=abort -C lto=fat -C codegen-units=1 \
		--remap-path-prefix="$PWD=." -C link-arg=-fuse-ld=lld -C link-arg=-Wl,--icf=all \
		-C link-arg=-Wl,--build-id=none -o $F/symtest-rust $S/symtest.rs
fi
# Reference: binutils addr2line over every 3rd byte of each function (in the
# Rust binary, only the fixture's own functions, not the standard library).
for b in symtest-pie symtest-nopie symtest-clang libsymtest.so symtest-cpp symtest-rust; do
	nm --defined-only -S $F/$b | awk 'NF == 4 && $3 ~ /[tTW]/ {print $1, $2, $4}' |
		{ if [ $b = symtest-rust ]; then grep symtest; else cat; fi; } |
		python3 $S/addrs.py > $F/$b.addrs
	# binutils 2.40 finds no inline frames in clang's DWARF (no aranges), and
	# names C++ frames without a linkage name (lambdas, static templates) after
	# their caller; LLVM's own addr2line is the independent reference there.
	a2l=addr2line
	case $b in symtest-clang | symtest-cpp) a2l=llvm-addr2line-14 ;; esac
	$a2l -a -i -f -C -e $F/$b < $F/$b.addrs > $F/$b.a2l
done
