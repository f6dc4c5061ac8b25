#!/usr/bin/env python3
"""grow-cpuprof.py: a big .cpuprofile grown from the real profile
fixtures/cpuprof/speedscope-chrome65-sucrase.cpuprofile.gz (3,493 nodes, 510 functions, 17k samples).

Usage: grow-cpuprof.py OUT SIZE_MB [--seed S]

The node tree is copied K times under the one (root), K growing with SIZE_MB (49 copies, 171k nodes,
for 48 MB), as if the program had K times as much code of the same shape: copy k renames its scripts
(scriptId + 1000 k, `c<k>/` before the file name in the url) and keeps the real function names, lines,
columns and tree shape; the top-level (program), (idle) and (garbage collector) nodes stay shared, as
V8 writes one of each. Samples are runs of consecutive real samples (a random start, 1 to 200 long),
each run in a random copy, with their real timeDeltas, until 16k samples per MB (768k for 48 MB).
hitCount and positionTicks are recounted: each sample's line is drawn from its node's real ticks.

Deterministic for given arguments. Compact JSON, as node --cpu-prof writes it.
"""
import argparse
import gzip
import json
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = os.path.join(ROOT, "fixtures/cpuprof/speedscope-chrome65-sucrase.cpuprofile.gz")
SHARED = ("(root)", "(program)", "(idle)", "(garbage collector)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("mb", type=float)
    ap.add_argument("--seed", type=int, default=16)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    prof = json.load(gzip.open(SOURCE))
    real = prof["nodes"]
    pos = {n["id"]: i for i, n in enumerate(real)}
    root = next(i for i, n in enumerate(real) if n["callFrame"]["functionName"] == "(root)")
    shared = {i for i in [root] + [pos[c] for c in real[root]["children"]]
              if real[i]["callFrame"]["functionName"] in SHARED and real[i]["callFrame"]["url"] == ""}
    copies = max(1, round(49 * a.mb / 48))
    stride = max(n["id"] for n in real)

    def node_id(k, i):
        return real[i]["id"] if i in shared else real[i]["id"] + k * stride

    nodes = {}
    for k in range(copies):
        for i, n in enumerate(real):
            if k and i in shared:
                continue
            cf = dict(n["callFrame"])
            if k and cf["url"]:
                cf["scriptId"] = str(int(cf["scriptId"]) + 1000 * k)
                head, tail = os.path.split(cf["url"])
                cf["url"] = "%s/c%d/%s" % (head, k, tail)
            nodes[node_id(k, i)] = {"id": node_id(k, i), "callFrame": cf, "hitCount": 0,
                                    "children": [node_id(k, pos[c]) for c in n.get("children", [])]}
    top = nodes[real[root]["id"]]["children"]
    for k in range(1, copies):
        top.extend(node_id(k, pos[c]) for c in real[root]["children"] if pos[c] not in shared)

    # each sample's line, drawn from its node's real positionTicks
    real_ticks = [n.get("positionTicks", []) for n in real]
    lines = [([t["line"] for t in pt], [t["ticks"] for t in pt]) for pt in real_ticks]
    ticks = {}
    want = round(16000 * a.mb)
    samples, deltas = [], []
    rs, rd = [pos[s] for s in prof["samples"]], prof["timeDeltas"]
    while len(samples) < want:
        k, start = rng.randrange(copies), rng.randrange(len(rs))
        for p in range(start, min(len(rs), start + rng.randint(1, 200), start + want - len(samples))):
            i = rs[p]
            nid = node_id(k, i)
            samples.append(nid)
            deltas.append(rd[p])
            nodes[nid]["hitCount"] += 1
            if lines[i][0]:
                line = rng.choices(*lines[i])[0]
                t = ticks.setdefault(nid, {})
                t[line] = t.get(line, 0) + 1
    for nid, t in ticks.items():
        nodes[nid]["positionTicks"] = [{"line": line, "ticks": c} for line, c in sorted(t.items())]
    for n in nodes.values():
        if not n["children"]:
            del n["children"]
    out = {"nodes": list(nodes.values()), "startTime": prof["startTime"],
           "endTime": prof["startTime"] + sum(deltas), "samples": samples, "timeDeltas": deltas}
    with open(a.out + ".tmp", "w") as f:
        json.dump(out, f, separators=(",", ":"))
    os.replace(a.out + ".tmp", a.out)


if __name__ == "__main__":
    main()
