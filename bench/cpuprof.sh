#!/usr/bin/env bash
# profan cpuprof vs the users' Python snippet vs a node JSON.parse equivalent, on
# the same >= 40 MB .cpuprofile, in one run. Prints wall time, CPU time and peak
# RSS of each, and the ratios (other / profan: > 1 means profan wins).
# Usage: bench/cpuprof.sh [SIZE_MB]   (needs python3, node and /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-48}
file=${BENCH_DIR:-/tmp}/profan-bench-cpuprof-${size}.cpuprofile
[ -s "$file" ] || python3 bench/cpuprof_gen.py "$file" "$size"
# A separate optimised build, so the sanitizer build in build/ stays as it is.
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DPROFAN_SANITIZE=OFF >/dev/null
cmake --build build-bench --target profan -j2 >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
measure() { # NAME CMD...: prints "wall_s cpu_s max_rss_kib" and keeps stdout in $tmp/NAME.out
	local name=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$tmp/$name.time" "$@" >"$tmp/$name.out"
	awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$tmp/$name.time"
}
bytes=$(stat -c %s "$file")
read -r p_s p_c p_kb < <(measure profan build-bench/profan cpuprof -q --top 20 "$file")
read -r y_s y_c y_kb < <(measure python python3 bench/cpuprof_snippet.py "$file")
read -r n_s n_c n_kb < <(measure node node --max-old-space-size=8000 bench/cpuprof_snippet.js "$file")
# The same data read: the snippets (keyed by name only) and profan's first Self row.
echo "python snippet, first row: $(head -1 "$tmp/python.out")"
echo "node snippet, first row:   $(head -1 "$tmp/node.out")"
echo "profan, first Self row:    $(grep -m1 -E '^ +[0-9.]+% ' "$tmp/profan.out")"
awk -v b="$bytes" -v ps="$p_s" -v pc="$p_c" -v pk="$p_kb" -v ys="$y_s" -v yc="$y_c" -v yk="$y_kb" \
	-v ns="$n_s" -v nc="$n_c" -v nk="$n_kb" 'BEGIN {
	printf "input             %.1f MB\n", b / 1e6
	printf "profan cpuprof    %6.2f s wall  %6.2f s cpu  peak RSS %6.0f MiB\n", ps, pc, pk / 1024
	printf "python snippet    %6.2f s wall  %6.2f s cpu  peak RSS %6.0f MiB\n", ys, yc, yk / 1024
	printf "node snippet      %6.2f s wall  %6.2f s cpu  peak RSS %6.0f MiB\n", ns, nc, nk / 1024
	printf "python/profan: wall %.2fx, cpu %.2fx, peak RSS %.2fx\n", ys / ps, yc / pc, yk / pk
	printf "node/profan:   wall %.2fx, cpu %.2fx, peak RSS %.2fx\n", ns / ps, nc / pc, nk / pk
}'
