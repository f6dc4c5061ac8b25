#!/usr/bin/env python3
"""README blocks that follow `<!-- golden: tests/golden/X.t -->` must equal that golden file's
command and output (the golden test itself checks the output against profan), so the README's
examples cannot drift from what profan prints."""
import pathlib, re, sys

root = pathlib.Path(sys.argv[1])
readme = (root / "README.md").read_text()
failures = 0
blocks = re.findall(r"<!-- golden: (\S+) -->\n```\w*\n(.*?)```", readme, re.S)
for path, block in blocks:
    # the README shows the directory golden commands run in, so the block can be pasted as is
    block = block.removeprefix("$ cd fixtures\n")
    golden = [l for l in (root / path).read_text().splitlines(keepends=True) if not l.startswith("#")]
    if "".join(golden) != block:
        print(f"README.md block for {path} differs from the golden file; copy it again")
        failures += 1
if not blocks:
    print("README.md has no golden blocks")
    failures += 1
print(f"{len(blocks) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
