#!/usr/bin/env python3
"""check_samply.py: profan samply --annotate against an independent per-line count.

    check_samply.py PROFAN PROFILE --bin-dir DIR --function NAME... [--perf-report FILE]
                    [--design anno] [profan options...]

Reads the samply profile with Python's json module, resolves every (library, address) of
every sample with eu-addr2line -i (binutils addr2line for Rust binaries, whose inline
chains elfutils 0.188 does not print), through tests/ownership/check.py's helpers, and for
each NAME gives each sample to one line of it: the location of the innermost level of the
sample's inline-expanded stack that is NAME (Total), and Self too when that level is the
leaf. That is the rule docs/annotate.md states; this script states it again without profan's
code. Checked, for the CPU (threadCPUDelta) and the samples metric:

- profan's listing of NAME has exactly these (file, line) -> (Self, Total) rows (lines with
  no cost are context and must be zero);
- the rows add up to the listing's own figures, and those equal NAME's Self in the
  "Top self, all code" table and its Total in the inclusive table (when it is in the binary);
- with --perf-report (perf report --no-children --sort sym,srcline -n of the same recording),
  the Self rows of the NAMEs, summed by (file name, line), equal perf's sample count for
  every line of their files (perf names a line by the innermost inline level of the address);
- with --design anno: the costs of hot() follow anno.c's design (1 : 2 : 1 rounds).
Exit 0 when all hold. Python 3, standard library only."""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ownership"))
import check as own  # noqa: E402  (the shared reader and addr2line driver)


def expected(profile, sym, names):
    """{name: {(file, line): [self_cpu, total_cpu, self_n, total_n]}}"""
    stacks = list(own.sample_stacks(profile))
    wanted = {}
    for frames, _, _ in stacks:
        for lib, addr in frames:
            if lib is not None and addr >= 0:
                wanted.setdefault(lib, set()).add(addr)
    sym.resolve(wanted)
    out = {n: {} for n in names}
    for frames, cpu, w in stacks:
        levels = []  # innermost first: (function, file, line)
        for lib, addr in frames:
            if lib is None or addr < 0:
                levels.append(("(unknown)", "??", 0))
                continue
            for f, fl, ln, _ in sym.cache[(lib, addr)]:
                levels.append((f, fl, int(ln) if ln.isdigit() else 0))
        for n in names:
            for i, (f, fl, ln) in enumerate(levels):
                if f == n:
                    row = out[n].setdefault((fl if ln else "", ln), [0, 0, 0, 0])
                    row[1] += cpu
                    row[3] += w
                    if i == 0:
                        row[0] += cpu
                        row[2] += w
                    break
    return out


def run_profan(profan, profile, extra, metric):
    cmd = [profan, "samply", profile, "--json", "--top", "0", "--metric", metric] + extra
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("profan failed (%d): %s" % (res.returncode, res.stderr.strip()))
    return json.loads(res.stdout)


def listings(report):
    return {v["function"]["name"]: v for v in report["views"] if v["id"] == "annotate"}


def table(report, vid):
    for v in report["views"]:
        if v["id"] == vid:
            return {r["name"]: r["values"][0] for r in v["rows"]}
    return {}


def perf_lines(path):
    """{(file name, line): samples} from perf report --sort sym,srcline -n."""
    out = {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^\s+[\d.]+%\s+(\d+)\s+\[\.\]\s+\S+\s+(\S+):(\d+)\s*$", line)
        if m:
            key = (m.group(2), int(m.group(3)))
            out[key] = out.get(key, 0) + int(m.group(1))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profan")
    ap.add_argument("profile")
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--function", action="append", required=True)
    ap.add_argument("--perf-report")
    ap.add_argument("--design")
    args, extra = ap.parse_known_args()
    names = args.function
    profile = own.load_profile(args.profile)
    sym = own.Symbolizer(profile, args.bin_dir, lambda m: print("warning:", m, file=sys.stderr))
    want = expected(profile, sym, names)
    pattern = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    extra = extra + ["--symbol-path", args.bin_dir, "--annotate", pattern]
    bad = []
    for metric, k in (("cpu", 0), ("samples", 2)):
        rep = run_profan(args.profan, args.profile, extra, metric)
        got = listings(rep)
        top_self, top_incl = table(rep, "top_self"), table(rep, "top_inclusive_binary")
        for n in names:
            if n not in got:
                bad.append("%s: no listing of %s" % (metric, n))
                continue
            v = got[n]
            rows = {}
            for r in v["rows"]:
                if r["values"][0] or r["values"][1]:
                    key = (r["file"] if r["line"] else "", r["line"])
                    rows[key] = (r["values"][0], r["values"][1])
            exp = {key: (e[k], e[k + 1]) for key, e in want[n].items() if e[k] or e[k + 1]}
            if rows != exp:
                for key in sorted(set(rows) | set(exp)):
                    if rows.get(key) != exp.get(key):
                        bad.append("%s: %s %s:%s: profan %s, addr2line %s" %
                                   (metric, n, key[0], key[1], rows.get(key), exp.get(key)))
            fself, ftotal = v["function"]["values"]
            sums = (sum(r[0] for r in rows.values()), sum(r[1] for r in rows.values()))
            if sums != (fself, ftotal):
                bad.append("%s: %s: rows add up to %s, the function's figures are %s" %
                           (metric, n, sums, (fself, ftotal)))
            if top_self.get(n, 0) != fself:
                bad.append("%s: %s: Self %d, top_self %s" % (metric, n, fself, top_self.get(n)))
            if n in top_incl and top_incl[n] != ftotal:
                bad.append("%s: %s: Total %d, top_inclusive_binary %d" % (metric, n, ftotal, top_incl[n]))
            print("%s %s: Self %d, Total %d in %d lines: %s" % (metric, n, fself, ftotal, len(rows),
                  "as computed" if rows == exp else "DIFFERENT"))
        if metric == "samples" and args.perf_report:
            perf = perf_lines(args.perf_report)
            ours = {}
            for n in names:
                for r in got.get(n, {}).get("rows", []):
                    if r["values"][0] and r["line"]:
                        key = (os.path.basename(r["file"]), r["line"])
                        ours[key] = ours.get(key, 0) + r["values"][0]
            files = {f for f, _ in ours}
            theirs = {key: c for key, c in perf.items() if key[0] in files}
            if ours != theirs:
                bad.append("perf report per line %s, profan Self %s" % (sorted(theirs.items()), sorted(ours.items())))
            else:
                print("perf report: the same samples on all %d lines of %s" % (len(ours), ", ".join(sorted(files))))
        if metric == "samples" and args.design == "anno":
            rows = {r["line"]: r["values"] for r in got["hot"]["rows"] if r["line"]}
            own_rounds = rows[36][0] + rows[37][0]
            mix_rounds = rows[38][0] + rows[39][1]
            step_rounds = rows[40][1]
            ratio_mix, ratio_step = mix_rounds / own_rounds, step_rounds / own_rounds
            print("design: hot's own rounds %d samples, mix's (2x) %d = %.2fx, step's (1x) %d = %.2fx" %
                  (own_rounds, mix_rounds, ratio_mix, step_rounds, ratio_step))
            if not (1.5 <= ratio_mix <= 2.7 and 0.7 <= ratio_step <= 1.4):
                bad.append("design: 1 : 2 : 1 rounds read as 1 : %.2f : %.2f" % (ratio_mix, ratio_step))
            if got["hot"]["rows"] and not any("mix (inlined)" in r.get("detail", "") for r in got["hot"]["rows"]):
                bad.append("design: hot's line 39 does not say that mix was inlined there")
    for b in bad:
        print("FAIL:", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
