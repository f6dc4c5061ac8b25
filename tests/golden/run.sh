#!/usr/bin/env bash
# Golden-test runner: tests/golden/<cmd>/NAME.t holds commands and their exact output.
#
#   # comment
#   $ profan samply samply/tiny.json --top 3     <- run with cwd = fixtures/, `profan` = the built binary
#   expected stdout, byte for byte
#   ! exit 1                                     <- expected exit code (default 0)
#   ! profan: tiny.json: ...                     <- expected stderr lines (unchecked when absent)
#
# Usage: run.sh PROFAN_BINARY TEST.t [FIXTURES_DIR]. PROFAN_BLESS=1 rewrites the file
# with what profan printed, for review with git diff.
set -u
bin=$(realpath "$1") test=$(realpath "$2") fixtures=${3:-$(dirname "$0")/../../fixtures}
export LC_ALL=C NO_COLOR=1
cd "$fixtures" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0 out_file="$tmp/new.t"
: >"$out_file"

run_block() { # $1 = command line; expectations in $tmp/exp.out, $tmp/exp.err, $exp_code
	local cmd=${1#\$ }
	# `profan` anywhere in the line (pipes too) is the binary under test
	PROFAN=$bin bash -c 'profan() { "$PROFAN" "$@"; }; '"$cmd" >"$tmp/out" 2>"$tmp/err" </dev/null
	local code=$?
	if [ -n "${PROFAN_BLESS:-}" ]; then
		{ printf '%s\n' "$1"; cat "$tmp/out"
		  [ "$code" -ne 0 ] && printf '! exit %d\n' "$code"
		  [ "$code" -ne 0 ] || [ -s "$tmp/exp.err" ] && sed 's/^/! /' "$tmp/err"; } >>"$out_file"
		return
	fi
	if ! cmp -s "$tmp/out" "$tmp/exp.out"; then
		echo "FAIL: $test: stdout of: $cmd"; diff -u "$tmp/exp.out" "$tmp/out" | head -60; status=1
	fi
	if [ "$code" -ne "$exp_code" ]; then
		echo "FAIL: $test: exit $code, expected $exp_code: $cmd"; sed 's/^/  stderr: /' "$tmp/err" | head -5
		status=1
	fi
	if [ -s "$tmp/exp.err" ] && ! cmp -s "$tmp/err" "$tmp/exp.err"; then
		echo "FAIL: $test: stderr of: $cmd"; diff -u "$tmp/exp.err" "$tmp/err" | head -20; status=1
	fi
}

cmd="" blocks=0
flush() {
	if [ -n "$cmd" ]; then run_block "$cmd"; blocks=$((blocks + 1)); fi
	: >"$tmp/exp.out"; : >"$tmp/exp.err"; exp_code=0
}
flush
while IFS= read -r line || [ -n "$line" ]; do
	case $line in
	'$ '*) flush; cmd=$line ;;
	'! exit '*) exp_code=${line#! exit } ;;
	'! '*) printf '%s\n' "${line#! }" >>"$tmp/exp.err" ;;
	'#'*) [ -z "$cmd" ] && [ -n "${PROFAN_BLESS:-}" ] && printf '%s\n' "$line" >>"$out_file"
	      [ -n "$cmd" ] && printf '%s\n' "$line" >>"$tmp/exp.out" ;;
	*) printf '%s\n' "$line" >>"$tmp/exp.out" ;;
	esac
done <"$test"
flush
[ "$blocks" -gt 0 ] || { echo "FAIL: $test has no '\$ profan' line"; exit 1; }
if [ -n "${PROFAN_BLESS:-}" ]; then cp "$out_file" "$test"; echo "blessed $test"; fi
exit $status
