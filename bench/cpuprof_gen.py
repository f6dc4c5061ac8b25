#!/usr/bin/env python3
"""Writes a large synthetic .cpuprofile shaped like a node --cpu-prof of a wasm
compiler (see docs/cpuprof.md): ~215k nodes with ids that are not positions,
deep call paths, JS and wasm frames, positionTicks, ~785k samples with ~1 ms
deltas and a few stalls. Deterministic (fixed seed).
Usage: cpuprof_gen.py OUT [SIZE_MB]  (SIZE_MB scales the node and sample counts; 48 by default)"""
import json
import random
import sys

out, size_mb = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 48
scale = size_mb / 48
rng = random.Random(20261129)
n_nodes, n_samples = int(215000 * scale), int(784000 * scale)

scripts = ["file:///srv/app/lib/module%02d.js" % i for i in range(60)] + ["node:internal/modules/cjs/loader"]
funcs = []
for i in range(3000):
    url = rng.choice(scripts)
    funcs.append({"functionName": rng.choice(["", "compile%d" % i, "Parser.parse%d" % i, "visit%d" % i]),
                  "scriptId": str(10 + scripts.index(url)), "url": url,
                  "lineNumber": rng.randrange(5000), "columnNumber": rng.randrange(120)})
offset = 1000
for i in range(1500):  # a stripped wasm module: wasm-function[N], column = body offset
    funcs.append({"functionName": "wasm-function[%d]" % (i + 40), "scriptId": "99", "url": "wasm://wasm/5f3a9c1e",
                  "lineNumber": 0, "columnNumber": offset})
    offset += rng.randrange(40, 4000)
specials = [{"functionName": n, "scriptId": "0", "url": "", "lineNumber": -1, "columnNumber": -1}
            for n in ("(root)", "(program)", "(garbage collector)", "(idle)", "GenericJSToWasmWrapper")]

ids = list(range(1, n_nodes + 1))
rng.shuffle(ids)  # V8 numbers nodes in creation order, not in the order it writes them
nodes = [{"id": ids[0], "callFrame": specials[0], "hitCount": 0, "children": []}]
for s in specials[1:4]:
    nodes.append({"id": ids[len(nodes)], "callFrame": s, "hitCount": 0})
    nodes[0]["children"].append(nodes[-1]["id"])
frontier = [0]
while len(nodes) < n_nodes:
    parent = frontier[-1] if rng.random() < 0.7 else rng.choice(frontier)
    f = rng.choice(funcs) if rng.random() > 0.02 else specials[4]
    node = {"id": ids[len(nodes)], "callFrame": f, "hitCount": 0}
    nodes[parent].setdefault("children", []).append(node["id"])
    nodes.append(node)
    if len(frontier) < 300 and rng.random() < 0.6:
        frontier.append(len(nodes) - 1)
    elif len(frontier) > 1 and rng.random() < 0.5:
        frontier.pop()
weights = [1.0 / (1 + (k % 5000)) for k in range(n_nodes)]
picks = rng.choices(range(1, n_nodes), weights=weights[1:], k=n_samples)
samples, deltas = [], []
for k in picks:
    nodes[k]["hitCount"] += 1
    samples.append(nodes[k]["id"])
    deltas.append(rng.randrange(900, 1200) if rng.random() > 1e-5 else rng.randrange(50000, 600000))
for n in nodes:
    if n["hitCount"]:
        n["positionTicks"] = [{"line": max(1, n["callFrame"]["lineNumber"] + 1), "ticks": n["hitCount"]}]
start = 181234567890
prof = {"nodes": nodes, "startTime": start, "endTime": start + sum(deltas) + 700,
        "samples": samples, "timeDeltas": deltas}
with open(out, "w") as fh:
    json.dump(prof, fh, separators=(",", ":"))
