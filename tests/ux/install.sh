#!/bin/sh
# `cmake --install` into a fresh prefix puts the binary, the man page and both
# completion scripts where man, bash-completion and zsh look for them, the guides
# in share/doc/profan, and the installed binary runs.  Usage: install.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1 src=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
status=0
for f in bin/profan share/man/man1/profan.1 share/bash-completion/completions/profan \
	share/zsh/site-functions/_profan; do
	[ -f "$prefix/$f" ] || { echo "FAIL: $f not installed"; status=1; }
done
[ -x "$prefix/bin/profan" ] || { echo "FAIL: bin/profan is not executable"; status=1; }
cmp -s "$src/man/profan.1" "$prefix/share/man/man1/profan.1" || { echo "FAIL: man page differs"; status=1; }
cmp -s "$src/completions/profan.bash" "$prefix/share/bash-completion/completions/profan" ||
	{ echo "FAIL: bash completion differs"; status=1; }
cmp -s "$src/completions/_profan" "$prefix/share/zsh/site-functions/_profan" ||
	{ echo "FAIL: zsh completion differs"; status=1; }
# every share/doc/profan path the man page names is installed (and README beside docs/, whose links
# it follows)
for f in share/doc/profan/README.md $(sed 's/\\-/-/g' "$src/man/profan.1" | grep -o 'share/doc/profan/[A-Za-z0-9_./-]*[a-z]' | sort -u); do
	[ -f "$prefix/$f" ] || { echo "FAIL: $f (named by the man page) not installed"; status=1; }
done
for f in "$src"/docs/*.md; do
	cmp -s "$f" "$prefix/share/doc/profan/docs/${f##*/}" || { echo "FAIL: docs/${f##*/} not installed"; status=1; }
done
"$prefix/bin/profan" --version | grep -q '^profan [0-9]' ||
	{ echo "FAIL: installed profan --version"; status=1; }
# man finds the page through the prefix, as it would through MANPATH
if command -v man >/dev/null; then
	MANPATH="$prefix/share/man" MANWIDTH=80 man profan 2>/dev/null | grep -q 'profan - read samply' ||
		{ echo "FAIL: man -M PREFIX/share/man profan does not show the page"; status=1; }
fi
[ $status -eq 0 ] && echo "install: ok"
exit $status
