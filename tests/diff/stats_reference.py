#!/usr/bin/env python3
"""stats.h's tests (src/analysis/stats.c) against reference.py, written from the
definitions: the rank-sum test by enumerating every split of the pooled runs (arms of
1 to 8 runs, with many ties and without; past 60 runs the normal approximation), and the
binomial test by summing C(n, k) p^k (1-p)^(n-k) over the outcomes.

usage: stats_reference.py STATS_CLI"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

cli = sys.argv[1]
random.seed(17)
cases = []  # (input line, expected p)
for _ in range(400):
    m, n = random.randint(1, 8), random.randint(1, 8)
    spread = random.choice([2, 3, 5, 1000])  # small ranges: many ties
    shift = random.choice([0, 0, 1, 3])
    a = [random.randint(0, spread) for _ in range(m)]
    b = [random.randint(0, spread) + shift for _ in range(n)]
    cases.append((" ".join(map(str, a)) + " | " + " ".join(map(str, b)), reference.rank_p(a, b)))
for _ in range(20):
    m, n = random.randint(31, 50), random.randint(31, 50)
    a = [random.randint(0, 40) for _ in range(m)]
    b = [random.randint(0, 40) + random.choice([0, 4]) for _ in range(n)]
    cases.append((" ".join(map(str, a)) + " | " + " ".join(map(str, b)), reference.rank_p(a, b)))
for _ in range(200):
    na, nb = random.randint(1, 3000), random.randint(1, 3000)
    ka = random.randint(0, min(na, random.choice([5, 40, 300])))
    kb = random.randint(0, min(nb, random.choice([5, 40, 300])))
    cases.append((f"binom {ka} {na} {kb} {nb}", reference.binom_p(ka, na, kb, nb)))
for ka, na, kb, nb in ((4, 100, 0, 100), (0, 0, 3, 10), (3000, 9000, 3400, 9100), (0, 5, 0, 7)):
    cases.append((f"binom {ka} {na} {kb} {nb}", reference.binom_p(ka, na, kb, nb)))

text = "".join(line + "\n" for line, _ in cases)
out = subprocess.run([cli], input=text, capture_output=True, text=True, check=True).stdout.split()
failures = 0
for (line, want), got in zip(cases, out):
    if abs(float(got) - want) > 1e-9 * max(1.0, want):
        failures += 1
        print(f"FAIL: {line}: profan {got}, reference {want}")
if len(out) != len(cases):
    failures += 1
    print(f"FAIL: {len(out)} answers for {len(cases)} cases")
print(f"{failures} failed" if failures else f"all {len(cases)} tests agree with the reference")
sys.exit(1 if failures else 0)
