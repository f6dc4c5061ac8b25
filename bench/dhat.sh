#!/usr/bin/env bash
# bench/dhat.sh: `profan dhat` against bench/dhat-views.js (the same views in node) on a
# generated DHAT file of about 60 MB (bench/dhat-gen.py); one run each, prints time and peak-RSS ratios.
#
# Usage: bench/dhat.sh [PROFAN]   (default: builds a Release profan in build-bench/)
# The file is cached in bench/out/. Needs node and /usr/bin/time.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/out
mkdir -p "$out"
data=$out/dhat-large.json
[ -s "$data" ] || python3 "$root/bench/dhat-gen.py" "$data"
profan=${1:-}
if [ -z "$profan" ]; then
	cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build "$root/build-bench" -j2 --target profan >/dev/null
	profan=$root/build-bench/profan
fi
measure() { # command... -> "wall_seconds cpu_seconds rss_kib" (CPU time: the machine may be shared)
	/usr/bin/time -f '%e %U %S %M' -o "$out/time.txt" "$@" >"$out/stdout.txt" 2>/dev/null
	awk '{ printf "%.3f %.3f %d\n", $1, $2 + $3, $4 }' "$out/time.txt"
}
size=$(du -m "$data" | cut -f1)
echo "input: $data (${size} MB)"
printf '%-36s %8s %8s %9s\n' run wall-s cpu-s peak-MiB
ratio() { echo "$1 / $2" | bc -l; }
report() {
	local name=$1 p_args=$2 n_args=$3
	read -r pw pc pr < <(measure "$profan" dhat "$data" --top 30 $p_args)
	read -r nw nc nr < <(measure node "$root/bench/dhat-views.js" "$data" $n_args)
	printf '%-36s %8.2f %8.2f %9.1f\n' "profan $name" "$pw" "$pc" "$(ratio "$pr" 1024)"
	printf '%-36s %8.2f %8.2f %9.1f\n' "node $name" "$nw" "$nc" "$(ratio "$nr" 1024)"
	printf '%-36s %7.2fx %7.2fx %8.2fx\n' "  node / profan" "$(ratio "$nw" "$pw")" "$(ratio "$nc" "$pc")" \
		"$(ratio "$nr" "$pr")"
}
report "default views (gb)" "" ""
report "--where handler_1 --not handler_2" "--where handler_1 --not handler_2" \
	"--where handler_1 --not handler_2"
