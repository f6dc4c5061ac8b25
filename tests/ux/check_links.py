#!/usr/bin/env python3
"""Every reference in the repository resolves inside it (issue 19, item 10).

Checked in every tracked text file (sources, scripts, docs, goldens, the man page):
  - markdown links [text](target) in .md files: a relative target is a file or
    directory inside the repository, and its #anchor a heading of that file;
  - a path ending in .md ("docs/samply.md"): it exists, relative to the file or
    to the repository root, and inside the repository (one above it fails); a
    bare name ("EVIDENCE.md") is some file of that name in the repository; a file
    of another project is written "repo:path" and not checked; "share/doc/profan/P"
    (where cmake --install puts the guides) is P in the repository;
  - a section reference "§N" or "§N.M": the .md file named before it on the same
    line (in a .md file without one: that file itself) has a heading numbered N.M.

Usage: check_links.py SRCDIR"""
import os
import re
import subprocess
import sys

ROOT = os.path.realpath(sys.argv[1])
TEXT = (".md", ".c", ".h", ".py", ".sh", ".t", ".1", ".txt", ".js", ".wat", ".cmake", ".bash")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
MDPATH = re.compile(r"[\w./-]*[\w-]+\.md\b")
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")
# Built in pieces, so this file does not name what it forbids.
OUTSIDE = re.compile(r"(?:\.\./|/work/)" + "sha" + "red/")
HEADING = re.compile(r"^#+\s+(?:§\s?)?(\d+(?:\.\d+)*)\.?(?:\s|$)")

failures = []


def fail(where, msg):
    failures.append(f"{where}: {msg}")
    print(f"FAIL: {where}: {msg}")


def tracked():
    out = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True)
    if out.returncode != 0:  # not a git checkout (a release tarball): every file
        return sorted(os.path.relpath(os.path.join(d, f), ROOT) for d, _, fs in os.walk(ROOT)
                      if "/." not in d and "/build" not in d for f in fs)
    return out.stdout.split()


FILES = tracked()
BY_NAME = {}
for f in FILES:
    BY_NAME.setdefault(os.path.basename(f), []).append(f)


def inside(path):
    real = os.path.realpath(path)
    return real == ROOT or real.startswith(ROOT + os.sep)


def resolve(src, ref):
    """The repository file REF names from file SRC, or None."""
    if "/" not in ref:
        hits = BY_NAME.get(ref, [])
        return hits[0] if hits else None
    for base in (os.path.dirname(os.path.join(ROOT, src)), ROOT):
        p = os.path.normpath(os.path.join(base, ref))
        if os.path.exists(p) and inside(p):
            return os.path.relpath(p, ROOT)
    return None


_headings = {}


def headings(rel):
    if rel not in _headings:
        nums, slugs, fence = set(), set(), False
        for line in open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace"):
            if line.startswith("```"):
                fence = not fence
            if fence or not line.startswith("#"):
                continue
            m = HEADING.match(line)
            if m:
                nums.add(m.group(1))
            title = line.lstrip("#").strip().lower()
            slugs.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
        _headings[rel] = (nums, slugs)
    return _headings[rel]


for rel in FILES:
    if not rel.endswith(TEXT) and os.path.basename(rel) != "CMakeLists.txt":
        continue
    try:
        lines = open(os.path.join(ROOT, rel), encoding="utf-8").read().split("\n")
    except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
        continue
    is_md = rel.endswith(".md")
    for no, line in enumerate(lines, 1):
        where = f"{rel}:{no}"
        if rel.endswith(".1"):
            line = line.replace("\\-", "-")  # roff writes a hyphen in a path as backslash-minus
        if is_md:
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # http:, https:, mailto:
                path, _, anchor = target.partition("#")
                dest = rel if not path else resolve(rel, path)
                if dest is None:
                    fail(where, f"link to {target}, which is not in the repository")
                elif anchor and dest.endswith(".md") and anchor.lower() not in headings(dest)[1]:
                    fail(where, f"link to {target}: {dest} has no heading #{anchor}")
        if OUTSIDE.search(line):
            fail(where, "names a folder outside the repository; name the copy in the repository")
        refs = []  # (column, resolved file or None, text)
        for m in MDPATH.finditer(line):
            if m.start() > 0 and line[m.start() - 1] == ":":
                continue  # "repo:path", or a url's host part
            ref = m.group(0)
            # an installed guide (CMakeLists.txt: README.md and docs/ into share/doc/profan)
            ref = ref.removeprefix("share/doc/profan/")
            dest = resolve(rel, ref)
            if dest is None:
                fail(where, f"{m.group(0)} is not a file of the repository")
            refs.append((m.start(), dest))
        for m in SECTION.finditer(line):
            before = [d for col, d in refs if col < m.start()]
            if before and before[-1] is None:
                continue  # the file was reported above
            target = before[-1] if before else (rel if is_md else None)
            if target is None:
                fail(where, f"§{m.group(1)} names no file: write the .md file before it")
                continue
            if m.group(1) not in headings(target)[0]:
                fail(where, f"§{m.group(1)}: {target} has no section {m.group(1)}")

if failures:
    print(f"{len(failures)} reference(s) do not resolve inside the repository")
    sys.exit(1)
print(f"links: ok ({len(FILES)} files)")
