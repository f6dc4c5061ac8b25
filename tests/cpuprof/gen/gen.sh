#!/bin/sh
# Regenerates the node-made fixtures in fixtures/cpuprof/ (needs node and wabt's wat2wasm).
# The scripts run from a fixed directory so the file:// urls in the profiles are stable.
# Usage: tests/cpuprof/gen/gen.sh [REPO_ROOT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$(cd "$here/../../.." && pwd)}
out=$root/fixtures/cpuprof
work=/tmp/profan-cpuprof-gen
command -v node >/dev/null || { echo "gen.sh: node not found" >&2; exit 77; }
command -v wat2wasm >/dev/null || { echo "gen.sh: wat2wasm not found (Debian package wabt)" >&2; exit 77; }
rm -rf "$work" && mkdir -p "$work" "$out"
cp "$here/hot.js" "$here/wasm_run.js" "$here/kernel.wat" "$work/"
cd "$work"
wat2wasm --debug-names kernel.wat -o kernel-named.wasm
wat2wasm kernel.wat -o kernel-stripped.wasm
# The same code with the names a C++ or Rust compiler writes into the name section.
sed -e 's/\$heavy/$_Z5heavyi/g; s/\$light/$_Z5lighti/g; s/\$rec/$_Z3reci/g' \
	-e 's/\$run/$_ZN6kernel3run17h0123456789abcdefE/g' kernel.wat >kernel-mangled.wat
wat2wasm --debug-names kernel-mangled.wat -o kernel-mangled.wasm
node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name hot.cpuprofile hot.js 600 >/dev/null
node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name wasm-named.cpuprofile \
	wasm_run.js kernel-named.wasm 500 >/dev/null
node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name wasm-stripped.cpuprofile \
	wasm_run.js kernel-stripped.wasm 500 >/dev/null
node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name wasm-mangled.cpuprofile \
	wasm_run.js kernel-mangled.wasm 500 >/dev/null
# The same run as a trace: Profile + ProfileChunk events beside the .cpuprofile.
node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name hot-trace.cpuprofile \
	--trace-event-categories disabled-by-default-v8.cpu_profiler \
	--trace-event-file-pattern 'hot-trace.json' hot.js 300 >/dev/null
cp hot.cpuprofile wasm-named.cpuprofile wasm-stripped.cpuprofile wasm-mangled.cpuprofile kernel-named.wasm \
	kernel-stripped.wasm kernel-mangled.wasm hot-trace.cpuprofile "$out/"
gzip -9n <hot-trace.json >"$out/hot-trace.json.gz"
gzip -9n <hot.cpuprofile >"$out/hot.cpuprofile.gz"
echo "gen.sh: wrote $out"
