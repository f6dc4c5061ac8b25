# addrs.py: "ADDR SIZE NAME" lines (nm -S) -> every 3rd address inside each
# function, in hex, for addr2line. Part of tests/symbol/build.sh.
import sys
seen = set()
for line in sys.stdin:
    a, s, _ = line.split(None, 2)
    a, s = int(a, 16), int(s, 16)
    for x in range(a, a + s, 3):
        if x not in seen:
            seen.add(x)
            print(hex(x))
