#!/usr/bin/env python3
"""The ownership rules are one table in src/model/ownership.c (`rules[]`: id, test, class,
evidence, reason); docs/ownership.md lists the same rows, in the same order, with the same
class and reason. This check fails when one of them changes without the other.
Usage: check_rules_doc.py REPO"""
import os, re, sys

repo = sys.argv[1]
src = open(os.path.join(repo, "src", "model", "ownership.c"), encoding="utf-8").read()
body = src[src.index("} rules[] = {"):]
body = body[:body.index("\n};")]
row = re.compile(r'\{"([a-z0-9-]+)", r_[a-z0-9_]+, OWN_([A-Z]+), OWN_BY_[A-Z]+,\s*"((?:[^"\\]|\\.)*)"\}')
code = [(m.group(1), m.group(2).lower(), m.group(3).replace('\\"', '"')) for m in row.finditer(body)]
if len(code) != body.count("{\""):
    sys.exit(f"FAIL: read {len(code)} rows of rules[] of {body.count(chr(123) + chr(34))}")
doc = open(os.path.join(repo, "docs", "ownership.md"), encoding="utf-8").read()
drow = re.compile(r"^\| (\d+) \| `([a-z0-9-]+)` \| ([a-z]+) \| (.*) \|$", re.M)
docs = [(m.group(2), m.group(3), m.group(4).replace("\\|", "|")) for m in drow.finditer(doc)]
bad = 0
for i in range(max(len(code), len(docs))):
    c = code[i] if i < len(code) else None
    d = docs[i] if i < len(docs) else None
    if c != d:
        print(f"FAIL: row {i + 1}: ownership.c has {c}, docs/ownership.md {d}")
        bad += 1
print(f"{len(code)} rules, {len(docs)} documented; {bad} problems")
sys.exit(1 if bad else 0)
