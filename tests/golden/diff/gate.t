# --fail-on-change and its PCT: '=PCT' always; a following word is PCT when it reads as a number
# or percentage, else it is a file; a word that reads as one and names a file is refused. The
# numbers are peak.doubled-big.json's design (fixtures/dhat/README.md): make_big 30,000 B ->
# 60,000 B (+100%), the total at t-gmax 36,921 B -> 66,921 B (+81.3%). pipefail: profan's status.
# A pipe (<(...)) is read once: the check of the formats' first bytes leaves it to its loader.
$ set -o pipefail; profan diff --fail-on-change dhat/peak.json dhat/peak.doubled-big.json | grep Gate
Gate:      failed (--fail-on-change, exit status 3): bigger beyond noise: the total +81.3%; make_big (self) +100.0%; make_big (inclusive) +100.0%; main (inclusive) +81.3%; make_big (peak.c:22) (site) +100.0%
! exit 3
$ set -o pipefail; profan diff --fail-on-change 90 dhat/peak.json dhat/peak.doubled-big.json | grep Gate
Gate:      failed (--fail-on-change, exit status 3): bigger beyond noise by 90% or more: make_big (self) +100.0%; make_big (inclusive) +100.0%; make_big (peak.c:22) (site) +100.0%
! exit 3
$ set -o pipefail; profan diff --fail-on-change 90% dhat/peak.json dhat/peak.doubled-big.json | grep Gate
Gate:      failed (--fail-on-change, exit status 3): bigger beyond noise by 90% or more: make_big (self) +100.0%; make_big (inclusive) +100.0%; make_big (peak.c:22) (site) +100.0%
! exit 3
$ set -o pipefail; profan diff --fail-on-change=90% dhat/peak.json dhat/peak.doubled-big.json | grep Gate
Gate:      failed (--fail-on-change, exit status 3): bigger beyond noise by 90% or more: make_big (self) +100.0%; make_big (inclusive) +100.0%; make_big (peak.c:22) (site) +100.0%
! exit 3
$ set -o pipefail; profan diff --base dhat/peak.json --fail-on-change 150 dhat/peak.doubled-big.json | grep Gate
Gate:      passed (--fail-on-change): neither the total nor a function of yours got bigger beyond noise by 150% or more
$ profan diff --fail-on-change x dhat/peak.json
! exit 1
! profan: x: cannot open: No such file or directory
$ profan diff --fail-on-change=x dhat/peak.json dhat/peak.doubled-big.json
! exit 2
! profan: diff: --fail-on-change wants a percentage from 0 to 1000, not 'x'; see 'profan diff --help'
$ profan diff --fail-on-change 2000 dhat/peak.json dhat/peak.doubled-big.json
! exit 2
! profan: diff: --fail-on-change wants a percentage from 0 to 1000, not '2000'; see 'profan diff --help'
$ f=$PWD t=$(mktemp -d); cd "$t" && cp "$f/dhat/peak.json" 5 && profan diff --fail-on-change 5 "$f/dhat/peak.doubled-big.json"; s=$?; rm -r "$t"; exit $s
! exit 2
! profan: diff: --fail-on-change 5: '5' is a percentage and a file: write --fail-on-change=5 for the percentage, ./5 for the file; see 'profan diff --help'
$ set -o pipefail; f=$PWD t=$(mktemp -d); cd "$t" && cp "$f/dhat/peak.json" 5 && profan diff --fail-on-change ./5 "$f/dhat/peak.doubled-big.json" | grep Gate; s=$?; rm -r "$t"; exit $s
Gate:      failed (--fail-on-change, exit status 3): bigger beyond noise: the total +81.3%; make_big (self) +100.0%; make_big (inclusive) +100.0%; main (inclusive) +81.3%; make_big (peak.c:22) (site) +100.0%
! exit 3
$ set -o pipefail; profan diff --fail-on-change <(cat dhat/peak.json) dhat/peak.doubled-big.json | grep Gate
Gate:      failed (--fail-on-change, exit status 3): bigger beyond noise: the total +81.3%; make_big (self) +100.0%; make_big (inclusive) +100.0%; main (inclusive) +81.3%; make_big (peak.c:22) (site) +100.0%
! exit 3
