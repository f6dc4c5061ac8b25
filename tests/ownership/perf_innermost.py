"""perf_innermost.py: perf's own answer to "whose code was each sample in", for the tests that
record a program at test time (alloc.py, crates.py). No profan involved.

samples(data, prog) -> [(period, file)]: every sample of the perf.data file DATA, with the
source file of its innermost (inlined) frame when its address lies in PROG ("" otherwise):
`perf script` gives period and address, `eu-addr2line -i` the file there."""
import os
import subprocess


def samples(data, prog):
    script = subprocess.run(["perf", "script", "-i", data, "-F", "period,ip,dso", "-G"], check=True,
                            capture_output=True, text=True).stdout
    periods, addrs = [], []
    for line in script.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            periods.append(int(parts[0]))
            addrs.append(parts[1] if parts[2].endswith("/" + os.path.basename(prog) + ")") else None)
    wanted = sorted({a for a in addrs if a})
    innermost, cur = {}, None
    out = subprocess.run(["eu-addr2line", "-a", "-i", "-e", prog] + ["0x" + a for a in wanted],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("0x"):
            cur = int(line, 16)
        elif cur is not None and cur not in innermost:
            innermost[cur] = line.rsplit(":", 2)[0]
    return [(p, innermost.get(int(a, 16), "") if a else "") for p, a in zip(periods, addrs)]
