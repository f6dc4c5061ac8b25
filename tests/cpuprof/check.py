#!/usr/bin/env python3
"""Independent check of `profan cpuprof` numbers: recomputes every table from the
raw JSON with plain Python (no profan code) and compares with `profan --json`.

  check.py PROFAN FILE [profan options...]
  check.py --same PROFAN FILE_A FILE_B [profan options...]

Exact integer microseconds are compared for self, inclusive and per-script
values; the printed percentages to 0.01. For profiles where nothing is folded
(no wrapper frames), it also checks that profan's rows summed by name equal the
common snippet (`tot[name] += timeDeltas[i]`). Exit 0 = all equal."""
import gzip
import json
import re
import subprocess
import sys

PLUMBING_EXACT = {"GenericJSToWasmWrapper", "GenericWasmToJSWrapper", "JSToWasmWrapper",
                  "WasmToJSWrapper", "JSToWasmWrapperAsm"}


def plumbing(name):
    return name in PLUMBING_EXACT or name.startswith(("js-to-wasm:", "wasm-to-js:", "js-to-js:"))


def load(path):
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return json.loads(raw)


def profiles_of(doc):
    """List of dicts {nodes: {id: (parent, frame)}, samples, deltas, start, end, label}."""
    if isinstance(doc, dict) and "nodes" in doc:
        return [modern(doc)]
    if isinstance(doc, dict) and "head" in doc:
        return [legacy(doc)]
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    profs, order = {}, []
    def get(pid, pid_id):
        key = (pid, pid_id)
        if key not in profs:
            profs[key] = {"nodes": {}, "samples": [], "deltas": [], "start": None, "end": None,
                          "chunks": [], "label": "%s:%s" % key}
            order.append(key)
        return profs[key]
    for i, e in enumerate(events):
        name = e.get("name")
        if name == "CpuProfile":
            p = modern(e["args"]["data"]["cpuProfile"], e["args"]["data"].get("timeDeltas"))
            key = (e.get("pid", 0), "CpuProfile@%d" % i)
            profs[key] = p
            order.append(key)
        elif name == "Profile":
            p = get(e.get("pid", 0), str(e.get("id", "")))
            p["start"] = e.get("args", {}).get("data", {}).get("startTime", e.get("ts"))
        elif name == "ProfileChunk":
            p = get(e.get("pid", 0), str(e.get("id", "")))
            if e.get("args", {}).get("data") is not None:
                p["chunks"].append((e.get("ts", 0), i, e["args"]["data"]))
    out = []
    for key in order:
        p = profs[key]
        # V8 writes a profile's first timeDelta from its start, so chunks whose Profile event is
        # missing still have their first gap; their endTime is on that event's clock, unknown here.
        orphan = "chunks" in p and p["start"] is None
        for _, _, d in sorted(p.pop("chunks", [])):
            cp = d.get("cpuProfile", {})
            for n in cp.get("nodes", []):
                p["nodes"][n["id"]] = (n.get("parent"), n["callFrame"])
            for n in cp.get("nodes", []):  # some writers (rspack) link by children, as .cpuprofile does
                for c in n.get("children", []):
                    if c in p["nodes"] and p["nodes"][c][0] is None:
                        p["nodes"][c] = (n["id"], p["nodes"][c][1])
            s, t = cp.get("samples", []), d.get("timeDeltas", cp.get("timeDeltas", []))
            k = min(len(s), len(t))
            p["samples"] += s[:k]
            p["deltas"] += t[:k]
            if "endTime" in d:
                p["end"] = d["endTime"]
        if orphan:
            p["start"], p["end"] = 0, None
        out.append(p)
    return out


def modern(obj, deltas=None):
    nodes = {}
    for n in obj["nodes"]:
        nodes[n["id"]] = (n.get("parent"), n["callFrame"])
    for n in obj["nodes"]:
        for c in n.get("children", []):
            if c in nodes:
                nodes[c] = (n["id"], nodes[c][1])
    prof = {"nodes": nodes, "samples": obj.get("samples", []),
            "deltas": deltas if deltas is not None else obj.get("timeDeltas", []),
            "start": obj.get("startTime"), "end": obj.get("endTime"), "label": "cpuprofile"}
    if "samples" not in obj and any(n.get("hitCount") for n in obj["nodes"]):
        # hitCount only: the duration spread over the hits in node order, DevTools' rule
        # (floor of the running share, so the parts add up to the whole)
        total = sum(n.get("hitCount", 0) for n in obj["nodes"])
        duration = prof["end"] - prof["start"]
        done = prev = 0
        prof["samples"], prof["deltas"], prof["hits"] = [], [], []
        for n in obj["nodes"]:
            if n.get("hitCount"):
                done += n["hitCount"]
                upto = duration * done // total
                prof["samples"].append(n["id"])
                prof["deltas"].append(upto - prev)
                prof["hits"].append(n["hitCount"])
                prev = upto
    return prof


def legacy(obj):
    nodes, todo = {}, [(obj["head"], None)]
    while todo:
        n, parent = todo.pop()
        frame = {"functionName": n.get("functionName", ""), "url": n.get("url", ""),
                 "lineNumber": n.get("lineNumber", 0) - 1, "columnNumber": n.get("columnNumber", 0) - 1}
        nodes[n["id"]] = (parent, frame)
        todo += [(c, n["id"]) for c in n.get("children", [])]
    ts = obj["timestamps"]
    samples = obj["samples"]
    # startTime and endTime are seconds; whole ones (node 10) only name the second, so they are no time
    start = obj["startTime"] * 1e6 if obj["startTime"] != int(obj["startTime"]) else None
    end = obj["endTime"] * 1e6 if obj["endTime"] != int(obj["endTime"]) else None
    if len(ts) == len(samples) + 1:
        start, ts = ts[0], ts[1:]
    elif ts and (start is None or start > ts[0]):
        start = ts[0]
    deltas = [b - a for a, b in zip([start] + ts[:-1], ts)]
    return {"nodes": nodes, "samples": samples, "deltas": deltas, "start": start,
            "end": end, "label": "legacy"}


def leb(b, i):
    v = shift = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7f) << shift
        shift += 7
        if c < 0x80:
            return v, i


def wasm_names(path):
    """{function index: (body offset, name)} from a module's import, code and name sections."""
    b = open(path, "rb").read()
    i, imports, bodies, names = 8, 0, [], {}
    while i < len(b):
        sid, i = b[i], i + 1
        size, i = leb(b, i)
        end, j = i + size, i
        if sid == 2:
            count, j = leb(b, j)
            for _ in range(count):
                for _ in range(2):
                    n, j = leb(b, j)
                    j += n
                kind, j = b[j], j + 1
                assert kind == 0, "the test modules import functions only"
                _, j = leb(b, j)
                imports += 1
        elif sid == 10:
            count, j = leb(b, j)
            for _ in range(count):
                n, j = leb(b, j)
                bodies.append(j)
                j += n
        elif sid == 0:
            n, j = leb(b, j)
            if b[j:j + n] == b"name":
                j += n
                while j < end:
                    sub, j = b[j], j + 1
                    n, j = leb(b, j)
                    if sub == 1:
                        k, q = leb(b, j)
                        for _ in range(k):
                            idx, q = leb(b, q)
                            ln, q = leb(b, q)
                            names[idx] = b[q:q + ln].decode()
                            q += ln
                    j += n
        i = end
    return {imports + k: (off, names.get(imports + k)) for k, off in enumerate(bodies)}


WASM = {}
DEMANGLED = {}


def demangle(name):
    """A mangled name of a wasm name section as binutils' c++filt reads it, without
    the parameter list and the legacy Rust hash (profan shows native names so)."""
    if name not in DEMANGLED:
        out = subprocess.run(["c++filt"], input=name + "\n", capture_output=True, text=True,
                             check=True).stdout.strip()
        out = re.sub(r"::h[0-9a-f]{16}$", "", out)
        DEMANGLED[name] = re.sub(r"\([^()]*\)$", "", out)
    return DEMANGLED[name]


def display(frame):
    name = frame.get("functionName", "")
    m = re.fullmatch(r"wasm-function\[(\d+)\]", name)
    if m and frame.get("url", "").startswith("wasm://") and int(m.group(1)) in WASM:
        off, real = WASM[int(m.group(1))]
        if off == frame.get("columnNumber") and real:
            name = real
    url = frame.get("url", "")
    if url.startswith("wasm://") and name.startswith(("_Z", "_R")):
        name = demangle(name)
    line, col = frame.get("lineNumber", -1), frame.get("columnNumber", -1)
    if line is None:
        line = -1
    if col is None:
        col = -1
    key = (name, url, line, col)
    shown = name or "(anonymous)"
    if not url:
        detail = None
    elif url.startswith("wasm://"):
        detail = "%s +0x%x" % (url, max(col, 0))
    elif line >= 0 and col >= 0:
        detail = "%s:%d:%d" % (url, line + 1, col + 1)
    elif line >= 0:
        detail = "%s:%d" % (url, line + 1)
    else:
        detail = url
    return key, shown, detail


def yours(key, shown):
    """Whose code, as docs/ownership.md states it for V8 profiles: a script's function is yours
    unless the script is Node's own (node:..., internal/..., a bare module name before Node 12;
    a Windows path is no bare name), V8's ("native ..."), in node_modules (either slash),
    Electron's (electron/js2c/...) or VS Code's js-debug bootloader; functions without a script
    are V8's."""
    name, url = key[0], key[1]
    if not url or plumbing(shown):
        return False
    if url.startswith(("node:", "internal/", "native ")) or ("/" not in url and "\\" not in url):
        return False
    if re.search(r"(^|/)electron/js2c/", url) or re.search(r"ms-vscode\.js-debug.*bootloader\.js", url):
        return False
    return not re.search(r"(^|[/\\])node_modules[/\\]", url)


def compute(p, weight):
    nodes = p["nodes"]
    n = min(len(p["samples"]), len(p["deltas"]))
    start = p["start"] if p["start"] is not None else 0
    times, clock, raw = [], start, start
    for d in p["deltas"][:n]:
        raw += d
        clock = max(clock, raw)
        times.append(clock)
    self_t, incl, by_url, snippet, raw_self, yself = {}, {}, {}, {}, {}, {}
    names, total = {}, 0
    for i in range(n):
        nid = p["samples"][i]
        if nid not in nodes:
            continue
        before = times[i] - (times[i - 1] if i else (p["start"] if p["start"] is not None else times[0]))
        if i + 1 < n:
            after = times[i + 1] - times[i]
        else:
            after = max(0, round(p["end"]) - times[i]) if p["end"] is not None else 0
        w = {"before": before, "after": after, "samples": 1}[weight]
        if "hits" in p:  # no samples to shift: every weighting spreads the duration over the hits
            w = p["hits"][i] if weight == "samples" else p["deltas"][i]
        total += w
        stack, cur = [], nid
        while cur is not None and cur in nodes:
            parent, frame = nodes[cur]
            key, shown, detail = display(frame)
            if not (parent is None and key[0] == "(root)" and not key[1]):
                stack.append((key, shown, detail))
            elif not stack:  # a sample at (root) itself: DevTools shows it as (root), and so does profan
                stack.append((key, shown, detail))
            if parent is not None and parent not in nodes:  # lost with a chunk that had no data
                stack.append((("(lost parent)", "", -1, -1), "(lost parent)", None))
            cur = parent
        if not stack:
            continue
        for key, shown, detail in stack:
            names[key] = (shown, detail)
        # self: wrapper frames count in their nearest non-wrapper caller
        raw_self[stack[0][0]] = raw_self.get(stack[0][0], 0) + w
        owner = next((k for k, s, d in stack if not plumbing(s)), None)
        self_t[owner] = self_t.get(owner, 0) + w
        mine = next((k for k, s, d in stack if yours(k, s)), None)
        yself[mine] = yself.get(mine, 0) + w
        for key in set(k for k, s, d in stack):
            if not plumbing(names[key][0]):
                incl[key] = incl.get(key, 0) + w
        url = owner[1] if owner is not None else ""  # wrapper time goes to its caller's script too
        by_url[url] = by_url.get(url, 0) + w
    # the users' snippet, verbatim in spirit: tot[functionName of samples[i]] += timeDeltas[i]
    for sid, d in zip(p["samples"], p["deltas"]):
        if sid in nodes:
            fn = nodes[sid][1].get("functionName", "")
            snippet[fn] = snippet.get(fn, 0) + d
    return total, self_t, incl, by_url, names, snippet, raw_self, yself


def same_as(profan, a, b, opts):
    """`check.py --same PROFAN A B opts`: A and B give the same Self table, file:// aside
    (a Node trace names scripts by path, its .cpuprofile by file:// url)."""
    rows = []
    for path in (a, b):
        out = subprocess.run([profan, "cpuprof", "--json", "--top", "0", "-q"] + opts + [path],
                             capture_output=True, text=True, check=True)
        view = [v for v in json.loads(out.stdout)["views"] if v["id"] == "top_self"][0]
        rows.append(sorted((r["name"], (r.get("detail") or "").replace("file://", ""), r["values"])
                           for r in view["rows"]))
    print("%s == %s %s: %s" % (a, b, " ".join(opts), "ok" if rows[0] == rows[1] else "FAIL"))
    return 0 if rows[0] == rows[1] else 1


def main():
    if sys.argv[1] == "--same":
        return same_as(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    profan, path, opts = sys.argv[1], sys.argv[2], sys.argv[3:]
    if "--wasm" in opts:
        WASM.update(wasm_names(opts[opts.index("--wasm") + 1]))
    weight = "before"
    if "--weight" in opts:
        weight = opts[opts.index("--weight") + 1]
    out = subprocess.run([profan, "cpuprof", "--json", "--top", "0", "-q"] + opts + [path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        print("profan failed:", out.stderr)
        return 1
    rep = json.loads(out.stdout)
    views = {v["id"]: v for v in rep["views"]}
    profs = profiles_of(load(path))
    if "--profile" in opts:
        sel = opts[opts.index("--profile") + 1]
        if sel == "all":
            chosen = profs
        elif sel.isdigit():
            chosen = [profs[int(sel) - 1]]
        else:
            chosen = [p for p in profs if p["label"].endswith(":" + sel) or p["label"] == sel]
    else:
        chosen = [max(profs, key=lambda p: min(len(p["samples"]), len(p["deltas"])))]
    total, self_t, incl, by_url, names, snippet, yself = 0, {}, {}, {}, {}, {}, {}
    for p in chosen:
        t, s, inc, u, nm, sn, _, ys = compute(p, weight)
        total += t
        names.update(nm)
        for a, b in ((self_t, s), (incl, inc), (by_url, u), (snippet, sn), (yself, ys)):
            for k, v in b.items():
                a[k] = a.get(k, 0) + v
    errors = []

    def compare(view_id, expected, label_of):
        got = {}
        for r in views[view_id]["rows"]:
            k = (r["name"], r.get("detail"))
            got[k] = got.get(k, 0) + int(r["values"][0])
            col_total = views[view_id]["columns"][0]["total"]
            if col_total != total:
                errors.append("%s: column total %s, expected %s" % (view_id, col_total, total))
            pct = 100.0 * r["values"][0] / total if total else 0
            if abs(pct - r["percent"][0]) > 0.005:
                errors.append("%s: %s percent %s, expected %.4f" % (view_id, k, r["percent"][0], pct))
        want = {}
        for key, v in expected.items():
            if v == 0:
                continue
            lk = label_of(key)
            want[lk] = want.get(lk, 0) + v
        got = {k: v for k, v in got.items() if v != 0}
        for k in sorted(set(want) | set(got), key=str):
            if want.get(k) != got.get(k):
                errors.append("%s: %s = %s, expected %s" % (view_id, k, got.get(k), want.get(k)))

    # header shares, from raw self time per function (wrappers not folded)
    raw_self = {}
    for p in chosen:
        for key, v in compute(p, weight)[6].items():
            raw_self[key] = raw_self.get(key, 0) + v

    def share(pred):
        return 100.0 * sum(v for k, v in raw_self.items() if pred(k)) / total if total else 0.0

    synthetic = lambda n: (lambda k: k[0] == n and not k[1])
    want_vm = "(garbage collector) %.2f%%, (program) %.2f%%, (idle) %.2f%%" % (
        share(synthetic("(garbage collector)")), share(synthetic("(program)")), share(synthetic("(idle)")))
    if rep["header"].get("VM shares") != want_vm:
        errors.append("VM shares %r, expected %r" % (rep["header"].get("VM shares"), want_vm))
    is_wasm = lambda k: k[1].startswith("wasm://") and not plumbing(names[k][0])
    unnamed = lambda k: k[1].startswith("wasm://") and re.fullmatch(r"wasm-function\[\d+\]", names[k][0])
    if any(k[1].startswith("wasm://") or plumbing(names[k][0]) for k in names):
        want = ("%.2f%% self in wasm functions (%.2f%% in unnamed wasm-function[N]), %.2f%% in JS<->wasm "
                "wrappers" % (share(is_wasm), share(unnamed), share(lambda k: plumbing(names[k][0]))))
        if rep["header"].get("WebAssembly") != want:
            errors.append("WebAssembly %r, expected %r" % (rep["header"].get("WebAssembly"), want))

    func_label = lambda key: names[key] if key is not None else ("(no JS caller)", None)
    compare("top_self", self_t, func_label)
    compare("top_inclusive", incl, func_label)
    compare("top_self_yours", yself,
            lambda key: names[key] if key is not None else ("(no frame of your code)", None))
    compare("by_script", by_url, lambda url: (url or "(native and VM: no url)", None))
    clean = (weight == "before" and "--wasm" not in opts and not any(plumbing(s) for s, d in names.values())
             and all(d >= 0 for p in chosen for d in p["deltas"]))
    if clean:
        by_name = {}
        for r in views["top_self"]["rows"]:
            nm = "" if r["name"] == "(anonymous)" else r["name"]
            by_name[nm] = by_name.get(nm, 0) + int(r["values"][0])
        if {k: v for k, v in by_name.items() if v} != {k: v for k, v in snippet.items() if v}:
            errors.append("rows summed by name differ from the snippet's totals")
    for e in errors[:20]:
        print("MISMATCH", e)
    print("%s %s %s: %d functions, total %d, %s" % (path, " ".join(opts), weight, len(self_t), total,
                                                   "FAIL" if errors else "ok"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
