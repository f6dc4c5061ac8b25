#!/bin/sh
# record.sh: records the fixtures of profan diff's noise tests (fixtures/diff/). Run from the
# repository root, as root (perf), with node, valgrind and perf installed. Three arms, each run
# in its own turn of six rounds whose order rotates (A B AA, B AA A, AA A B, A AA B, B A AA,
# AA B A), so within A against B and A against AA neither arm always runs first:
#   a    variant A of each program
#   b    variant B: the planted change (noise.js and pnoise.c: planted() runs 1.5 times as
#        many iterations; dnoise.c: planted_cache() allocates 3,000 B blocks for 1,000 B ones)
#   aa   variant A again: an A/A comparison of a against aa must find nothing
# Writes
#   fixtures/diff/node/ARM/CPU.*.cpuprofile.gz   node --cpu-prof of tests/diff/src/noise.js (node's
#                                                own names, with the time of the run)
#   fixtures/diff/perf/ARM/run-TIME.json.gz      perf record of pnoise -> perf2samply.py
#   fixtures/diff/perf/pnoise                    the binary they name (symbols for profan)
#   fixtures/diff/dhat/ARM/dhat-TIME.json         valgrind --tool=dhat of dnoise (rounds 1, 2 only)
#   tests/diff/perf-report/ARM/run-TIME.txt      perf report -n of each perf recording
# Timing makes every node and perf recording new; check_noise.py derives its numbers from the
# files, so a new recording needs no edit (DHAT's are the same every time).
set -eu
OUT=fixtures/diff
REP=tests/diff/perf-report
TOOLS=${TOOLS:-tools}  # perf2samply.py, copied into the repository (tools/README.md)
R=$(mktemp -d /tmp/diffrec.XXXXXX)
trap 'rm -rf "$R"' EXIT
rm -rf "$OUT/node" "$OUT/perf" "$OUT/dhat" "$REP"
cp tests/diff/src/noise.js tests/diff/src/pnoise.c tests/diff/src/dnoise.c "$R/"
# The build lines; the prefix map keeps this machine's scratch folder out of the binaries.
(cd "$R" && gcc -g -O2 -fno-inline -ffile-prefix-map="$R"=/home/dev/build -o pnoise pnoise.c &&
	gcc -g -O1 -ffile-prefix-map="$R"=/home/dev/build -o dnoise dnoise.c)
mkdir -p "$OUT/perf"
cp "$R/pnoise" "$OUT/perf/pnoise"
stamp() { date +%Y%m%d-%H%M%S; }
record() { # $1 arm, $2 variant, $3 round
	arm=$1 variant=$2
	mkdir -p "$R/node/$arm" "$OUT/node/$arm" "$OUT/perf/$arm" "$REP/$arm"
	(cd "$R" && node --cpu-prof --cpu-prof-dir="$R/node/$arm" --cpu-prof-interval 1000 noise.js "$variant" >/dev/null)
	sleep 1.1 # node names its files to the second
	t=$(stamp)
	(cd "$R" && perf record -q -N -e cpu-clock -F 1000 -k CLOCK_MONOTONIC --switch-events -d \
		--call-graph dwarf,32000 -m 16M -o "$R/p.perf.data" -- ./pnoise "$variant" >/dev/null)
	python3 "$TOOLS/perf2samply.py" -i "$R/p.perf.data" -o "$OUT/perf/$arm/run-$t.json.gz" \
		--format-version 55 --path-prefix-map "$R=/home/dev/build" >/dev/null
	perf report -i "$R/p.perf.data" -n --no-children --sort sym --stdio -g none --percent-limit 0 2>/dev/null |
		sed "s|$R|/home/dev/build|g" > "$REP/$arm/run-$t.txt"
	if [ "$3" -le 2 ]; then
		mkdir -p "$OUT/dhat/$arm"
		(cd "$R" && valgrind -q --tool=dhat --num-callers=40 --dhat-out-file="$R/d.json" ./dnoise "$variant")
		sed "s|$R|/home/dev/build|g" "$R/d.json" > "$OUT/dhat/$arm/dhat-$t.json"
	fi
	sleep 1.1
}
round=0
for order in "a b aa" "b aa a" "aa a b" "a aa b" "b a aa" "aa b a"; do
	round=$((round + 1))
	for arm in $order; do
		variant=A
		[ "$arm" = b ] && variant=B
		record "$arm" "$variant" "$round"
	done
done
for arm in a b aa; do
	for f in "$R/node/$arm"/*.cpuprofile; do
		sed "s|$R|/home/dev/build|g" "$f" | gzip -9 -n > "$OUT/node/$arm/$(basename "$f").gz"
	done
done
if zgrep -l -e /tmp/ -e /work/ $OUT/node/*/* $OUT/perf/*/*.gz $OUT/dhat/*/* $REP/*/*; then
	echo "record.sh: a local path is left in the files above" >&2
	exit 1
fi
