#!/usr/bin/env bash
# Cost of each pipeline step (filters, trees, exports) as a ratio to the views
# every subcommand already computes, on one synthetic profile, in one run.
# Usage: bench/pipeline.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target bench_pipeline -j2 >/dev/null
/usr/bin/time -f "peak RSS %M KiB" build/tests/pipeline/bench_pipeline
