#!/usr/bin/env python3
"""`profan samply` with several runs: the synthetic samply fixtures are one
designed profile written in several format versions, with its numbers in
fixtures/samply/synthetic/expected.json (from the generator, not from profan).
Three of them merged must add up to three times those numbers, --per-file must
give each function the same share in every file, and the exports must carry
the merged totals.

usage: check_samply_runs.py PROFAN FIXTURES_DIR"""
import json
import math
import os
import subprocess
import sys
import tempfile

profan, fixtures = sys.argv[1], sys.argv[2]
exp = json.load(open(f"{fixtures}/samply/synthetic/expected.json"))
runs = ["samply/synthetic/v49.json", "samply/synthetic/v55.json", "samply/synthetic/v60.json"]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


tmp = tempfile.mkdtemp()
p = subprocess.run([profan, "samply", *runs, "--json", "--top", "0", "--per-file", "--no-symbols",
                    "--folded", f"{tmp}/m.folded"], capture_output=True, text=True, cwd=fixtures)
check(p.returncode == 0, f"exit {p.returncode}: {p.stderr}")
rep = json.loads(p.stdout)
views = {v["id"]: v for v in rep["views"]}
n = len(runs)
check(views["top_self"]["columns"][0]["total"] == n * exp["cpu_total"], "merged total = 3 x cpu_total")
self_all = {r["name"]: r["values"][0] for r in views["top_self"]["rows"]}
for name, v in exp["self_all"].items():
    check(self_all.get(name) == n * v, f"merged self {name}: {self_all.get(name)} vs {n * v}")
check(rep["header"]["Inputs"].startswith("3 files merged"), "Inputs header")
for row in views["per_file_self"]["rows"]:
    want = exp["self_all"].get(row["name"])
    if want is None:
        continue
    ppm = math.floor(want * 1e6 / exp["cpu_total"] + 0.5)
    check(row["values"] == [ppm, ppm, ppm], f"per-file {row['name']}: {row['values']} vs {ppm} in each file")
folded_total, folded_fib = 0, 0
for line in open(f"{tmp}/m.folded"):
    stack, _, v = line.rstrip("\n").rpartition(" ")
    folded_total += int(v)
    if stack.split(";")[-1] == "fib":
        folded_fib += int(v)
check(folded_total == n * exp["cpu_total"], f"folded total {folded_total}")
check(folded_fib == n * exp["self_all"]["fib"], f"folded fib {folded_fib}")
os.remove(f"{tmp}/m.folded")
os.rmdir(tmp)
print(f"{len(failures)} failed" if failures else "all samply run checks passed")
sys.exit(1 if failures else 0)
