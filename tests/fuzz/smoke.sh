#!/usr/bin/env bash
# smoke.sh: a short libFuzzer run of every fuzz target, for CI.
#
#   smoke.sh BUILD_FUZZ_DIR [SECONDS]     (default 30 s per target)
#
# Each target starts from its committed corpus (tests/fuzz/corpus/NAME, read
# only: new inputs go to a temporary directory) and runs two at a time, one per
# core. A crash, leak, timeout or OOM fails the run and prints libFuzzer's
# report and the reproducer's path; add the reproducer to the corpus as
# crash-<what>, fix the bug, and the replay test keeps it fixed.
set -u
build=$(realpath "$1") secs=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0 passed=0 failed=0

run() { # NAME: one target; writes $tmp/NAME.log and $tmp/NAME.rc
	local name=$1
	mkdir -p "$tmp/$name.corpus" "$tmp/$name.art"
	"$build/tests/fuzz/fuzz_$name" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 -max_len=32768 \
		-close_fd_mask=2 -print_final_stats=1 -artifact_prefix="$tmp/$name.art/" \
		"$tmp/$name.corpus" "$here/corpus/$name" >"$tmp/$name.log" 2>&1
	echo $? >"$tmp/$name.rc"
}

names=()
for bin in "$build"/tests/fuzz/fuzz_*; do
	[ -x "$bin" ] && names+=("${bin##*/fuzz_}")
done
[ ${#names[@]} -gt 0 ] || { echo "smoke.sh: no fuzz_* binaries under $build/tests/fuzz"; exit 1; }
for ((i = 0; i < ${#names[@]}; i += 2)); do
	run "${names[i]}" &
	[ $((i + 1)) -lt ${#names[@]} ] && run "${names[i + 1]}" &
	wait
done
for name in "${names[@]}"; do
	stats=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$tmp/$name.log" | tail -n 1)
	if [ "$(cat "$tmp/$name.rc")" -eq 0 ]; then
		echo "fuzz smoke $name: ok: ${stats:-no stats}"
		passed=$((passed + 1))
	else
		echo "fuzz smoke $name: FAILED (exit $(cat "$tmp/$name.rc"))"
		grep -A40 -E '==[0-9]+==ERROR|runtime error|ERROR: libFuzzer' "$tmp/$name.log" | head -60
		for f in "$tmp/$name.art"/*; do
			[ -e "$f" ] && echo "reproducer ($(wc -c <"$f") bytes), base64:" && base64 -w 100 "$f" | head -40
		done
		failed=$((failed + 1)) status=1
	fi
done
echo "fuzz smoke: $passed passed, $failed failed"
exit $status
