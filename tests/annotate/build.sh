#!/bin/sh
# build.sh: builds tests/annotate/anno.c into fixtures/annotate/anno, the binary the committed
# recording (record.sh) points at. Run from the repository root. The build happens in a scratch
# folder that the DWARF calls /home/dev/build (prefix map): sources read src/anno.c and
# src/anno_step.inc, so no path of the building machine ends up in the binary. Rerun only to
# remake both the binary and the recording.
set -eu
OUT=${OUT:-fixtures/annotate}
B=$(mktemp -d /tmp/annobuild.XXXXXX)
trap 'rm -rf "$B"' EXIT
mkdir -p "$B/src" "$OUT"
cp tests/annotate/anno.c tests/annotate/anno_step.inc "$B/src/"
(cd "$B" && gcc -g -O2 -ffile-prefix-map="$B=/home/dev/build" -o anno src/anno.c)
cp "$B/anno" "$OUT/"
if grep -l -e /tmp/ -e /work/ "$OUT/anno"; then
	echo "build.sh: a local path is left in the binary" >&2
	exit 1
fi
ls -l "$OUT/anno"
