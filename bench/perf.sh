#!/usr/bin/env bash
# bench/perf.sh [SCALE]: `profan perf` against `perf report --stdio --no-children --sort sym` on
# one `--call-graph dwarf` recording of tests/perf/work.c (SCALE 4: about 4k samples at -F 4000;
# issue 31's goal is stated at 100k samples or more: SCALE 100), wall time and peak RSS of each,
# medians of 3 in alternating order, and their ratio. Both read the same file with the same
# binaries and debug files on disk. Needs perf, gcc, GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${1:-4}
dir=${BENCH_DIR:-/tmp/profan-bench}/perf
mkdir -p "$dir"
if [ -z "${PROFAN:-}" ]; then
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build build-bench --target profan -j2 >/dev/null
	PROFAN=build-bench/profan
fi
gcc -g -O2 -o "$dir/work" tests/perf/work.c
data=$dir/work-$scale.data
[ -f "$data" ] || perf record -q -e cpu-clock -F 4000 --call-graph dwarf -o "$data" -- "$dir/work" "$scale"
perf report -i "$data" --stdio --no-children --sort sym -g none 2>/dev/null | grep '^# Samples' || true
measure() { /usr/bin/time -f "%e %M" "$@" >/dev/null 2>"$dir/time.err" || true; tail -1 "$dir/time.err"; }
p=() q=()
for _ in 1 2 3; do
	p+=("$(measure "$PROFAN" perf "$data" -q)")
	q+=("$(measure perf report -i "$data" --stdio --no-children --sort sym)")
done
median() { printf '%s\n' "$@" | sort -n -k1,1 | sed -n 2p; }
mp=$(median "${p[@]}") mq=$(median "${q[@]}")
python3 - "$mp" "$mq" <<'PY'
import sys
(pt, pm), (qt, qm) = (map(float, a.split()) for a in sys.argv[1:3])
print("| input | profan perf | perf report --no-children --sort sym | speed | memory |")
print("|---|---|---|---|---|")
print("| dwarf recording | %.2f s, %.0f MiB | %.2f s, %.0f MiB | %.1fx faster | %.2fx |" %
      (pt, pm / 1024, qt, qm / 1024, qt / pt, pm / qm))
PY
