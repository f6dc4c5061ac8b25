#!/usr/bin/env python3
"""gen.py: writes the small malformed inputs of tests/malformed/<fmt>/ (run once, files committed).

Each file starts from a minimal valid document of its format and breaks one thing;
the expected message for each is pinned in tests/golden/malformed/<fmt>.t. Inputs
that would be large (deep stacks, gzip bombs) are made at test time by run.sh."""
import copy
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Names are bytes from binaries. Invalid UTF-8 of every kind (an overlong '/', a surrogate, a
# code point past U+10FFFF, an overlong two-byte form, a stray continuation byte) beside valid
# two-, three- and four-byte characters, which must come through unchanged.
# Text that would drive a terminal if printed raw: set the window title (OSC), clear the screen
# and recolour (CSI, SGR), ring the bell, return the carriage, back up, the one-byte C1 CSI
# (U+009B), a tab and a line break (which would start a forged line of the report).
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b[31mred\r\b\x9b31m\ttab\nnl\x7f\u202egnp.exe\u2066\u200f\u061c"
BAD_UTF8 = (b"ov\xe0\x80\xafsur\xed\xa0\x80big\xf4\x90\x80\x80two\xc0\xafcont\x80"
            b"ok\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80")


def dump(v):
    return json.dumps(v, separators=(",", ":"), allow_nan=True).encode()


def write(fmt, name, data):
    os.makedirs(os.path.join(HERE, fmt), exist_ok=True)
    with open(os.path.join(HERE, fmt, name), "wb") as f:
        f.write(data)


# ---------------------------------------------------------------- samply
SAMPLY = {
    "meta": {"version": 24, "preprocessedProfileVersion": 49, "interval": 1.0, "product": "app"},
    "libs": [{"name": "app", "path": "/opt/app", "debugName": "app", "debugPath": "/opt/app",
              "breakpadId": "5C0A0D51EA1980DF43F203B4525BE9BE0"}],
    "threads": [{
        "name": "main", "processName": "app", "pid": "1", "tid": "1", "isMainThread": True,
        "stringArray": ["0x10", "0x20"],
        "resourceTable": {"length": 1, "lib": [0], "name": [0]},
        "funcTable": {"length": 2, "name": [0, 1], "resource": [0, 0]},
        "frameTable": {"length": 2, "address": [16, 32], "func": [0, 1]},
        "stackTable": {"length": 2, "frame": [0, 1], "prefix": [None, 0]},
        "samples": {"length": 3, "stack": [1, 1, 0], "time": [0, 1, 2],
                    "threadCPUDelta": [10, 20, 30]},
    }],
}


def samply(mutate):
    d = copy.deepcopy(SAMPLY)
    mutate(d, d["threads"][0])
    return dump(d)


def setp(path, value):
    def m(d, t):
        obj = t if path[0] == "T" else d
        for k in path[1:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return m


def gen_samply():
    ok = dump(SAMPLY)
    write("samply", "valid.json", ok)  # the base: must load (run.sh checks)
    write("samply", "truncated-in-string.json", ok[:ok.index(b'"0x20"') + 3])
    write("samply", "truncated-in-number.json", ok[:ok.index(b'"interval":1.0') + 12])
    write("samply", "truncated-after-key.json", ok[:ok.index(b'"samples":') + 10])
    write("samply", "truncated.json.gz", gzip.compress(ok, mtime=0)[:-30])
    write("samply", "gzip-bad-crc.json.gz", (lambda z: z[:-8] + bytes([z[-8] ^ 1]) + z[-7:])(
        gzip.compress(ok, mtime=0)))
    write("samply", "gzip-trailing-garbage.json.gz", gzip.compress(ok, mtime=0) + b"garbage")
    write("samply", "wrong-type-threads.json", samply(lambda d, t: d.update(threads={"0": t})))
    write("samply", "wrong-type-meta.json", samply(lambda d, t: d.update(meta=7)))
    write("samply", "wrong-type-stack-string.json", samply(setp(["T", "samples", "stack"], [1, "1", 0])))
    write("samply", "wrong-type-lib-name.json", samply(lambda d, t: d["libs"][0].update(name=5)))
    write("samply", "wrong-type-length.json", samply(setp(["T", "frameTable", "length"], "2")))
    write("samply", "index-stack-out-of-range.json", samply(setp(["T", "samples", "stack"], [1, 2, 0])))
    write("samply", "index-frame-out-of-range.json", samply(setp(["T", "stackTable", "frame"], [0, 9])))
    write("samply", "index-func-negative.json", samply(setp(["T", "frameTable", "func"], [0, -1])))
    write("samply", "index-string-out-of-range.json", samply(setp(["T", "funcTable", "name"], [0, 2])))
    write("samply", "index-lib-out-of-range.json", samply(setp(["T", "resourceTable", "lib"], [3])))
    write("samply", "index-huge.json", samply(setp(["T", "samples", "stack"], [1, 4294967296, 0])))
    write("samply", "length-mismatch.json", samply(setp(["T", "samples", "length"], 4)))
    write("samply", "length-huge.json", samply(setp(["T", "stackTable", "length"], 2147483647)))
    # a claimed length in every thread must not be reserved up front (it was: an abort)
    write("samply", "length-claim-every-thread.json", samply(lambda d, t: (
        t["samples"].update(length=2147483647), d.update(threads=[t] * 8))))
    write("samply", "prefix-self-cycle.json", samply(setp(["T", "stackTable", "prefix"], [None, 1])))
    write("samply", "prefix-cycle.json", samply(setp(["T", "stackTable", "prefix"], [1, 0])))
    write("samply", "prefix-forward.json", samply(lambda d, t: t.update(
        stackTable={"length": 2, "frame": [1, 0], "prefix": [1, None]},
        samples={"length": 3, "stack": [0, 0, 1], "time": [0, 1, 2], "threadCPUDelta": [10, 20, 30]})))
    write("samply", "nan-literal.json", ok.replace(b'"interval":1.0', b'"interval":NaN'))
    write("samply", "inf-literal.json", ok.replace(b'"interval":1.0', b'"interval":Infinity'))
    write("samply", "number-overflow.json", ok.replace(b'"interval":1.0', b'"interval":1e999'))
    write("samply", "number-long.json", ok.replace(b'"interval":1.0', b'"interval":1' + b"0" * 600))
    write("samply", "cpu-delta-huge.json", samply(setp(["T", "samples", "threadCPUDelta"], [10, 1e300, 30])))
    write("samply", "cpu-delta-negative.json", samply(setp(["T", "samples", "threadCPUDelta"], [10, -5, 30])))
    write("samply", "ok-time-huge.json", samply(setp(["T", "samples", "time"], [0, 1e308, -1e308])))
    write("samply", "duplicate-key.json", ok.replace(b'"product":"app"', b'"product":"app","product":"b"'))
    # the key, quoted in the message, holds a line break that would start a forged "profan:" line
    write("samply", "duplicate-key-newline.json",
          ok.replace(b'"product":"app"', b'"product":"app","x\\nprofan: forged\\r":1,"x\\nprofan: forged\\r":2'))
    write("samply", "bom.json", b"\xef\xbb\xbf" + ok)
    write("samply", "empty.json", b"")
    write("samply", "whitespace.json", b" \n\t \n")
    write("samply", "not-an-object.json", b"[]")
    write("samply", "ok-empty-threads.json", samply(lambda d, t: d.update(threads=[])))
    write("samply", "ok-empty-samples.json", samply(setp(["T", "samples"], {"length": 0, "stack": [], "time": []})))
    write("samply", "null-everywhere.json", samply(setp(["T", "funcTable"], None)))
    write("samply", "control-char.json", ok.replace(b'"main"', b'"ma\x01in"'))
    write("samply", "bad-escape.json", ok.replace(b'"main"', b'"ma\\qin"'))
    write("samply", "trailing-data.json", ok + b"{}")
    write("samply", "ok-utf8-invalid.json", ok.replace(b'"0x20"', b'"' + BAD_UTF8 + b'"'))
    # Without threadCPUDelta, CPU is estimated as weight x interval: 2^31 - 1 x 4e6 ms is 8.6e18 µs,
    # within int64 for one sample, not for three; 1e8 ms does not fit even once (2.1e20 µs).
    no_cpu = lambda w, ms: lambda d, t: (t["samples"].pop("threadCPUDelta"), t["samples"].update(weight=w),
                                         d["meta"].update(interval=ms))
    write("samply", "cpu-estimate-sum-overflow.json", samply(no_cpu([2**31 - 1] * 3, 4e6)))
    write("samply", "cpu-estimate-overflow.json", samply(no_cpu([1, 2**31 - 1, 1], 1e8)))
    # 4.3e18 µs: fine alone; run.sh merges three (1.3e19 does not fit in int64)
    write("samply", "ok-cpu-estimate-big.json", samply(no_cpu([2**31 - 1, 0, 0], 2e6)))
    write("samply", "ok-control-chars.json", samply(lambda d, t: (
        d["meta"].update(product=HOSTILE, oscpu=HOSTILE, sampleUnits={"threadCPUDelta": HOSTILE}),
        d["libs"][0].update(name="app" + HOSTILE), t.update(name=HOSTILE),
        t["stringArray"].__setitem__(1, "f" + HOSTILE))))


# ---------------------------------------------------------------- cpuprof
CPUPROF = {
    "nodes": [
        {"id": 1, "callFrame": {"functionName": "(root)", "scriptId": "0", "url": "", "lineNumber": -1,
                                "columnNumber": -1}, "hitCount": 0, "children": [2]},
        {"id": 2, "callFrame": {"functionName": "main", "scriptId": "1", "url": "file:///a.js",
                                "lineNumber": 0, "columnNumber": 0}, "hitCount": 2, "children": [3]},
        {"id": 3, "callFrame": {"functionName": "work", "scriptId": "1", "url": "file:///a.js",
                                "lineNumber": 4, "columnNumber": 2}, "hitCount": 1, "children": []},
    ],
    "startTime": 1000, "endTime": 1400, "samples": [2, 3, 2], "timeDeltas": [100, 100, 100],
}


def cpuprof(mutate):
    d = copy.deepcopy(CPUPROF)
    mutate(d)
    return dump(d)


def gen_cpuprof():
    ok = dump(CPUPROF)
    write("cpuprof", "valid.cpuprofile", ok)
    write("cpuprof", "truncated-in-string.cpuprofile", ok[:ok.index(b'"work"') + 3])
    write("cpuprof", "truncated-in-number.cpuprofile", ok[:ok.index(b'"endTime":1400') + 12])
    write("cpuprof", "truncated.cpuprofile.gz", gzip.compress(ok, mtime=0)[:-20])
    write("cpuprof", "wrong-type-nodes.cpuprofile", cpuprof(lambda d: d.update(nodes={"1": 1})))
    write("cpuprof", "wrong-type-samples.cpuprofile", cpuprof(lambda d: d.update(samples="2,3,2")))
    write("cpuprof", "wrong-type-id.cpuprofile", cpuprof(lambda d: d["nodes"][1].update(id="2")))
    write("cpuprof", "wrong-type-callframe.cpuprofile", cpuprof(lambda d: d["nodes"][2].update(callFrame=[])))
    write("cpuprof", "ok-index-sample-unknown.cpuprofile", cpuprof(lambda d: d.update(samples=[2, 9, 2])))
    write("cpuprof", "ok-index-sample-negative.cpuprofile", cpuprof(lambda d: d.update(samples=[2, -3, 2])))
    write("cpuprof", "ok-index-child-unknown.cpuprofile", cpuprof(lambda d: d["nodes"][2].update(children=[7])))
    write("cpuprof", "ok-index-id-huge.cpuprofile", cpuprof(lambda d: (d["nodes"][2].update(id=2**62),
                                                                    d["nodes"][1].update(children=[2**62]))))
    write("cpuprof", "duplicate-node-id.cpuprofile", cpuprof(lambda d: d["nodes"][2].update(id=2)))
    write("cpuprof", "child-cycle.cpuprofile", cpuprof(lambda d: d["nodes"][2].update(children=[2])))
    write("cpuprof", "two-parents.cpuprofile", cpuprof(lambda d: d["nodes"][0].update(children=[2, 3])))
    write("cpuprof", "ok-parent-forward.cpuprofile", cpuprof(lambda d: (
        [n.pop("children") for n in d["nodes"]], d["nodes"][0].update(parent=None),
        d["nodes"][1].update(parent=3), d["nodes"][2].update(parent=1))))
    write("cpuprof", "ok-deltas-length-mismatch.cpuprofile", cpuprof(lambda d: d.update(timeDeltas=[100, 100])))
    write("cpuprof", "deltas-huge.cpuprofile", cpuprof(lambda d: d.update(timeDeltas=[100, 1e300, 100])))
    write("cpuprof", "ok-deltas-overflow-sum.cpuprofile",
          cpuprof(lambda d: d.update(timeDeltas=[9007199254740991, 9007199254740991, 9007199254740991])))
    write("cpuprof", "deltas-sum-too-big.cpuprofile", cpuprof(lambda d: d.update(timeDeltas=[2**59, 2**59, 2**59])))
    write("cpuprof", "ok-deltas-negative.cpuprofile", cpuprof(lambda d: d.update(timeDeltas=[100, -500, 100])))
    # fractional microseconds (2000 x 0.6 µs is 1.2 ms, 2000 x 0.4 µs 0.8 ms; rounding each delta
    # gave 2 ms and 0 ms), and deltas of 0.5 whose running sum crosses .5 on every other sample
    for name, delta in [("06", 0.6), ("04", 0.4), ("05", 0.5)]:
        write("cpuprof", "ok-deltas-fractional-%s.cpuprofile" % name, cpuprof(lambda d: d.update(
            startTime=0, endTime=int(2000 * delta), samples=[3] * 2000, timeDeltas=[delta] * 2000)))
    # the same in a trace: 1000 chunks of two 0.3 µs deltas are 600 µs (rounding per chunk: 1000)
    chunks = [{"name": "Profile", "ph": "P", "pid": 1, "tid": 1, "ts": 0, "id": "0x1",
               "args": {"data": {"startTime": 0}}}]
    for k in range(1000):
        cpu = {"samples": [2, 2]}
        if k == 0:
            cpu["nodes"] = [{"id": 1, "callFrame": {"functionName": "(root)", "scriptId": "0", "url": "",
                                                    "lineNumber": -1, "columnNumber": -1}},
                            {"id": 2, "parent": 1, "callFrame": {"functionName": "work", "scriptId": "1",
                                                                "url": "file:///a.js", "lineNumber": 4,
                                                                "columnNumber": 2}}]
        chunks.append({"name": "ProfileChunk", "ph": "P", "pid": 1, "tid": 1, "ts": k + 1, "id": "0x1",
                       "args": {"data": {"cpuProfile": cpu, "timeDeltas": [0.3, 0.3]}}})
    write("cpuprof", "ok-trace-deltas-fractional.json", dump(chunks))
    write("cpuprof", "nan-literal.cpuprofile", ok.replace(b'"endTime":1400', b'"endTime":NaN'))
    write("cpuprof", "inf-literal.cpuprofile", ok.replace(b'"endTime":1400', b'"endTime":-Infinity'))
    write("cpuprof", "number-overflow.cpuprofile", ok.replace(b'"endTime":1400', b'"endTime":-1e400'))
    write("cpuprof", "duplicate-key.cpuprofile", ok.replace(b'"startTime":1000', b'"startTime":1000,"startTime":1'))
    write("cpuprof", "duplicate-key-newline.cpuprofile",
          ok.replace(b'"startTime":1000', b'"startTime":1000,"x\\nprofan: forged":1,"x\\nprofan: forged":2'))
    write("cpuprof", "bom.cpuprofile", b"\xef\xbb\xbf" + ok)
    write("cpuprof", "empty.cpuprofile", b"")
    write("cpuprof", "ok-empty-nodes.cpuprofile", cpuprof(lambda d: d.update(nodes=[], samples=[], timeDeltas=[])))
    write("cpuprof", "ok-empty-samples.cpuprofile", cpuprof(lambda d: d.update(samples=[], timeDeltas=[])))
    write("cpuprof", "not-a-profile.cpuprofile", b'{"traceEvents":7}')
    write("cpuprof", "trace-empty.json", b"[]")
    write("cpuprof", "trace-wrong-type.json", b'[{"name":"ProfileChunk","id":"0x1","pid":1,"args":7}]')
    write("cpuprof", "position-ticks-wrong-type.cpuprofile",
          cpuprof(lambda d: d["nodes"][2].update(positionTicks={"line": 5, "ticks": 1})))
    write("cpuprof", "position-ticks-negative.cpuprofile",
          cpuprof(lambda d: d["nodes"][2].update(positionTicks=[{"line": 5, "ticks": -1}])))
    write("cpuprof", "ok-position-ticks.cpuprofile",
          cpuprof(lambda d: d["nodes"][2].update(positionTicks=[{"line": 5, "ticks": 1},
                                                                {"line": 2**31 - 1, "ticks": 0}])))
    write("cpuprof", "trace-lines-wrong-type.json",
          b'[{"name":"Profile","id":"0x1","pid":1,"ts":0,"args":{"data":{"startTime":0}}},'
          b'{"name":"ProfileChunk","id":"0x1","pid":1,"ts":1,"args":{"data":{"cpuProfile":{"nodes":'
          b'[{"id":1,"callFrame":{"functionName":"(root)"}}],"samples":[1]},"timeDeltas":[5],"lines":["7"]}}}]')
    write("cpuprof", "ok-trace-chunk-without-profile.json",
          b'[{"name":"ProfileChunk","id":"0x9","pid":1,"args":{"data":{"cpuProfile":{"nodes":[],'
          b'"samples":[]},"timeDeltas":[]}}}]')
    write("cpuprof", "ok-utf8-invalid.cpuprofile", ok.replace(b'"work"', b'"' + BAD_UTF8 + b'"'))
    # 2^60 - 1000 µs of samples, within the per-profile limit; nine of them (merged, or the nine
    # profiles of one trace with --profile all) add up to more than 2^63 - 1 (run.sh)
    near = 2**60 - 1000
    write("cpuprof", "ok-time-near-limit.cpuprofile",
          cpuprof(lambda d: d.update(startTime=0, endTime=near, timeDeltas=[0, near, 0])))
    events = []
    for k in range(1, 10):
        events.append({"name": "Profile", "ph": "P", "pid": 1, "tid": k, "ts": 0, "id": "0x%x" % k,
                       "args": {"data": {"startTime": 0}}})
        events.append({"name": "ProfileChunk", "ph": "P", "pid": 1, "tid": k, "ts": 1, "id": "0x%x" % k,
                       "args": {"data": {"cpuProfile": {"nodes": [
                           {"id": 1, "callFrame": {"functionName": "(root)", "scriptId": "0", "url": "",
                                                   "lineNumber": -1, "columnNumber": -1}},
                           {"id": 2, "parent": 1, "callFrame": {"functionName": "f%d" % k, "scriptId": "1",
                                                               "url": "file:///a.js", "lineNumber": k,
                                                               "columnNumber": 0}}],
                           "samples": [2, 2]}, "timeDeltas": [0, near]}}})
    write("cpuprof", "ok-trace-nine-profiles-near-limit.json", dump(events))
    write("cpuprof", "ok-control-chars.cpuprofile", cpuprof(lambda d: d["nodes"][2]["callFrame"].update(
        functionName="work" + HOSTILE, url="file:///" + HOSTILE + ".js")))

# ---------------------------------------------------------------- dhat
DHAT = {
    "dhatFileVersion": 2, "mode": "heap", "verb": "Allocated", "bklt": True, "bkacc": True,
    "tu": "instrs", "Mtu": "Minstr", "tuth": 500, "cmd": "./a", "pid": 1, "te": 1000, "tg": 500,
    "pps": [
        {"tb": 100, "tbk": 2, "tl": 300, "mb": 100, "mbk": 2, "gb": 100, "gbk": 2, "eb": 0, "ebk": 0,
         "rb": 10, "wb": 20, "fs": [1, 2]},
        {"tb": 8, "tbk": 1, "tl": 900, "mb": 8, "mbk": 1, "gb": 0, "gbk": 0, "eb": 8, "ebk": 1,
         "rb": 0, "wb": 8, "acc": [-8, 0], "fs": [1, 3]},
    ],
    "ftbl": ["[root]", "0x1: main (a.c:10)", "0x2: make (a.c:3)", "0x3: keep (a.c:5)"],
}


def dhat(mutate):
    d = copy.deepcopy(DHAT)
    mutate(d)
    return dump(d)


def pp(i, **kw):
    return lambda d: d["pps"][i].update(**kw)


def gen_dhat():
    ok = dump(DHAT)
    write("dhat", "valid.json", ok)
    write("dhat", "truncated-in-string.json", ok[:ok.index(b'"0x2: make') + 6])
    write("dhat", "truncated-in-number.json", ok[:ok.index(b'"tl":900') + 6])
    write("dhat", "truncated.json.gz", gzip.compress(ok, mtime=0)[:-25])
    write("dhat", "wrong-type-pps.json", dhat(lambda d: d.update(pps={"0": 1})))
    write("dhat", "wrong-type-counter.json", dhat(pp(0, tb="100")))
    write("dhat", "wrong-type-fs.json", dhat(pp(1, fs="1,3")))
    write("dhat", "wrong-type-frame.json", dhat(lambda d: d["ftbl"].__setitem__(2, 7)))
    write("dhat", "wrong-type-mode.json", dhat(lambda d: d.update(mode=["heap"])))
    write("dhat", "index-frame-out-of-range.json", dhat(pp(0, fs=[1, 4])))
    write("dhat", "index-frame-negative.json", dhat(pp(0, fs=[1, -2])))
    write("dhat", "index-frame-huge.json", dhat(pp(0, fs=[1, 2**40])))
    write("dhat", "counter-negative.json", dhat(pp(0, gb=-1)))
    write("dhat", "counter-huge.json", dhat(pp(0, tb=2**63 - 1)))
    write("dhat", "counter-float.json", dhat(pp(0, tb=1.5)))
    write("dhat", "counter-sum-overflow.json", dhat(lambda d: (d["pps"][0].update(tb=2**62),
                                                              d["pps"][1].update(tb=2**62 + 2**61))))
    write("dhat", "time-huge.json", dhat(lambda d: d.update(te=1e300)))
    # issue 30: the peak after the end of the run ("461168601842738790400.00% of the run")
    write("dhat", "tg-after-te.json", dhat(lambda d: d.update(tg=2**62)))
    # issue 30: a line number of 20 digits made itself part of the file name, the column the line
    write("dhat", "frame-line-huge.json", dhat(lambda d: d["ftbl"].__setitem__(
        2, "0x2: make (src/a.rs:99999999999999999999:1)")))
    write("dhat", "frame-column-huge.json", dhat(lambda d: d["ftbl"].__setitem__(2, "0x2: make (a.c:12345678901)")))
    write("dhat", "nan-literal.json", ok.replace(b'"tg":500', b'"tg":NaN'))
    write("dhat", "inf-literal.json", ok.replace(b'"tg":500', b'"tg":Infinity'))
    write("dhat", "number-overflow.json", ok.replace(b'"tg":500', b'"tg":1e400'))
    write("dhat", "duplicate-key.json", ok.replace(b'"tb":100', b'"tb":100,"tb":5'))
    write("dhat", "duplicate-key-newline.json",
          ok.replace(b'"tb":100', b'"tb":100,"x\\nprofan: forged":1,"x\\nprofan: forged":2'))
    write("dhat", "bom.json", b"\xef\xbb\xbf" + ok)
    write("dhat", "empty.json", b"")
    write("dhat", "not-an-object.json", b'"dhat"')
    write("dhat", "version-unknown.json", dhat(lambda d: d.update(dhatFileVersion=99)))
    write("dhat", "missing-ftbl.json", dhat(lambda d: d.pop("ftbl")))
    write("dhat", "empty-ftbl.json", dhat(lambda d: d.update(ftbl=[])))
    write("dhat", "ok-empty-pps.json", dhat(lambda d: d.update(pps=[])))
    write("dhat", "ok-empty-fs.json", dhat(pp(1, fs=[])))
    write("dhat", "ok-every-fs-empty.json", dhat(lambda d: [p.update(fs=[]) for p in d["pps"]]))
    write("dhat", "ok-fs-missing-bracket.json", ok.replace(b'"fs":[1,3]', b'"fs":]'))
    write("dhat", "fs-missing-bracket-elsewhere.json", ok.replace(b'"pps":[', b'"pps":'))
    write("dhat", "ok-acc-unread.json", dhat(pp(1, acc=[-8, "x"])))
    write("dhat", "trailing-data.json", ok + b"]")
    write("dhat", "ok-utf8-invalid.json", ok.replace(b"0x2: make", b"0x2: " + BAD_UTF8))
    # tb adds up to 2^62 + 2^61 + 8: fine alone, not when two such files are summed (run.sh)
    write("dhat", "ok-counter-near-limit.json", dhat(lambda d: (d["pps"][0].update(tb=2**62, gb=2**62),
                                                                d["pps"][1].update(tb=2**61))))
    # program points with members the plan's columns cannot hold (src/formats/dhat/dhat.c, dhat_plan):
    # kept as read, reported in file order with the others, in the tree readers' words
    write("dhat", "missing-counter.json", dhat(lambda d: d["pps"][1].pop("gb")))
    write("dhat", "pps-numbers.json", dhat(lambda d: d.update(pps=[1, 2, None, 3])))
    write("dhat", "index-frame-beyond-int32.json", dhat(pp(1, fs=[2**31, 1])))
    write("dhat", "odd-then-bad-frame.json", dhat(lambda d: (
        d.update(bkacc=False), d["pps"][0].update(rb="not read without bkacc"), d["pps"][1].update(fs=[1, 9]))))
    write("dhat", "v1-frame-out-of-range.json", dump({
        "dhatFileVersion": 1, "cmd": "./a", "pid": 1, "ei": 100, "mi": 50,
        "aps": [{"tb": 1, "tbk": 1, "tli": 1, "mb": 1, "mbk": 1, "gb": 1, "gbk": 1, "fb": 1, "fbk": 1,
                 "rb": 0, "wb": 0, "fs": fs} for fs in ([1], [7, 1])],
        "ftbl": ["[root]", "0x1: main (a.c:1)", "0x2: f (a.c:2)"]}))
    # 4 points, tb 1 + 2 + 4 + 8 = 15 in 3 samples (points 1 and 3 share a stack); points 0 and 2
    # hold counters of no metric here that are not integers >= 0 (kept as trees, and valid)
    def odd_points(d):
        base = {"tl": 10, "mb": 1, "mbk": 1, "gb": 1, "gbk": 1, "eb": 0, "ebk": 0}
        d.update(bkacc=False, ftbl=d["ftbl"] + ["0x4: h (a.c:7)"], pps=[
            dict(base, tb=1, tbk=1, rb="not read without bkacc", fs=[1, 2]),
            dict(base, tb=2, tbk=1, fs=[1, 3]),
            dict(base, tb=4, tbk=1, wb=-5, x={"y": [None, True]}, fs=[1, 4]),
            dict(base, tb=8, tbk=1, acc=[-8, 0], fs=[1, 3])])
    write("dhat", "ok-odd-points.json", dhat(odd_points))
    write("dhat", "ok-control-chars.json", dhat(lambda d: (
        d.update(cmd="./a " + HOSTILE, mode="heap" + HOSTILE, tu="instrs" + HOSTILE, Mtu="Minstr" + HOSTILE),
        d["ftbl"].__setitem__(2, "0x2: make" + HOSTILE + " (" + HOSTILE + ".c:3)"),
        d["ftbl"].__setitem__(3, "0x3: keep (in /lib/" + HOSTILE + ".so)"))))


def main():
    gen_samply()
    gen_cpuprof()
    gen_dhat()
    if len(sys.argv) > 1:
        print("unexpected arguments", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
