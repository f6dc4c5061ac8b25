#!/usr/bin/env bash
# JSON layer vs node's JSON.parse on the same ~200 MB samply-like file, in one run.
# Prints wall time and peak RSS of each, and the ratios (node / profan: > 1 means profan wins).
# Usage: bench/json.sh [SIZE_MB]   (needs node and /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-200}
file=${BENCH_DIR:-/tmp}/profan-bench-samply-like-${size}.json
[ -s "$file" ] || python3 bench/gen_samply_like.py "$file" "$size"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target bench_json_load -j2 >/dev/null
measure() { # prints "seconds max_rss_kib"
	/usr/bin/time -f "%e %M" -o /tmp/profan-bench-time "$@" >/dev/null
	cat /tmp/profan-bench-time
}
bytes=$(stat -c %s "$file")
read -r p_s p_kb < <(measure build/bench_json_load "$file")
read -r n_s n_kb < <(measure node --max-old-space-size=8000 -e \
	'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$file")
awk -v b="$bytes" -v ps="$p_s" -v pk="$p_kb" -v ns="$n_s" -v nk="$n_kb" 'BEGIN {
	printf "input            %.1f MB\n", b / 1e6
	printf "profan JSON      %6.2f s  %7.1f MB/s  peak RSS %6.0f MiB (%.2f x input)\n", ps, b / 1e6 / ps, pk / 1024, pk * 1024 / b
	printf "node JSON.parse  %6.2f s  %7.1f MB/s  peak RSS %6.0f MiB (%.2f x input)\n", ns, b / 1e6 / ns, nk / 1024, nk * 1024 / b
	printf "ratio node/profan: time %.2fx, peak RSS %.2fx\n", ns / ps, nk / pk
}'
