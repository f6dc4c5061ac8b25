#!/bin/sh
# live_dhat.sh PROFAN NAME ARG [short]: the acceptance on a program built now (build.sh,
# this machine's rustc/g++/gcc and std) and run now under valgrind DHAT with --fullpath-after=
# and, with "short", without it. dhat_check.py computes the expected sites and functions from the
# whole-path run; views_check.py holds profan's views of both runs to them (an allocation's site
# and bytes do not depend on how valgrind writes file names). Not "short" for owntool: without
# whole paths its library's frames ("build_list (libowntool_driver.c:40)", mapped with the shared
# objects) read like libc's (docs/ownership.md). Run from the repository root; skipped (77)
# without valgrind or a compiler.
set -eu
PROFAN=$1 NAME=$2 ARG=$3 SHORT=${4:-}
for t in valgrind python3 gcc; do command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }; done
[ "$NAME" != rsown ] || command -v rustc >/dev/null || { echo "skip: no rustc"; exit 77; }
[ "$NAME" != cppown ] || command -v g++ >/dev/null || { echo "skip: no g++"; exit 77; }
T=$(mktemp -d /tmp/ownlive.XXXXXX)
trap 'rm -rf "$T"' EXIT
# build.sh builds all three; the prefix map names the sources /home/dev/build/src as recorded
OUT="$T/bin" sh tests/ownership/build.sh >/dev/null
(cd "$T/bin" && valgrind -q --tool=dhat --fullpath-after= --num-callers=40 --dhat-out-file="$T/whole.json" \
	"./$NAME" "$ARG" >/dev/null)
python3 tests/ownership/dhat_check.py "$T/whole.json" --ours-dir /home/dev/build/src -o "$T/expected.json"
python3 tests/ownership/views_check.py "$PROFAN" dhat "$NAME" "$T/whole.json" "$T/expected.json"
[ "$SHORT" = short ] || exit 0
(cd "$T/bin" && valgrind -q --tool=dhat --num-callers=40 --dhat-out-file="$T/short.json" "./$NAME" "$ARG" >/dev/null)
python3 tests/ownership/views_check.py "$PROFAN" dhat "$NAME" "$T/short.json" "$T/expected.json"
