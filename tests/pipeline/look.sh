#!/usr/bin/env bash
# A person's look at the flame graphs (not a ctest: it needs Debian's chromium):
# renders a plain, a zoomed-and-searched, and a differential flame graph of the
# A/B fixtures to PNG files, to be opened and looked at.
# Usage: tests/pipeline/look.sh [OUTDIR]   (after building build/profan)
set -euo pipefail
cd "$(dirname "$0")/../../fixtures"
out=${1:-/tmp/profan-look}
mkdir -p "$out"
profan=../build/profan
$profan cpuprof pipeline/a1.cpuprofile.gz --flamegraph "$out/a1.svg" -q >/dev/null
$profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --flamegraph "$out/diff.svg" -q >/dev/null
# the interactions a person would do: click "parse", then search for "spin"
sed 's|</svg>|<script>window.addEventListener("load",function(){var g=[].slice.call(frames()).filter(function(f){return f.getAttribute("data-n")==="parse";})[0];zoom(g);highlight("spin");});</script></svg>|' \
	"$out/a1.svg" >"$out/a1-zoomed.svg"
for f in a1 a1-zoomed diff; do
	chromium --headless --no-sandbox --disable-gpu --screenshot="$out/$f.png" --window-size=1240,700 \
		"$out/$f.svg" >/dev/null 2>&1
	echo "$out/$f.png"
done
