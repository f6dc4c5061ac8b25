#!/bin/sh
# record.sh: records the ownership fixtures from the binaries build.sh left in fixtures/ownership.
# Run from the repository root, as root (perf), after build.sh. Writes
#   fixtures/ownership/NAME.json.gz       perf record -> perf2samply.py (samply record layout)
#   fixtures/ownership/NAME.dhat.json     valgrind DHAT with --fullpath-after= (rsown, cppown, owntool)
#   fixtures/ownership/NAME.short.dhat.json  the same without it (rsown, cppown)
#   tests/ownership/perf-report/NAME.*     perf's own reports of the same recordings, DHAT's summary
# A recording depends on timing: rerun check.py and redo expected/ after re-recording.
set -eu
OUT=fixtures/ownership
REP=tests/ownership/perf-report
TOOLS=${TOOLS:-tools}  # tools/perf2samply.py
R=$(mktemp -d /tmp/ownrec.XXXXXX)
# KEEP=1 leaves the perf.data files (about 100 MB each) in $R for a closer look.
[ "${KEEP:-0}" = 1 ] && echo "record.sh: keeping $R" >&2 || trap 'rm -rf "$R"' EXIT
mkdir -p "$REP"
cp $OUT/rsown $OUT/cppown $OUT/owntool $OUT/libowntool_driver.so "$R/"
# Sizes chosen for ~2500-3000 samples at 1 kHz each (program args: rounds per thread).
for run in "rsown 45" "cppown 40" "owntool 120"; do
	set -- $run
	name=$1
	(cd "$R" && perf record -q -N -e cpu-clock -F 1000 -k CLOCK_MONOTONIC --switch-events -d \
		--call-graph dwarf,32000 -m 16M -o "$R/$name.perf.data" -- "./$name" "$2" >/dev/null)
	python3 "$TOOLS/perf2samply.py" -i "$R/$name.perf.data" -o "$OUT/$name.json.gz" \
		--format-version 55 --path-prefix-map "$R=/home/dev/build"
	# perf's own answers on the same recording. --no-children: self time per symbol, inlined
	# bodies folded into the function they were inlined into (perf's default, no --inline);
	# --children: inclusive time; --sort dso: per library.
	rep() { perf report -i "$R/$name.perf.data" --stdio -g none --percent-limit 0 "$@" 2>/dev/null |
		sed "s|$R|/home/dev/build|g"; }
	rep --no-children --sort sym > "$REP/$name.self-sym.txt"
	rep --no-children --sort dso > "$REP/$name.self-dso.txt"
	rep --children --sort sym > "$REP/$name.children-sym.txt"
	# Allocation share and kernel-leaf samples, from perf's own unwinding and names.
	perf script -i "$R/$name.perf.data" -F comm,tid,time,ip,sym,dso --no-inline 2>/dev/null |
		python3 tests/ownership/perf_script_stats.py > "$REP/$name.script-stats.json"
done
# DHAT: full paths in frames (--fullpath-after= with an empty prefix keeps every path whole).
for run in "rsown 1" "cppown 1" "owntool 2"; do
	set -- $run
	(cd "$R" && valgrind --tool=dhat --fullpath-after= --num-callers=40 \
		--dhat-out-file="$R/$1.dhat.json" "./$1" "$2" >/dev/null 2>"$R/$1.dhat.log")
	sed "s|$R|/home/dev/build|g" "$R/$1.dhat.json" > "$OUT/$1.dhat.json"
	# DHAT's own end-of-run summary (totals), without the pid prefix.
	sed -e 's/^==[0-9]*== \{0,1\}//' -e "s|$R|/home/dev/build|g" "$R/$1.dhat.log" > "$REP/$1.dhat-summary.txt"
done
# The same without --fullpath-after, for the frame text most DHAT users have: valgrind then
# prints a file as its line-table entry without the directory (core's "library/alloc/src/...",
# hashbrown's "src/raw/mod.rs", libstdc++'s "stl_vector.h", the user's "rsown.rs").
for run in "rsown 1" "cppown 1"; do
	set -- $run
	(cd "$R" && valgrind -q --tool=dhat --num-callers=40 --dhat-out-file="$R/$1.short.dhat.json" "./$1" "$2" >/dev/null)
	sed "s|$R|/home/dev/build|g" "$R/$1.short.dhat.json" > "$OUT/$1.short.dhat.json"
done
if grep -l -e /tmp/ -e /work/ $OUT/*.dhat.json $REP/*; then
	echo "record.sh: a local path is left in the files above" >&2
	exit 1
fi
