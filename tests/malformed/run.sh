#!/usr/bin/env bash
# run.sh: profan on bad input, in bounded time and memory.
#
#   run.sh PROFAN CMD CASE SANITIZED
#
# CMD is samply, dhat or cpuprof. CASE is `corpus` (every file in
# tests/malformed/CMD/), `diff` (the same files through `profan diff`) or one
# of the generated cases below, whose inputs would
# be large as files. Every bad input must end with exit 1 and exactly one line
# "profan: FILE: ..." on stderr; inputs named valid* or ok-* must load (exit 0).
# The exact messages of the corpus are pinned in tests/golden/malformed/CMD.t.
# Each run gets TIME_LIMIT seconds and its peak RSS must stay under RSS_LIMIT_MB
# (measured with /usr/bin/time; `ulimit -v` as well unless SANITIZED, since
# ASan reserves terabytes of address space).
set -u
profan=$(realpath "$1") cmd=$2 case=$3 sanitized=${4:-0}
here=$(cd "$(dirname "$0")" && pwd)
TIME_LIMIT=${TIME_LIMIT:-60} RSS_LIMIT_MB=${RSS_LIMIT_MB:-512}
export LC_ALL=C NO_COLOR=1
unset PROFAN_MAX_INPUT_MB
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
failed=0 passed=0

fail() {
	echo "FAIL: $cmd/$case: $*"
	failed=$((failed + 1))
}

# check EXPECT_EXIT FILE [profan args...]: runs `profan CMD args...`, FILE is the
# name the one error line must start with (ignored when EXPECT_EXIT is 0).
check() {
	local want=$1 file=$2
	shift 2
	local start=$SECONDS
	# the synthetic samply files name /opt/app, absent here: symbols are not what is tested
	# (save in the elf case), and the warning that says so is not the line under test
	if [ "$cmd" = samply ] || [ "${real_cmd:-}" = samply ] && [ "$case" != elf ]; then
		set -- --no-symbols "$@"
	fi
	(
		[ "$sanitized" = 1 ] || ulimit -v $((RSS_LIMIT_MB * 2 * 1024))
		exec /usr/bin/time -f %M -o "$tmp/rss" timeout -s KILL "$TIME_LIMIT" \
			"$profan" "$cmd" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	)
	local code=$? took=$((SECONDS - start)) rss
	rss=$(tail -n 1 "$tmp/rss" 2>/dev/null)
	local what="profan $cmd $*"
	[ ${#what} -gt 160 ] && what="${what:0:160}..."
	if [ "$code" -ne "$want" ]; then
		fail "exit $code, expected $want (${took}s): $what"
		sed 's/^/  stderr: /' "$tmp/err" | head -5
		return
	fi
	case $rss in '' | *[!0-9]*) rss=0 ;; esac
	if [ "$rss" -gt $((RSS_LIMIT_MB * 1024)) ]; then
		fail "peak RSS $((rss / 1024)) MiB over $RSS_LIMIT_MB MiB: $what"
		return
	fi
	if [ "$want" -ne 0 ]; then
		local lines
		lines=$(wc -l <"$tmp/err")
		if [ "$lines" -ne 1 ] || ! grep -q "^profan: $(printf '%s' "$file" | sed 's/[][\.*^$/]/\\&/g'): ." "$tmp/err"; then
			fail "stderr is not one 'profan: $file: ...' line: $what"
			sed 's/^/  stderr: /' "$tmp/err" | head -5
			return
		fi
	elif ! [ -s "$tmp/out" ]; then
		fail "no report on stdout: $what"
		return
	fi
	passed=$((passed + 1))
}

# The synthetic samply files name /opt/app, absent here: the warning that says so
# (issue 19) is not the line these cases look at.
drop_app_warning() {
	sed -i '/^profan: warning: app: not found with build id /d' "$tmp/err"
}

# verify KIND FILE: check_text.py's verdict on something profan wrote.
verify() {
	if python3 "$here/check_text.py" "$1" "$2" >"$tmp/verdict" 2>&1; then
		passed=$((passed + 1))
	else
		fail "$1 check: $(head -c 300 "$tmp/verdict")"
	fi
}

# gen KIND OUT: a large generated input (python3 writes it; sizes are in the code).
gen() {
	python3 - "$cmd" "$1" "$2" <<'EOF'
import gzip, json, sys
cmd, kind, out = sys.argv[1:]
DEPTH = 100000

def samply(frames, prefixes, samples):
    n = len(frames)
    return {"meta": {"version": 24, "preprocessedProfileVersion": 49, "interval": 1.0, "product": "app"},
            "libs": [{"name": "app", "path": "/opt/app", "debugName": "app", "debugPath": "/opt/app",
                      "breakpadId": "5C0A0D51EA1980DF43F203B4525BE9BE0"}],
            "threads": [{"name": "main", "processName": "app", "pid": "1", "tid": "1", "isMainThread": True,
                         "stringArray": ["0x10", "0x20"],
                         "resourceTable": {"length": 1, "lib": [0], "name": [0]},
                         "funcTable": {"length": 2, "name": [0, 1], "resource": [0, 0]},
                         "frameTable": {"length": 2, "address": [16, 32], "func": [0, 1]},
                         "stackTable": {"length": n, "frame": frames, "prefix": prefixes},
                         "samples": {"length": len(samples), "stack": samples,
                                     "time": list(range(len(samples))),
                                     "threadCPUDelta": [10] * len(samples)}}]}

def cpuprof(depth, samples):
    nodes = [{"id": i + 1, "callFrame": {"functionName": "f%d" % (i % 2), "scriptId": "1",
                                          "url": "file:///a.js", "lineNumber": i % 2, "columnNumber": 0},
              "children": [i + 2] if i + 1 < depth else []} for i in range(depth)]
    return {"nodes": nodes, "startTime": 0, "endTime": 10 * len(samples), "samples": samples,
            "timeDeltas": [10] * len(samples)}

def dhat(depth):
    return {"dhatFileVersion": 2, "mode": "heap", "verb": "Allocated", "bklt": True, "bkacc": True,
            "tu": "instrs", "Mtu": "instr", "tuth": 500, "cmd": "./a", "pid": 1, "te": 1000, "tg": 500,
            "pps": [{"tb": 10, "tbk": 1, "tl": 5, "mb": 10, "mbk": 1, "gb": 10, "gbk": 1, "eb": 0, "ebk": 0,
                     "rb": 0, "wb": 0, "fs": list(range(1, depth + 1))}],
            "ftbl": ["[root]"] + ["0x%x: f%d (a.c:%d)" % (i, i % 2, i) for i in range(1, depth + 1)]}

if kind == "deep-stack":  # a valid profile whose stack is DEPTH frames deep, recursing
    if cmd == "samply":
        doc = samply([i % 2 for i in range(DEPTH)], [None] + list(range(DEPTH - 1)),
                     [DEPTH - 1, DEPTH // 2, DEPTH - 1])
    elif cmd == "cpuprof":
        doc = cpuprof(DEPTH, [DEPTH, DEPTH - 1, DEPTH])
    else:
        doc = dhat(DEPTH)
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind == "many-points":  # DHAT: 100,000 program points of 40 random frames of 4000 (28 MB)
    import random
    rnd, n, nf = random.Random(7), 100000, 4000
    doc = dhat(nf)
    doc["pps"] = [dict(doc["pps"][0], gb=i % 7, fs=[rnd.randrange(1, nf + 1) for _ in range(40)])
                  for i in range(n)]
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind == "shared-points":  # DHAT: 400,000 program points sharing 3 stacks of 3 frames (issue 30)
    doc = dhat(5)
    doc["pps"] = [dict(doc["pps"][0], fs=[1 + i % 3, 4, 5]) for i in range(400000)]
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind == "oom-points":  # DHAT: 30,000 program points of 40 random frames of 4000 (8 MB)
    import random
    rnd, n, nf = random.Random(7), 30000, 4000
    doc = dhat(nf)
    doc["pps"] = [dict(doc["pps"][0], fs=[rnd.randrange(1, nf + 1) for _ in range(40)]) for i in range(n)]
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind in ("annotate-nul", "annotate-outside", "annotate-inside"):  # issue 30: files a profile names
    where = {"annotate-nul": "/etc/passwd%00.js", "annotate-outside": "/etc/passwd",
             "annotate-inside": "src/a.c"}[kind]
    if cmd == "cpuprof":
        doc = cpuprof(3, [2, 3, 3])
        for node in doc["nodes"]:
            node["callFrame"]["url"] = ("file://" if where[0] == "/" else "") + where
            node["positionTicks"] = [{"line": 2, "ticks": 1}]  # lines: the listing looks for the file
    else:
        doc = dhat(3)
        doc["ftbl"] = ["[root]"] + ["0x%x: f%d (%s:%d)" % (i, i % 2, where.replace("%00", ""), i)
                                    for i in range(1, 4)]
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind == "number-points":  # DHAT: pps of 5,000,000 numbers (10 MB), refused in one line
    doc = dhat(1)
    doc["pps"] = [1] * 5000000
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind == "deep-json":  # nesting one level past the parser's limit, where a table is expected
    key = {"samply": b'{"meta":', "cpuprof": b'{"nodes":', "dhat": b'{"pps":'}[cmd]
    data = key + b"[" * (DEPTH + 1) + b"]" * (DEPTH + 1) + b"}"
elif kind == "long-arrays":  # large but fine: a million samples
    n = 1000000
    if cmd == "samply":
        doc = samply([0, 1], [None, 0], [1, 0] * (n // 2))
    elif cmd == "cpuprof":
        doc = cpuprof(3, [2, 3] * (n // 2))
    else:
        doc = dhat(3)
        doc["pps"] = doc["pps"] * 20000
    data = json.dumps(doc, separators=(",", ":")).encode()
elif kind in ("gzip-bomb", "gzip-large"):  # 64 MiB of whitespace inside a valid document
    doc = {"samply": samply([0, 1], [None, 0], [1]), "cpuprof": cpuprof(3, [2]), "dhat": dhat(3)}[cmd]
    text = json.dumps(doc, separators=(",", ":")).encode()
    data = gzip.compress(text[:1] + b" " * (64 << 20) + text[1:], compresslevel=9)
elif kind == "long-string":  # a 16 MiB function name
    doc = {"samply": samply([0, 1], [None, 0], [1]), "cpuprof": cpuprof(3, [2]), "dhat": dhat(3)}[cmd]
    text = json.dumps(doc, separators=(",", ":"))
    name = {"samply": '"0x20"', "cpuprof": '"f1"', "dhat": '"[root]"'}[cmd]
    data = text.replace(name, '"' + "x" * (16 << 20) + '"', 1).encode()
elif kind == "long-shared":  # one library, script or object name for 1000 functions
    # samply names a library once, by index: 4 MiB; the others repeat it in each frame: 4 KiB
    big, n = "L" * (4 << 20 if cmd == "samply" else 4 << 10), 1000
    if cmd == "samply":  # unresolved frames: "LIB+0xADDR" names
        doc = samply(list(range(n)), [None] + list(range(n - 1)), list(range(n)))
        doc["libs"][0]["name"] = big
        t = doc["threads"][0]
        t["stringArray"] = ["0x%x" % (16 * (i + 1)) for i in range(n)]
        t["funcTable"] = {"length": n, "name": list(range(n)), "resource": [0] * n}
        t["frameTable"] = {"length": n, "address": [16 * (i + 1) for i in range(n)], "func": list(range(n))}
        t["samples"].update(time=list(range(n)), threadCPUDelta=[10] * n)
    elif cmd == "cpuprof":  # one script url
        doc = cpuprof(n, list(range(1, n + 1)))
        for i, node in enumerate(doc["nodes"]):
            node["callFrame"].update(functionName="f%d" % i, url="file:///" + big)
    else:  # one object file
        doc = dhat(n)
        doc["ftbl"] = ["[root]"] + ["0x%x: f%d (in /%s)" % (i, i, big) for i in range(1, n + 1)]
    data = json.dumps(doc, separators=(",", ":")).encode()
with open(out, "wb") as f:
    f.write(data)
EOF
}

ext=json
[ "$cmd" = cpuprof ] && ext=cpuprofile
case $case in
corpus)
	cd "$here/.." || exit 1 # names in messages: malformed/CMD/FILE
	for f in malformed/"$cmd"/*; do
		case ${f##*/} in valid* | ok-*) check 0 "$f" "$f" ;; *) check 1 "$f" "$f" ;; esac
	done
	;;
diff) # every bad file on either side of `profan diff`, and as one of several base runs
	cd "$here/.." || exit 1
	valid=$(ls malformed/"$cmd"/valid.*)
	real_cmd=$cmd cmd=diff
	for f in malformed/"$real_cmd"/*; do
		case ${f##*/} in valid* | ok-*) continue ;; esac
		check 1 "$f" --format "$real_cmd" "$f" "$valid"
		check 1 "$f" --format "$real_cmd" "$valid" "$f"
		check 1 "$f" --format "$real_cmd" --base "$valid" --base "$f" "$valid"
	done
	cmd=$real_cmd
	;;
deep-stack) # two functions recursing 100000 deep; by design, 2 of 3 samples end in the odd one
	# (dhat: one 10-byte block, each function counted once however often it recurs)
	gen "$case" "$tmp/in.$ext" && check 0 "" "$tmp/in.$ext"
	want=$(case $cmd in samply) echo ' 66.67% .* app+0x20$' ;; cpuprof) echo '^ *66.67% .* f1  ' ;;
		dhat) echo '^ *100.00% *10 B *1 *10 B  f0  a.c$' ;; esac)
	grep -q -- "$want" "$tmp/out" || fail "deep-stack: no line matching '$want' in the report"
	;;
long-shared) # names, keys and labels of 1000 functions must not each copy their library's name
	gen "$case" "$tmp/in.$ext"
	RSS_LIMIT_MB=${SHARED_RSS_MB:-160} # the input is 4 MiB
	for args in "" "--tree --inverted" "--flamegraph $tmp/fg.svg --folded $tmp/folded"; do
		# shellcheck disable=SC2086 # the options are words
		check 0 "" $args "$tmp/in.$ext"
		# issue 30: the 4 MiB name was quoted whole in a warning (twice), a header and a table row:
		# 12.8 MB of output; each message, header and row is cut to 4 KiB (a line: its columns too)
		[ "$(wc -c <"$tmp/err")" -le 8192 ] || fail "$args: $(wc -c <"$tmp/err") bytes of diagnostics"
		longest=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")
		[ "$longest" -le 9000 ] || fail "$args: a report line of $longest bytes"
	done
	real_cmd=$cmd cmd=diff
	check 0 "" "$tmp/in.$ext" "$tmp/in.$ext"
	cmd=$real_cmd
	;;
many-points) # issue 14: memory a small multiple of the input, not a tree of 570 bytes a point
	gen "$case" "$tmp/in.$ext"
	# 88 MB since the points stream into columns (dhat_plan, json_plan.c); 204 MB as a JSON tree
	[ "$sanitized" = 1 ] || RSS_LIMIT_MB=128
	check 0 "" "$tmp/in.$ext"
	# tb is 10 a point; gb is i % 7 for point i: 14285 cycles of 0..6 (21 each), then 0..4
	grep -q '^Total: *1,000,000 B ' "$tmp/out" || fail "many-points: total tb is not 1,000,000 B"
	grep -q '^At t-gmax: *299,995 B ' "$tmp/out" || fail "many-points: gb at t-gmax is not 299,995 B"
	;;
shared-points) # the stacks' nodes were found through a chain of earlier points: 100k took 5.3 s
	gen "$case" "$tmp/in.$ext"
	TIME_LIMIT=30 check 0 "" "$tmp/in.$ext"
	grep -q '^Total: *4,000,000 B ' "$tmp/out" || fail "shared-points: total tb is not 4,000,000 B"
	;;
out-of-memory) # issue 30: out of memory was abort() (status 134); now one line, exit 1, no temporary file
	[ "$sanitized" = 1 ] && { echo "skipped: ASan reserves terabytes of address space"; exit 0; }
	gen oom-points "$tmp/in.$ext"
	mkdir "$tmp/out"
	ooms=0
	for limit in $(seq 40 20 400); do # MiB of address space: out of memory in every phase, then none
		(ulimit -v $((limit * 1024)) && exec "$profan" "$cmd" -o "$tmp/out/report" --folded "$tmp/out/folded" \
			--flamegraph "$tmp/out/fg.svg" "$tmp/in.$ext" >/dev/null 2>"$tmp/err" </dev/null)
		code=$?
		if [ "$code" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
			grep -q '^profan: out of memory (' "$tmp/err"; then
			ooms=$((ooms + 1))
		elif [ "$code" -ne 0 ]; then
			fail "ulimit -v ${limit} MiB: exit $code: $(head -c 300 "$tmp/err")"
		fi
		if ls -a "$tmp/out" | grep -q 'profan-'; then
			fail "ulimit -v ${limit} MiB: a temporary file is left: $(ls -a "$tmp/out" | tr '\n' ' ')"
			rm -f "$tmp"/out/.*profan-*
		fi
	done
	[ "$ooms" -gt 0 ] && passed=$((passed + 1)) || fail "no run ran out of memory"
	;;
pager) # issue 30: a pager that cannot start lost the report ("sh: not found", exit 0)
	command -v script >/dev/null || { echo "skipped: no script(1) for a terminal"; exit 77; }
	valid=$here/$cmd/valid.$ext
	for pager in "PROFAN_PAGER=nonexistent-pager" "PAGER=false" "PROFAN_PAGER=/no/such/less"; do
		env -u PROFAN_PAGER -u PAGER "$pager" script -qec "'$profan' $cmd '$valid'; echo \"exit \$?\"" /dev/null \
			</dev/null >"$tmp/tty" 2>&1
		warnings=$(grep -c '^profan: warning: pager .* the report goes to standard output' "$tmp/tty")
		if ! grep -q '^Input: ' "$tmp/tty" || ! grep -q '^exit 0' "$tmp/tty" || [ "$warnings" -ne 1 ] ||
			[ "$(grep -c '^profan: ' "$tmp/tty")" -ne 1 ] || grep -q 'not found' <(grep -v '^profan: ' "$tmp/tty"); then
			fail "$pager: $(head -c 300 "$tmp/tty")"
		else
			passed=$((passed + 1))
		fi
	done
	;;
annotate) # issue 30: --annotate printed /etc/passwd when a profile named it (or file:///etc/passwd%00.js)
	[ "$cmd" = samply ] && { echo "dhat and cpuprof only (a samply profile's files come from DWARF)"; exit 0; }
	cd "$tmp" || exit 1
	mkdir src && printf 'int a;\nint b;\nint c;\n' >src/a.c
	kinds="annotate-outside annotate-inside"
	[ "$cmd" = cpuprof ] && kinds="annotate-nul $kinds"
	for kind in $kinds; do
		gen "$kind" "$tmp/$kind.$ext" && check 0 "" --annotate f "$tmp/$kind.$ext" || continue
		grep -q 'root:x:0:0' "$tmp/out" && fail "$kind: /etc/passwd is in the report"
		case $kind in
		annotate-nul) want='source not read: its name holds a NUL byte, which would cut the path short' ;;
		annotate-outside) want='source not read: /etc/passwd is outside .*; --source-path /etc allows it' ;;
		annotate-inside) want='int b;' ;;
		esac
		grep -q -- "$want" "$tmp/out" || fail "$kind: no line matching '$want': $(head -c 600 "$tmp/out")"
	done
	# named with --source-path, the folder is the user's choice: read
	check 0 "" --annotate f --source-path /etc "$tmp/annotate-outside.$ext" &&
		{ grep -q ' 1  root:' "$tmp/out" || fail "--source-path /etc: /etc/passwd not read"; }
	;;
number-points) # kept as a tree each, 5 M numbers took 398 MB: past the first, they are only read
	gen "$case" "$tmp/in.$ext"
	[ "$sanitized" = 1 ] || RSS_LIMIT_MB=64
	check 1 "$tmp/in.$ext" "$tmp/in.$ext"
	grep -q 'pps: expected an array of objects, got numbers$' "$tmp/err" ||
		fail "number-points: unexpected message: $(cat "$tmp/err")"
	;;
long-arrays | long-string)
	gen "$case" "$tmp/in.$ext" && check 0 "" "$tmp/in.$ext"
	;;
deep-json)
	gen "$case" "$tmp/in.$ext" && check 1 "$tmp/in.$ext" "$tmp/in.$ext"
	grep -q "nesting deeper than 100000 levels" "$tmp/err" || fail "deep-json: unexpected message: $(cat "$tmp/err")"
	;;
gzip-bomb) # decodes to 64 MiB; the cap for this run is 4 MiB
	gen gzip-bomb "$tmp/in.$ext.gz" && PROFAN_MAX_INPUT_MB=4 check 1 "$tmp/in.$ext.gz" "$tmp/in.$ext.gz"
	grep -q "input exceeds 4 MiB when decoded" "$tmp/err" || fail "gzip-bomb: unexpected message: $(cat "$tmp/err")"
	;;
gzip-large) # the same 64 MiB under the default cap: fine
	gen gzip-large "$tmp/in.$ext.gz" && check 0 "" "$tmp/in.$ext.gz"
	;;
utf8) # names with every kind of invalid UTF-8 (gen.py): each export and --json stay well-formed
	in=$here/$cmd/ok-utf8-invalid.$ext
	check 0 "" --folded "$tmp/folded" --flamegraph "$tmp/fg.svg" --pprof "$tmp/p.pb.gz" "$in"
	verify folded "$tmp/folded"
	verify svg "$tmp/fg.svg"
	verify pprof "$tmp/p.pb.gz"
	check 0 "" --json "$in" && verify json "$tmp/out"
	;;
control) # escape sequences, C1, CR, BS in names, urls, headers, warnings (gen.py): never raw on a terminal
	in=$here/$cmd/ok-control-chars.$ext
	for args in "" "--tree --inverted" "--by file" "--by lib --top 1"; do
		# shellcheck disable=SC2086 # the options are words
		check 0 "" $args "$in" && verify terminal "$tmp/out" && verify diag "$tmp/err"
	done
	check 0 "" --json "$in" && verify json "$tmp/out"
	check 0 "" --folded "$tmp/folded" --flamegraph "$tmp/fg.svg" --pprof "$tmp/p.pb.gz" "$in"
	verify folded "$tmp/folded"
	verify svg "$tmp/fg.svg"
	verify pprof "$tmp/p.pb.gz"
	# the same text in an error message
	printf '{"\\u001b]0;pwned\\u0007\\u009b2J":1,"\\u001b]0;pwned\\u0007\\u009b2J":2}' >"$tmp/key.$ext"
	check 1 "$tmp/key.$ext" "$tmp/key.$ext" && verify diag "$tmp/err"
	;;
sums) # files each within the limits whose sums are not: one clear line, never a negative total
	cd "$here/.." || exit 1
	case $cmd in
	samply) big=malformed/samply/ok-cpu-estimate-big.json n=3 ;;
	cpuprof) big=malformed/cpuprof/ok-time-near-limit.cpuprofile n=9 ;;
	dhat) big=malformed/dhat/ok-counter-near-limit.json n=2 ;;
	esac
	check 0 "" --quiet "$big" && verify terminal "$tmp/out"
	grep -q -- '-[0-9]' "$tmp/out" && fail "a negative number in the report of $big: $(grep -m1 -- '-[0-9]' "$tmp/out")"
	set --
	for _ in $(seq "$n"); do set -- "$@" "$big"; done
	# merged (dhat reads one file at a time); --quiet: each samply file warns that CPU is estimated
	says() { grep -q "$1" "$tmp/err" || fail "unexpected message: $(cat "$tmp/err")"; }
	[ "$cmd" = dhat ] || { check 1 "$big" --quiet "$@" && says 'summed over the merged files exceeds 2^63 - 1'; }
	real_cmd=$cmd cmd=diff
	set --
	for _ in $(seq "$n"); do set -- "$@" --base "$big"; done
	check 1 "$big" --quiet "$@" "$big" && says 'summed over the base files exceeds 2^63 - 1'
	cmd=$real_cmd
	if [ "$cmd" = cpuprof ]; then
		trace=malformed/cpuprof/ok-trace-nine-profiles-near-limit.json
		check 0 "" "$trace"
		check 1 "$trace" --profile all "$trace" && says "the 9 profiles' times add up to more than 2^63 - 1"
	fi
	;;
elf) # symtest-rust (fixtures/elf) with its string sections broken: one warning, bounded names
	[ "$cmd" = samply ] || { echo "samply only (the other formats name no ELF files)"; exit 0; }
	python3 - "$here/../../fixtures/elf" "$tmp" <<'PY'
import json, struct, sys
fixtures, out = sys.argv[1:]
elf = open(fixtures + "/symtest-rust", "rb").read()
addrs = [int(a, 16) for a in open(fixtures + "/symtest-rust.addrs")]

def sections(b):  # (name, offset, size) of each section of a little-endian ELF64
    shoff, = struct.unpack_from("<Q", b, 0x28)
    entsize, count, strndx = struct.unpack_from("<HHH", b, 0x3A)
    rows = [struct.unpack_from("<IIQQQQ", b, shoff + i * entsize) for i in range(count)]
    names = rows[strndx][4]
    return [(b[names + r[0]:b.index(0, names + r[0])].decode(), r[4], r[5]) for r in rows]

def broken(section, keep_last_nul):  # every NUL byte of SECTION made an 'A'
    b = bytearray(elf)
    for name, off, size in sections(b):
        if name == section:
            end = off + size - (1 if keep_last_nul else 0)
            b[off:end] = bytes(c or 0x41 for c in b[off:end])
    return bytes(b)

variants = {"intact": elf, "debug-str-no-nul": broken(".debug_str", False),
            "debug-str-one-string": broken(".debug_str", True), "strtab-no-nul": broken(".strtab", False)}
n = len(addrs)
for name, data in variants.items():
    open(f"{out}/{name}", "wb").write(data)
    path = f"{out}/{name}"
    doc = {"meta": {"version": 24, "preprocessedProfileVersion": 49, "interval": 1.0, "product": "symtest-rust"},
           "libs": [{"name": "symtest-rust", "path": path, "debugName": "symtest-rust", "debugPath": path}],
           "threads": [{"name": "main", "processName": "symtest-rust", "pid": "1", "tid": "1", "isMainThread": True,
                        "stringArray": ["0x%x" % a for a in addrs],
                        "resourceTable": {"length": 1, "lib": [0], "name": [0]},
                        "funcTable": {"length": n, "name": list(range(n)), "resource": [0] * n},
                        "frameTable": {"length": n, "address": addrs, "func": list(range(n))},
                        "stackTable": {"length": n, "frame": list(range(n)), "prefix": [None] * n},
                        "samples": {"length": n, "stack": list(range(n)), "time": list(range(n)),
                                    "threadCPUDelta": [10] * n}}]}
    json.dump(doc, open(f"{out}/{name}.json", "w"))
PY
	RSS_LIMIT_MB=64 # the intact file needs 8 MB; every name running to .debug_str's end took 90 MB
	for v in intact debug-str-no-nul debug-str-one-string strtab-no-nul; do
		check 0 "" --tree --tree-threshold 0 "$tmp/$v.json" || continue
		longest=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")
		[ "$longest" -lt 1000 ] || fail "$v: a report line of $longest bytes (names ran on)"
		if [ $v = intact ]; then
			grep -q '^Symbols found: *symtest-rust' "$tmp/out" || fail "intact: not symbolicated"
			[ ! -s "$tmp/err" ] || fail "intact: $(cat "$tmp/err")"
		else
			grep -q '^Symbols missing: *symtest-rust' "$tmp/out" || fail "$v: not counted as missing"
			[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^profan: warning: $tmp/$v: corrupt ELF file (" "$tmp/err" ||
				fail "$v: not one warning: $(head -c 300 "$tmp/err")"
		fi
	done
	;;
files) # what is wrong is the file itself, or where the report goes
	valid=$here/$cmd/valid.$ext
	mkdir "$tmp/dir"
	check 1 "$tmp/dir" "$tmp/dir"
	check 1 "$tmp/missing.$ext" "$tmp/missing.$ext"
	check 1 "$valid/x" "$valid/x" # a path through a file: ENOTDIR
	# a name with a line break stays on its one line, the break shown as \x0a
	forged="$tmp/a
profan: forged.$ext"
	printf '{' >"$forged"
	check 1 "$tmp/a\\x0aprofan: forged.$ext" "$forged"
	if [ "$(id -u)" -ne 0 ]; then
		cp "$valid" "$tmp/unreadable.$ext" && chmod 000 "$tmp/unreadable.$ext"
		check 1 "$tmp/unreadable.$ext" "$tmp/unreadable.$ext"
	fi
	# root reads any file, but reading page 0 of its own memory fails with EIO
	check 1 /proc/self/mem /proc/self/mem
	check 1 /dev/full -o /dev/full "$valid"
	check 1 /dev/full --json -o /dev/full "$valid"
	check 1 "$tmp/no/such/dir/out.txt" -o "$tmp/no/such/dir/out.txt" "$valid"
	check 1 "$tmp/dir" -o "$tmp/dir" "$valid"
	# outputs never destroy data: a write that fails (EFBIG under `ulimit -f`) leaves the
	# file's previous contents, and no output may be one of the inputs
	printf 'previous report\n' >"$tmp/keep.txt"
	(ulimit -f 1 && trap '' XFSZ && exec "$profan" "$cmd" --json --top 0 -o "$tmp/keep.txt" "$valid" \
		>/dev/null 2>"$tmp/err" </dev/null)
	code=$?
	drop_app_warning
	if [ "$code" -ne 1 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || [ "$(cat "$tmp/keep.txt")" != "previous report" ] ||
		ls -a "$tmp" | grep -q 'profan-'; then
		fail "failed write over an old report: exit $code, file now $(head -c 40 "$tmp/keep.txt"): $(cat "$tmp/err")"
	else
		passed=$((passed + 1))
	fi
	cp "$valid" "$tmp/input.$ext"
	for opt in -o --folded --flamegraph; do
		"$profan" "$cmd" "$opt" "$tmp/input.$ext" "$tmp/input.$ext" >/dev/null 2>"$tmp/err"
		code=$?
		if [ "$code" -ne 2 ] || ! cmp -s "$valid" "$tmp/input.$ext" || ! grep -q 'is an input' "$tmp/err"; then
			fail "$opt INPUT: exit $code, input changed or no refusal: $(cat "$tmp/err")"
		else
			passed=$((passed + 1))
		fi
	done
	# issue 30: an output that is a symbolic link is written through it (the link stays, its
	# target gets the data), also when the target does not exist yet; a descriptor of profan's
	# own (/proc/self/fd/1, what /dev/stdout names) is written in place, into the redirect
	printf 'old\n' >"$tmp/target.txt" && ln -s target.txt "$tmp/link.txt" && ln -s new.txt "$tmp/dangling.txt"
	"$profan" "$cmd" -o "$tmp/link.txt" --folded "$tmp/dangling.txt" "$valid" >/dev/null 2>"$tmp/err"
	code=$?
	drop_app_warning
	if [ "$code" -ne 0 ] || [ -s "$tmp/err" ] || [ ! -L "$tmp/link.txt" ] || [ ! -L "$tmp/dangling.txt" ] ||
		! grep -q '^Input:' "$tmp/target.txt" || ! [ -s "$tmp/new.txt" ] || ls -a "$tmp" | grep -q 'profan-'; then
		fail "outputs through symbolic links: exit $code, $(ls -l "$tmp" | tr '\n' ' '): $(cat "$tmp/err")"
	else
		passed=$((passed + 1))
	fi
	"$profan" "$cmd" --folded /proc/self/fd/1 "$valid" >"$tmp/redirect.txt" 2>"$tmp/err"
	code=$?
	drop_app_warning
	if [ "$code" -ne 0 ] || [ -s "$tmp/err" ] || ! grep -q '^Input:' "$tmp/redirect.txt" ||
		grep -q '^Input:' <(head -n 1 "$tmp/redirect.txt"); then
		fail "--folded /proc/self/fd/1 >file: exit $code, not the stacks then the report: $(head -c 200 "$tmp/redirect.txt")"
	else
		passed=$((passed + 1))
	fi
	# outputs naming one file (through a link too), and an empty file name: usage errors
	for args in "-o $tmp/x --folded $tmp/x --flamegraph $tmp/x" "-o $tmp/target.txt --flamegraph $tmp/link.txt" \
		"-o ''" "--folded ''"; do
		eval "set -- $args"
		"$profan" "$cmd" "$@" "$valid" >/dev/null 2>"$tmp/err"
		code=$?
		if [ "$code" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
			! grep -Eq "^profan: $cmd: (-o and --(folded|flamegraph) both write |(-o|--folded) wants a file name, not '')" "$tmp/err" ||
			[ -e "$tmp/x" ]; then
			fail "$args: exit $code: $(cat "$tmp/err")"
		else
			passed=$((passed + 1))
		fi
	done
	# issue 30: standard input twice said "empty input" of the second: a usage error
	"$profan" diff - - <"$valid" >/dev/null 2>"$tmp/err"
	code=$?
	if [ "$code" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
		! grep -q "^profan: diff: standard input ('-') is given 2 times; it can be read once" "$tmp/err"; then
		fail "diff - -: exit $code: $(cat "$tmp/err")"
	else
		passed=$((passed + 1))
	fi
	# side files that are not regular files (a FIFO would block a read for ever) are
	# treated as absent, with one warning: the .syms.json beside a samply profile, --kallsyms, --wasm
	mkfifo "$tmp/fifo"
	side=()
	case $cmd in
	samply) cp "$valid" "$tmp/side.json" && mkfifo "$tmp/side.syms.json" && side=("$tmp/side.json")
		side2=(--kallsyms "$tmp/fifo" "$valid") ;;
	cpuprof) side2=(--wasm "$tmp/fifo" "$valid") ;;
	*) side2=() ;;
	esac
	for args in side side2; do
		eval "set -- \"\${$args[@]}\""
		[ $# -gt 0 ] || continue
		timeout -s KILL 20 "$profan" "$cmd" "$@" >/dev/null 2>"$tmp/err" </dev/null
		code=$?
		drop_app_warning
		if [ "$code" -ne 0 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q 'not a regular file' "$tmp/err"; then
			fail "FIFO as a side file ($*): exit $code: $(cat "$tmp/err")"
		else
			passed=$((passed + 1))
		fi
	done
	# stdout on a full disk: main() reports it for <stdout>
	start=$SECONDS
	"$profan" "$cmd" "$valid" >/dev/full 2>"$tmp/err"
	code=$?
	drop_app_warning
	if [ "$code" -ne 1 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q '^profan: <stdout>: ' "$tmp/err"; then
		fail "stdout on /dev/full: exit $code: $(cat "$tmp/err")"
	else
		passed=$((passed + 1))
	fi
	;;
*)
	echo "run.sh: unknown case '$case'" >&2
	exit 2
	;;
esac
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
