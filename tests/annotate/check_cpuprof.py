#!/usr/bin/env python3
"""check_cpuprof.py: profan cpuprof --annotate against the profile's own per-line counts.

    check_cpuprof.py PROFAN PROFILE [--weight before|after|samples]
    check_cpuprof.py PROFAN --live tests/annotate/lines.js     (node at test time; 77 = skip)

Every function with self time is annotated (--annotate . --top 0). Independently of profan
(Python's json module; self time per function from tests/cpuprof/check.py's recomputation):

- a .cpuprofile's positionTicks are summed per function and line (hits V8 placed on no line,
  hitCount beyond the ticks, at line 0); the function's self time split in proportion must
  give each line its exact share rounded down or up, and the lines must add up to the self
  time exactly, which must be the listing's figure;
- a trace's per-sample "lines" (ProfileChunk) give each line the weight of its own samples:
  the listing must have exactly those numbers;
- a wasm function has one row, its body's byte offset, holding all its self time.
--live runs tests/annotate/lines.js under node --cpu-prof (a .cpuprofile, and the same run
as a trace) and checks both, plus the script's design: work()'s second loop line, 3x the
rounds of the first, holds 2 to 4.5 times its time.
Python 3, standard library only."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cpuprof"))
import check as cp  # noqa: E402  (the independent reader and self-time computation)


def func_id(frame):
    key, shown, _ = cp.display(frame)
    return (shown, key[1], key[2] + 1 if key[2] >= 0 else 0)


def node_ticks(doc):
    """{(name, url, line): {line: ticks}} from a .cpuprofile's positionTicks."""
    out = {}
    for n in doc.get("nodes", []):
        if "positionTicks" not in n:
            continue
        t = out.setdefault(func_id(n["callFrame"]), {})
        got = 0
        for pt in n["positionTicks"]:
            t[pt["line"]] = t.get(pt["line"], 0) + pt["ticks"]
            got += pt["ticks"]
        if n.get("hitCount", 0) > got:
            t[0] = t.get(0, 0) + n["hitCount"] - got
    return out


def trace_lines(doc, weight):
    """{(name, url, line): {line: weight}} from the largest profile of a trace, per sample."""
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    profs = {}
    for i, e in enumerate(events):
        if e.get("name") == "ProfileChunk" and e.get("args", {}).get("data") is not None:
            profs.setdefault((e.get("pid"), e.get("id")), []).append((e.get("ts", 0), i, e["args"]["data"]))
        if e.get("name") == "Profile":
            profs.setdefault((e.get("pid"), e.get("id")), [])
    starts = {(e.get("pid"), e.get("id")): e["args"]["data"].get("startTime", e.get("ts"))
              for e in events if e.get("name") == "Profile"}
    best, out = None, {}
    for key, chunks in profs.items():
        nodes, samples, deltas, lines, end = {}, [], [], [], None
        for _, _, d in sorted(chunks, key=lambda c: (c[0], c[1])):
            cpd = d.get("cpuProfile", {})
            for n in cpd.get("nodes", []):
                nodes[n["id"]] = n["callFrame"]
            s, t = cpd.get("samples", []), d.get("timeDeltas", [])
            k = min(len(s), len(t))
            ln = (d.get("lines") or [0] * k) + [0] * k
            samples += s[:k]
            deltas += t[:k]
            lines += ln[:k]
            end = d.get("endTime", end)
        if best is None or len(samples) > best[0]:
            best = (len(samples), nodes, samples, deltas, lines, starts.get(key), end)
    _, nodes, samples, deltas, lines, start, end = best
    times, clock, raw = [], start, start
    for d in deltas:
        raw += d
        clock = max(clock, raw)
        times.append(clock)
    for i, nid in enumerate(samples):
        if nid not in nodes:
            continue
        before = times[i] - (times[i - 1] if i else start)
        after = times[i + 1] - times[i] if i + 1 < len(times) else max(0, round(end) - times[i]) if end else 0
        w = {"before": before, "after": after, "samples": 1}[weight]
        t = out.setdefault(func_id(nodes[nid]), {})
        t[lines[i]] = t.get(lines[i], 0) + w
    return out


def self_times(doc, path, weight):
    """{(name, url, line): self} with no wrapper crediting: the function's own frames."""
    profs = cp.profiles_of(doc)
    p = max(profs, key=lambda q: min(len(q["samples"]), len(q["deltas"])))
    raw_self = cp.compute(p, weight)[6]
    out = {}
    for key, v in raw_self.items():
        fid = (key[0] or "(anonymous)", key[1], key[2] + 1 if key[2] >= 0 else 0)
        out[fid] = out.get(fid, 0) + v
    return out


def check(profan, path, weight, design=None):
    doc = cp.load(path)
    exact = not (isinstance(doc, dict) and "nodes" in doc)
    ticks = trace_lines(doc, weight) if exact else node_ticks(doc)
    selfs = self_times(doc, path, weight)
    r = subprocess.run([profan, "cpuprof", path, "--json", "-q", "--top", "0", "--weight", weight,
                        "--annotate", "."], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("profan failed (%d): %s" % (r.returncode, r.stderr.strip()))
    bad, checked = [], 0
    for v in json.loads(r.stdout)["views"]:
        if v["id"] != "annotate":
            continue
        f = v["function"]
        m = re.match(r"^(.*?)(?::(\d+)(?::\d+)?)?(?:  \[.*\])?$", f["detail"] or "")  # url:line[:col]
        url, line = (m.group(1), int(m.group(2) or 0)) if f["detail"] else ("", 0)
        w = re.match(r"^(wasm://\S+) \+0x[0-9a-f]+$", f["detail"] or "")
        if w:  # a wasm function is named by its body's offset; V8's line for it is 0, here 1
            url, line = w.group(1), 1
        fid = (f["name"], url, line)
        if not url:  # no url: profan shows no line either (eval'd code); one function per name
            for d in (selfs, ticks):
                for k in [k for k in d if k[0] == f["name"] and not k[1] and k != fid]:
                    got = d.pop(k)
                    if isinstance(got, int):
                        d[fid] = d.get(fid, 0) + got
                    else:
                        merged = d.setdefault(fid, {})
                        for ln, x in got.items():
                            merged[ln] = merged.get(ln, 0) + x
        own = selfs.get(fid, 0)
        rows = {r["line"]: r["values"][0] for r in v["rows"] if r["values"][0]}
        if f["values"][0] != own or sum(rows.values()) != own:
            bad.append("%s: figure %d, rows add up to %d, self %d" % (fid, f["values"][0], sum(rows.values()), own))
        t = ticks.get(fid, {})
        total = sum(x for x in t.values() if x > 0)
        if url.startswith("wasm://"):
            ok = rows == ({0: own} if own else {}) and re.search(r"byte 0x[0-9a-f]+", v["rows"][0]["source"] or "")
            if not ok:
                bad.append("%s: a wasm function should be one row at its body: %s" % (fid, v["rows"]))
        elif total == 0:
            if own and rows != {0: own}:
                bad.append("%s: no ticks, yet lines %s" % (fid, rows))
        else:
            for ln in set(rows) | set(t):
                share = own * t.get(ln, 0) / total
                got = rows.get(ln, 0)
                ok = got == round(share) if exact else int(share) <= got <= int(share) + 1
                if exact and own and total != own:
                    bad.append("%s: the trace's lines weigh %d, the self time is %d" % (fid, total, own))
                if not ok:
                    bad.append("%s line %d: %d, the ticks give %.2f" % (fid, ln, got, share))
        checked += 1
        if design == "lines" and f["name"] == "work":
            text = open(design_src, encoding="utf-8").read().split("\n")
            first = next(i + 1 for i, s in enumerate(text) if "i < n;" in s)
            second = next(i + 1 for i, s in enumerate(text) if "i < 3 * n;" in s)
            ratio = rows.get(second, 0) / max(rows.get(first, 0), 1)
            print("design: work() line %d (3R rounds) / line %d (R rounds) = %.2f" % (second, first, ratio))
            # 3 by design; V8 runs the first loop longer before it is optimized (OSR), so a
            # loaded machine reads less (1.98 once in CI). Lines swapped or merged read <= 1.
            if not 1.5 <= ratio <= 4.5:
                bad.append("design: 1 : 3 rounds read as 1 : %.2f" % ratio)
    print("%s --weight %s: %d listings, %s" % (os.path.basename(path), weight, checked,
          "each line as the profile counts it" if not bad else "DIFFERENT"))
    for b in bad[:20]:
        print("FAIL:", b)
    return not bad and checked > 0


design_src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lines.js")


def live(profan, script):
    if not shutil.which("node"):
        print("SKIP: node not found")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(script, tmp)
        name = os.path.basename(script)
        subprocess.run(["node", "--cpu-prof", "--cpu-prof-interval", "250", "--cpu-prof-name", "l.cpuprofile",
                        "--trace-event-categories", "disabled-by-default-v8.cpu_profiler",
                        "--trace-event-file-pattern", "l.json", name, "6"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        ok = True
        for f in ("l.cpuprofile", "l.json"):
            for w in ("before", "samples"):
                ok = check(profan, os.path.join(tmp, f), w, "lines" if f == "l.cpuprofile" else None) and ok
        return ok


def main():
    profan = sys.argv[1]
    if sys.argv[2] == "--live":
        return 0 if live(profan, sys.argv[3]) else 1
    weight = sys.argv[sys.argv.index("--weight") + 1] if "--weight" in sys.argv else "before"
    return 0 if check(profan, sys.argv[2], weight) else 1


if __name__ == "__main__":
    sys.exit(main())
