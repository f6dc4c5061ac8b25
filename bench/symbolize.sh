#!/usr/bin/env bash
# Symbolication: profan (libdw + own tables) vs binutils `addr2line -a -f -i -C`
# on the same 100k distinct addresses of one large binary, in one run. Prints
# wall time, addresses/s and peak RSS of each, the ratios (> 1: profan wins),
# and how often the two agree on inline depth and every frame's name.
#
# Usage: bench/symbolize.sh [ELF]   (default: a generated ~40 MB C++ program
# with libstdc++ containers, built once into $BENCH_DIR; libc's separate debug
# file works too: bench/symbolize.sh /lib/x86_64-linux-gnu/libc.so.6)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${BENCH_DIR:-/tmp/profan-bench-symbolize}
count=${COUNT:-100000}
mkdir -p "$dir"

if [ $# -ge 1 ]; then
	bin=$1
else
	bin=$dir/bigcpp
	if [ ! -x "$bin" ]; then
		echo "building $bin (8 C++ units x 100 namespaces, g++ -g -O2; about a minute)..." >&2
		python3 - "$dir" <<'PY'
import sys, os
d = sys.argv[1]
tus, ns = 8, 100
for t in range(tus):
    with open(os.path.join(d, f"tu{t}.cpp"), "w") as f:
        f.write("#include <map>\n#include <vector>\n#include <algorithm>\n#include <numeric>\n"
                "#include <string>\n#include <unordered_map>\n")
        for n in range(ns):
            k = t * ns + n
            f.write(f"""
namespace ns{k} {{
template <typename T> static inline T mix(T x) {{ return x * T(2654435761u) ^ (x >> 3); }}
struct W{k} {{
  std::map<unsigned long, unsigned long> m;
  std::vector<unsigned long> v;
  std::unordered_map<unsigned, std::string> u;
  virtual ~W{k}() {{}}
  virtual unsigned long work(unsigned long n) {{
    for (unsigned long i = 0; i < n; i++) {{ m[mix(i) % 97] += i; v.push_back(mix<unsigned long>(i + {k})); }}
    std::sort(v.begin(), v.end());
    for (unsigned i = 0; i < n % 7; i++) u[i] = std::to_string(i * {k});
    return std::accumulate(v.begin(), v.end(), 0ul) + m.size() + u.size();
  }}
}};
}}
unsigned long run{k}(unsigned long n) {{ ns{k}::W{k} w; return w.work(n); }}
""")
with open(os.path.join(d, "main.cpp"), "w") as f:
    for k in range(tus * ns):
        f.write(f"unsigned long run{k}(unsigned long);\n")
    f.write("int main(int c, char **) { unsigned long s = 0;\n")
    for k in range(tus * ns):
        f.write(f"  s += run{k}(c + {k % 5});\n")
    f.write("  return (int)(s & 1); }\n")
PY
		ls "$dir"/tu*.cpp "$dir"/main.cpp | xargs -P2 -I{} sh -c 'g++ -g -O2 -c {} -o {}.o'
		g++ -o "$bin" "$dir"/*.cpp.o
	fi
fi

# profan's side: a release build of the core (the test build may carry sanitizers).
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-bench --target bench_symbolize_lookup -j2 >/dev/null
cp build-bench/bench_symbolize_lookup "$dir/symbolize_lookup"

# 100k distinct addresses: a function picked with probability ∝ its size, a
# random offset inside it (fixed seed), then shuffled.
addrs=$dir/addrs-$(basename "$bin")-$count
python3 - "$bin" "$count" "$addrs" <<'PY'
import random, subprocess, sys
binary, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
nm = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True).stdout
if not nm.strip():  # stripped file: its symbols are in the debug file
    nm = subprocess.run(["nm", "-D", "--defined-only", "-S", binary], capture_output=True, text=True).stdout
funcs = []
for line in nm.splitlines():
    f = line.split()
    if len(f) == 4 and f[2] in "tTwWiI" and int(f[1], 16) > 0:
        funcs.append((int(f[0], 16), int(f[1], 16)))
funcs = sorted(set(funcs))
total = sum(s for _, s in funcs)
if total < count:
    sys.exit(f"{binary}: only {total} bytes of functions")
rng = random.Random(42)
weights = [s for _, s in funcs]
seen = set()
while len(seen) < count:
    for a, s in rng.choices(funcs, weights=weights, k=count):
        seen.add(a + rng.randrange(s))
        if len(seen) == count:
            break
addrs = list(seen)
rng.shuffle(addrs)
with open(out, "w") as f:
    f.writelines(f"{a:#x}\n" for a in addrs)
PY

measure() { # OUT CMD...: prints "seconds max_rss_kib"
	local out=$1
	shift
	/usr/bin/time -f "%e %M" -o "$dir/time" "$@" <"$addrs" >"$out" 2>/dev/null
	cat "$dir/time"
}
read -r p_s p_kb < <(measure "$dir/profan.out" "$dir/symbolize_lookup" "$bin")
read -r a_s a_kb < <(measure "$dir/addr2line.out" addr2line -a -f -i -C -e "$bin")

agree=$(python3 - "$dir/profan.out" "$dir/addr2line.out" <<'PY'
import sys
def blocks(path):
    out, cur = {}, None
    with open(path) as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("0x"):
            cur = out.setdefault(int(lines[i], 16), [])
            i += 1
        else:
            name = lines[i]
            cur.append("??" if name == "unresolved" else name)
            i += 2
    return out
p, a = blocks(sys.argv[1]), blocks(sys.argv[2])
depth = sum(1 for k in a if len(p.get(k, [])) == len(a[k]))
# profan qualifies DWARF names that lack a linkage name ("ns1::mix<int>"),
# where binutils prints them bare or wrongly as the outer function, and shows
# a function's exported name (write) where DWARF and binutils say __GI___libc_write.
def bare(n):
    return n[n.rfind("::", 0, n.find("<") if "<" in n else len(n)) + 2:] if "::" in n else n
same_depth = [k for k in a if len(p.get(k, [])) == len(a[k])]
inl = sum(1 for k in same_depth if all(x == y or bare(x) == y for x, y in zip(p[k][:-1], a[k][:-1])))
outer = sum(1 for k in same_depth if p[k][-1] == a[k][-1])
n = len(a)
print(f"{100.0 * len(same_depth) / n:.1f}% same inline depth, {100.0 * inl / n:.1f}% same inlined names "
      f"(up to namespace), {100.0 * outer / n:.1f}% same outermost name")
PY
)
awk -v n="$count" -v f="$bin" -v ps="$p_s" -v pk="$p_kb" -v as="$a_s" -v ak="$a_kb" -v agree="$agree" 'BEGIN {
	printf "binary                %s\n", f
	printf "addresses             %d distinct, random, with inline chains\n", n
	printf "profan (libdw)        %6.2f s  %8.0f addr/s  peak RSS %6.0f MiB\n", ps, n / ps, pk / 1024
	printf "addr2line -a -f -i -C %6.2f s  %8.0f addr/s  peak RSS %6.0f MiB\n", as, n / as, ak / 1024
	printf "ratio addr2line/profan: time %.2fx, peak RSS %.2fx\n", as / ps, ak / pk
	printf "agreement             %s\n", agree
}'
