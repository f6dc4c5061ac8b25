#!/usr/bin/env bash
# bench/inflate.sh [--quick] [FILE.gz...]: gzip libraries side by side on the samply .json.gz inputs
# of bench/run.sh (default), for issue 16's choice: zlib in 1 MiB chunks as profan does today, zlib
# and libdeflate into one whole buffer, ISA-L in chunks if libisal-dev is installed; MB/s of
# decompressed output, medians of 3 in rotated order, in one process (bench/inflate.c).
# Needs libdeflate-dev (apt-get install libdeflate-dev; optional: libisal-dev). Not linked into profan.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${BENCH_DIR:-/tmp/profan-bench}
mkdir -p "$dir"
quick=
if [ "${1:-}" = --quick ]; then
	quick=1
	shift
fi
isal=()
[ -e /usr/include/isa-l/igzip_lib.h ] && isal=(-DHAVE_ISAL -lisal)
cc -O2 -std=gnu11 -Wall -Wextra -o "$dir/inflate" bench/inflate.c -ldeflate -lz "${isal[@]}"
if [ $# -eq 0 ]; then
	q=1
	[ -n "$quick" ] && q=10
	mapfile -t files < <(cd bench && python3 -c "
import run
print(run.grown_samply(11_000_000 // $q)); print(run.grown_samply(57_000_000 // $q))")
	set -- "${files[@]}"
fi
for f in "$@"; do
	"$dir/inflate" "$f"
done
# zlib-ng would be a drop-in zlib; does this machine's Debian ship it? (needs apt-get update once)
ng=$(apt-cache search --names-only 'zlib-ng|libz-ng' | tr '\n' ' ')
echo "zlib-ng packages in this machine's apt sources: ${ng:-none}"
