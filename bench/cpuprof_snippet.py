# The users' script that `profan cpuprof` replaces (issue 3): top 20 functions by summed timeDeltas.
import json
import sys

p = json.load(open(sys.argv[1]))
name = {n["id"]: n["callFrame"]["functionName"] for n in p["nodes"]}
tot = {}
for s, d in zip(p["samples"], p["timeDeltas"]):
    tot[name[s]] = tot.get(name[s], 0) + d
T = sum(tot.values())
for k, v in sorted(tot.items(), key=lambda x: -x[1])[:20]:
    print("%10.1f ms %6.2f%%  %s" % (v / 1000, 100 * v / T, k or "(anonymous)"))
