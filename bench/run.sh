#!/usr/bin/env bash
# bench/run.sh [--quick] [--rounds N] [--baseline PROFAN] [--no-refs] [--only samply-11M,samply-57M,cpuprof,dhat-121k,dhat-1M,samply-1G,dhat-distinct,dhat-annotate,perf-dwarf,symbolize-100M,symbolize-300M]
#
# The speed and memory table of issue 16 in one run: profan against the scripts it replaces (node,
# Python, addr2line) and against the physical floor (cat, gzip -dc), as ratios measured side by side,
# medians of 3 in alternating order, printed as markdown. Inputs are grown from fixtures/ by
# bench/grow-*.py and cached in $BENCH_DIR (default /tmp/profan-bench; the full set takes ~2.5 GB).
# --quick uses about 1/10 of every size. PROFAN=path measures another build instead of build-bench/.
# The full run takes about 15 minutes on 2 shared cores; needs node, python3, gzip, addr2line; the
# symbolize rows also gcc, llvm-symbolizer (Debian: llvm) and eu-addr2line (elfutils), and build
# their program once (76 units, about 500 s of CPU: 9-15 minutes on 2 shared cores).
set -euo pipefail
cd "$(dirname "$0")/.."
profan=${PROFAN:-}
if [ -z "$profan" ]; then
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build build-bench --target profan bench_symbolize_lookup -j2 >/dev/null
	profan=build-bench/profan
fi
exec python3 bench/run.py --profan "$profan" "$@"
