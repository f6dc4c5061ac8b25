#!/usr/bin/env python3
"""stats_rank_test() (src/analysis/stats.c) against an independent computation.

Up to 16 runs in all, the reference enumerates every split of the pooled values
(itertools.combinations), ranks with ordinary mid-ranks (halves, exact in floating point), and counts the
splits whose first-arm rank sum is at least as far from its mean as the observed
one: the definition of the exact two-sided permutation p-value, with no dynamic
programming and no doubled ranks. Cases: random arms of 1 to 8 runs with many ties
(small value ranges) and without. Larger arms (past the exact limit) are checked
against the textbook normal approximation with tie correction.

usage: ranktest_reference.py RANKTEST_CLI"""
import itertools
import math
import random
import subprocess
import sys

cli = sys.argv[1]


def midranks(pooled):
    order = sorted(range(len(pooled)), key=lambda i: pooled[i])
    ranks = [0.0] * len(pooled)  # halves: exact in binary floating point
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and pooled[order[j + 1]] == pooled[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + 1 + j + 1) / 2
        i = j + 1
    return ranks


def exact_p(a, b):
    pooled = a + b
    if not a or not b or len(set(pooled)) == 1:
        return 1.0
    r = midranks(pooled)
    m, n = len(a), len(pooled)
    mean = m * (n + 1) / 2
    dev = abs(sum(r[:m]) - mean)
    hit = total = 0
    for chosen in itertools.combinations(range(n), m):
        total += 1
        if abs(sum(r[i] for i in chosen) - mean) >= dev:
            hit += 1
    return hit / total


def normal_p(a, b):
    pooled = a + b
    m, n2, n = len(a), len(b), len(a) + len(b)
    r = midranks(pooled)
    w = sum(r[:m])
    ties = sum(t ** 3 - t for t in (pooled.count(v) for v in set(pooled)))
    var = m * n2 / 12 * (n + 1 - ties / (n * (n - 1)))
    z = (abs(w - m * (n + 1) / 2) - 0.5) / math.sqrt(var)
    return 1.0 if z <= 0 else math.erfc(z / math.sqrt(2))


random.seed(17)
cases = []
for _ in range(400):
    m, n = random.randint(1, 8), random.randint(1, 8)
    spread = random.choice([2, 3, 5, 1000])  # small ranges: many ties
    shift = random.choice([0, 0, 1, 3])
    a = [random.randint(0, spread) for _ in range(m)]
    b = [random.randint(0, spread) + shift for _ in range(n)]
    cases.append((a, b, exact_p(a, b)))
for _ in range(20):
    m, n = random.randint(31, 50), random.randint(31, 50)
    a = [random.randint(0, 40) for _ in range(m)]
    b = [random.randint(0, 40) + random.choice([0, 4]) for _ in range(n)]
    cases.append((a, b, normal_p(a, b)))

text = "".join(" ".join(map(str, a)) + " | " + " ".join(map(str, b)) + "\n" for a, b, _ in cases)
out = subprocess.run([cli], input=text, capture_output=True, text=True, check=True).stdout.split()
failures = 0
for (a, b, want), got in zip(cases, out):
    if abs(float(got) - want) > 1e-9 * max(1.0, want):
        failures += 1
        print(f"FAIL: {a} | {b}: profan {got}, reference {want}")
if len(out) != len(cases):
    failures += 1
    print(f"FAIL: {len(out)} answers for {len(cases)} cases")
print(f"{failures} failed" if failures else f"all {len(cases)} rank tests agree with the reference")
sys.exit(1 if failures else 0)
