#!/usr/bin/env python3
"""Writes a small Firefox browser profile (processed format, as profiler.firefox.com saves it) in
the two layouts that place a JS function's file differently:

    python3 tests/samply/gen_firefox.py fixtures/samply/firefox

  v48.json  funcTable.fileName (a string index), per-thread stringArray, `time`
  v58.json  funcTable.source (a row of shared.sources, whose `filename` is a string index),
            shared.stringArray, `timeDeltas`

Layout from firefox-devtools/profiler:docs-developer/CHANGELOG-formats.md (v56: shared.stringArray,
v58: FuncTable.fileName replaced by FuncTable.source into profile.shared.sources) and
docs/samply-format.md §5. No public Firefox profile with JS functions and a licence was found
(tests/corpus/SOURCES.md), so this one is designed by hand to hold what real ones do: two JS
functions named `Ajs` in two bundles, two minified functions `e` on line 1 of one bundle told
apart only by their column, JS resources with no library (webhost), a label frame, native
libxul.so frames named by the file and one left as an address.

One content-process thread; samples, root first, CPU in µs (threadCPUDelta):

  S1  xul 0x1234 > Dispatch > onClick(app.js:40:3) > Ajs(app.js:10:5)              4000
  S2  same as S1                                                                    2000
  S3  xul 0x1234 > Dispatch > onClick > Ajs(vendor.js:1:200)                        1500
  S4  ... > Ajs(vendor.js:1:200) > e(vendor.js:1:1000)                               700
  S5  ... > Ajs(vendor.js:1:200) > e(vendor.js:1:2000)                              300
  S6  xul 0x1234 > js::RunScript                                                     500
  S7  ... > onClick > Ajs(app.js:10:5) > js::RunScript                              1000

Expected, by hand (total 10000 µs = 10.00 ms):
  self by function: Ajs app.js:10:5 6000, Ajs vendor.js:1:200 1500, js::RunScript 1500,
                    e vendor.js:1:1000 700, e vendor.js:1:2000 300 (by name only, Ajs would be
                    7500 and e 1000: the merge this layout must not make)
  self by file (--by file): app.js 6000, vendor.js 2500, [libxul.so] 1500
  inclusive by file: [libxul.so] 10000 (every stack starts there), app.js 9500 (S1-S5, S7),
                    vendor.js 2500 (S3-S5)
"""
import json
import os
import sys

APP = "https://app.example/static/app.js"
VENDOR = "https://cdn.example/vendor.js"

LIBS = [
    {"name": "libxul.so", "path": "/usr/lib/firefox/libxul.so", "debugName": "libxul.so",
     "debugPath": "/usr/lib/firefox/libxul.so", "breakpadId": "1B1D6C8E2A0F4F0E9C3B5D7A6E8F90120",
     "codeId": "8e6c1d1b0f2a0e4f9c3b5d7a6e8f901234567890", "arch": "x86_64"},
]

# resources: (name, lib index or None, host or None, type: 1 library, 3 webhost)
RESOURCES = [("libxul.so", 0, None, 1), ("app.example", None, "https://app.example", 3),
             ("cdn.example", None, "https://cdn.example", 3)]

# funcs: key -> (name, isJS, resource or -1, file or None, line or None, column or None)
FUNCS = {
    "xul": ("0x1234", False, 0, None, None, None),
    "runscript": ("js::RunScript", False, 0, None, None, None),
    "dispatch": ("EventDispatcher::Dispatch", False, -1, None, None, None),
    "onclick": ("onClick", True, 1, APP, 40, 3),
    "ajs_app": ("Ajs", True, 1, APP, 10, 5),
    "ajs_vendor": ("Ajs", True, 2, VENDOR, 1, 200),
    "e1000": ("e", True, 2, VENDOR, 1, 1000),
    "e2000": ("e", True, 2, VENDOR, 1, 2000),
}

# frames: key -> (func key, address or -1, line or None, column or None)
FRAMES = {
    "xul": ("xul", 0x1234, None, None),
    "runscript": ("runscript", 0x5010, None, None),
    "dispatch": ("dispatch", -1, None, None),
    "onclick": ("onclick", -1, 42, 7),
    "ajs_app": ("ajs_app", -1, 12, 9),
    "ajs_vendor": ("ajs_vendor", -1, 1, 230),
    "e1000": ("e1000", -1, 1, 1010),
    "e2000": ("e2000", -1, 1, 2015),
}

BASE = ["xul", "dispatch", "onclick"]
SAMPLES = [  # (stack root first, cpu µs)
    (BASE + ["ajs_app"], 4000),
    (BASE + ["ajs_app"], 2000),
    (BASE + ["ajs_vendor"], 1500),
    (BASE + ["ajs_vendor", "e1000"], 700),
    (BASE + ["ajs_vendor", "e2000"], 300),
    (["xul", "runscript"], 500),
    (BASE + ["ajs_app", "runscript"], 1000),
]


def tables(version, strings, sources):
    def s(text):
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    fkeys, frkeys = list(FUNCS), list(FRAMES)
    fn = {"length": len(fkeys), "name": [], "isJS": [], "relevantForJS": [], "resource": [],
          "lineNumber": [], "columnNumber": []}
    fn["fileName" if version < 58 else "source"] = []
    for k in fkeys:
        name, is_js, res, file, line, col = FUNCS[k]
        fn["name"].append(s(name))
        fn["isJS"].append(is_js)
        fn["relevantForJS"].append(False)
        fn["resource"].append(res)
        fn["lineNumber"].append(line)
        fn["columnNumber"].append(col)
        if version < 58:
            fn["fileName"].append(s(file) if file else None)
        elif file is None:
            fn["source"].append(None)
        else:
            if s(file) not in sources["filename"]:
                sources["filename"].append(s(file))
                sources["id"].append(None)
                sources["length"] += 1
            fn["source"].append(sources["filename"].index(s(file)))
    ft = {"length": len(frkeys), "address": [], "inlineDepth": [], "category": [], "subcategory": [],
          "func": [], "nativeSymbol": [], "innerWindowID": [], "line": [], "column": []}
    for k in frkeys:
        func, addr, line, col = FRAMES[k]
        ft["address"].append(addr)
        ft["inlineDepth"].append(0)
        ft["category"].append(2 if FUNCS[func][1] else 1)
        ft["subcategory"].append(0)
        ft["func"].append(fkeys.index(func))
        ft["nativeSymbol"].append(None)
        ft["innerWindowID"].append(7 if FUNCS[func][1] else 0)
        ft["line"].append(line)
        ft["column"].append(col)
    rt = {"length": len(RESOURCES), "lib": [r[1] for r in RESOURCES], "name": [s(r[0]) for r in RESOURCES],
          "host": [s(r[2]) if r[2] else None for r in RESOURCES], "type": [r[3] for r in RESOURCES]}
    st = {"length": 0, "frame": [], "prefix": []}
    index = {}
    stacks = []
    for path, _ in SAMPLES:
        parent = None
        for i in range(len(path)):
            key = tuple(path[:i + 1])
            if key not in index:
                index[key] = st["length"]
                st["frame"].append(frkeys.index(path[i]))
                st["prefix"].append(parent)
                st["length"] += 1
            parent = index[key]
        stacks.append(parent)
    return fn, ft, rt, st, stacks


def profile(version):
    strings = []
    sources = {"length": 0, "id": [], "filename": []}
    fn, ft, rt, st, stacks = tables(version, strings, sources)
    times = [1000.0 + 1.0 * i for i in range(len(SAMPLES))]
    samples = {"length": len(SAMPLES), "stack": stacks, "weight": None, "weightType": "samples",
               "threadCPUDelta": [cpu for _, cpu in SAMPLES]}
    if version < 50:
        samples["time"] = times
    else:
        samples["timeDeltas"] = [times[0]] + [b - a for a, b in zip(times, times[1:])]
    thread = {"processType": "tab", "processName": "Isolated Web Content", "processStartupTime": 0,
              "processShutdownTime": None, "registerTime": 0, "unregisterTime": None, "pausedRanges": [],
              "name": "GeckoMain", "isMainThread": True, "pid": "4242", "tid": 4242,
              "samples": samples, "markers": {"length": 0, "data": [], "name": [], "startTime": [],
                                              "endTime": [], "phase": [], "category": []},
              "stackTable": st, "frameTable": ft, "funcTable": fn, "resourceTable": rt,
              "nativeSymbols": {"length": 0, "libIndex": [], "address": [], "name": [], "functionSize": []}}
    meta = {"interval": 1, "startTime": 1700000000000.0, "processType": 0, "product": "Firefox",
            "stackwalk": 1, "version": 27, "preprocessedProfileVersion": version,
            "oscpu": "X11; Linux x86_64", "platform": "X11", "toolkit": "gtk", "symbolicated": True,
            "categories": [{"name": "Other", "color": "grey", "subcategories": ["Other"]},
                           {"name": "C++", "color": "yellow", "subcategories": ["Other"]},
                           {"name": "JavaScript", "color": "yellow", "subcategories": ["Other"]}],
            "sampleUnits": {"time": "ms", "eventDelay": "ms", "threadCPUDelta": "µs"},
            "markerSchema": []}
    prof = {"meta": meta, "libs": LIBS, "pages": [], "threads": [thread]}
    if version < 56:
        thread["stringArray"] = strings
    else:
        prof["shared"] = {"stringArray": strings}
        if version >= 58:
            prof["shared"]["sources"] = sources
    return prof


def main(out):
    os.makedirs(out, exist_ok=True)
    for v in (48, 58):
        with open(os.path.join(out, "v%d.json" % v), "w", encoding="utf-8") as f:
            json.dump(profile(v), f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
