#!/bin/sh
# record.sh: records fixtures/annotate/anno.json.gz from the binary build.sh left there, and
# perf's own per-line reports of the same recording into tests/annotate/perf-report/. Run from
# the repository root, as root (perf). A recording depends on timing: the expected numbers are
# recomputed from it by check_samply.py at test time, never stored from profan's output.
set -eu
OUT=fixtures/annotate
REP=tests/annotate/perf-report
TOOLS=${TOOLS:-tools}  # perf2samply.py, copied into the repository (tools/README.md)
R=$(mktemp -d /tmp/annorec.XXXXXX)
[ "${KEEP:-0}" = 1 ] && echo "record.sh: keeping $R" >&2 || trap 'rm -rf "$R"' EXIT
mkdir -p "$REP"
cp "$OUT/anno" "$R/"
# scale 40: 240 M rounds of hot's own work, 1.5-2.5 s. User mode only (cpu-clock:u), so every
# sample's address is the program's, as perf's per-line report and the profile both see it.
(cd "$R" && perf record -q -N -e cpu-clock:u -F 1000 -k CLOCK_MONOTONIC --switch-events -d \
	--call-graph dwarf,32000 -m 16M -o "$R/anno.perf.data" -- ./anno 40 >/dev/null)
python3 "$TOOLS/perf2samply.py" -i "$R/anno.perf.data" -o "$OUT/anno.json.gz" \
	--format-version 55 --path-prefix-map "$R=/home/dev/build"
# perf's own answers on the same recording: samples per source line of the leaf address (the
# innermost inline level's line, as addr2line gives it), and per function and line.
rep() { perf report -i "$R/anno.perf.data" --stdio -n -g none --percent-limit 0 --no-children "$@" \
	2>/dev/null | sed "s|$R|/home/dev/build|g"; }
rep --sort srcline > "$REP/anno.srcline.txt"
rep --sort sym,srcline > "$REP/anno.sym-srcline.txt"
if grep -l -e /tmp/ -e /work/ "$REP"/*; then
	echo "record.sh: a local path is left in the reports above" >&2
	exit 1
fi
