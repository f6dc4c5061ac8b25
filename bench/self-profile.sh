#!/usr/bin/env bash
# bench/self-profile.sh [--quick] [WORKLOAD]: profan read in its own tool.
#
# Records profan on one of bench/run.sh's workloads (default samply-57M, the big samply input; also
# samply-11M, cpuprof, dhat-121k, dhat-1M) with `perf record --call-graph dwarf` (the flags of
# tools/README.md), converts the recording with perf2samply.py into a samply profile,
# then prints what `profan samply` says about it, symbols from build-bench/: the default report
# (inline frames their own functions), the call tree down to 4% branches, the top self functions
# with --no-inline, the kernel's time by the profan function that caused it (page faults: fresh
# memory, the first cost on a VM where a fault takes 15-30 us), and for a cross-check
# perf's own `perf report --no-children --sort sym` of the same recording.
#
# perf2samply in its default mode, like `samply record`, drops kernel frames: time in a syscall or a
# page fault is charged to the user frame that was running (memset, mremap, new_node). Converted
# again with --mode import, like `samply import`, the kernel frames stay, and the nearest-caller
# view says which profan function the kernel worked for. libz has no symbols on Debian without its
# dbgsym package, so its code shows as libz.so.1.2.13+0xADDR.
# Needs perf (as root) and python3. PERF_FREQ (default 1000) sets the sampling rate.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=()
if [ "${1:-}" = --quick ]; then
	quick=(--quick)
	shift
fi
workload=${1:-samply-57M}
dir=${BENCH_DIR:-/tmp/profan-bench}
tools=${PROFAN_TOOLS:-tools}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-bench --target profan -j2 >/dev/null
mapfile -t cmd < <(python3 bench/run.py --profan build-bench/profan "${quick[@]}" --command "$workload")
[ ${#cmd[@]} -gt 0 ] || exit 1
name=self-$workload${quick:+-quick}
data=$dir/$name.perf.data
echo "recording: ${cmd[*]}" >&2
perf record -q -N -e cpu-clock -F "${PERF_FREQ:-1000}" -k CLOCK_MONOTONIC --switch-events -d \
	--call-graph dwarf,16384 -m 16M -o "$data" -- "${cmd[@]}" >/dev/null
echo "converting $data ($(du -h "$data" | cut -f1)) ..." >&2
for mode in record import; do # (no JIT, so no /tmp/perf-PID.map to warn about)
	python3 "$tools/perf2samply.py" -i "$data" -o "$dir/$name-$mode.json.gz" --format-version 55 \
		--mode $mode 2>&1 | grep -v 'perf-[0-9]*\.map' >&2
done

echo "## profan's report of itself: ${cmd[*]##*/}"
echo
build-bench/profan samply "$dir/$name-record.json.gz" --symbol-path build-bench --top 10 -q
echo
echo "## Call tree, top-down, branches over 4% (where each phase's time goes)"
build-bench/profan samply "$dir/$name-record.json.gz" --symbol-path build-bench --top 1 -q --tree \
	--tree-threshold 4 | sed -n '/^=== Call tree/,/^$/p'
echo "## Top self with --no-inline (inlined code charged to the function it was inlined into)"
build-bench/profan samply "$dir/$name-record.json.gz" --symbol-path build-bench --top 10 -q --no-inline |
	sed -n '/^=== Top self, all code/,/^$/p'
echo "## Kernel time by the profan function it worked for (converted with --mode import)"
echo "(the kernel's share by library, then each profan function with what it ran outside profan: a page"
echo "fault shows as 'via asm_exc_page_fault', fresh memory first touched there)"
build-bench/profan samply "$dir/$name-import.json.gz" --symbol-path build-bench --kallsyms /proc/kallsyms \
	--top 15 -q | sed -n '/^=== CPU by library/,/^$/p; /^=== Library and kernel CPU/,/^$/p;
	/^=== CPU outside your code/,/^$/p'
echo "## perf report --no-children --sort sym (kernel samples under their own symbols)"
perf report -i "$data" --no-children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' |
	awk 'NR <= 15' # not head: perf would die of SIGPIPE, and pipefail with it
