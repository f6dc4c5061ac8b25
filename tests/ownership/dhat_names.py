#!/usr/bin/env python3
"""tests/ownership/dhat_names.py PROFAN: which of MY functions allocate, on DHAT files recorded now
with valgrind from tests/ownership/src/rsnames.rs, with and without --fullpath-after= (issue 28).

rsnames is built twice, as `cargo build --release` with debug info would (opt-level 3): with
rustc's default codegen units, where valgrind names the closures of the program
UnknownInlinedFun (inlined from another unit), and with one unit, where it names them
{closure#0} alone. Without --fullpath-after= hashbrown's inlined `reserve (src/map.rs:1105)`
reads like a file of the program.

Independent check, no profan: the source marks each function and closure as a region between
"// region NAME" and "// end"; Python's json module reads the whole-path recording, and each
program point goes to the innermost region around the line of its innermost frame in
rsnames.rs (none: "(no frame of your code)"). profan's "by function (where it allocates)" view
(--metric tb) must give each region its bytes, under its own name: a closure as
PATH::{closure#N}, never {closure#N} alone or UnknownInlinedFun; a function valgrind names by
DWARF's short name (`grow`, inlined) may keep it. The same for the file without whole paths
(an allocation's bytes do not depend on how valgrind writes file names). Each site's caller chain
in the sites view is a path of the source's calls, each function once per step: a step's name is
a region's (a short name, "grow", the one region so named), its line lies in that region or in a
closure of it, and each step is called by the next: a function by the regions whose lines call it
by name, a closure by its enclosing function. A frame named after its owner reads once
("make_strings (rsnames.rs:12) <- rsnames::main", never "make_strings <- make_strings"). Exit 77 when rustc or
valgrind is missing, or this rustc gives valgrind no nameless frame to name."""
import json, os, re, shutil, subprocess, sys, tempfile

profan = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(here, "src", "rsnames.rs")
MAP = "/home/dev/build/src"
FRAME = re.compile(r"^0x[0-9A-Fa-f]+: (.*) \((.*):(\d+)\)$")


def regions():
    """line number -> the innermost region around it, from the source's markers"""
    out, stack = {}, []
    for n, line in enumerate(open(SRC, encoding="utf-8"), 1):
        m = re.search(r"// region (\S+)", line)
        if m:
            stack.append(m.group(1))
        if stack:
            out[n] = stack[-1]
        if re.search(r"// end\b", line):
            stack.pop()
    return out


def expected(path, where):
    d = json.load(open(path, encoding="utf-8"))
    got = {}
    for pp in d["pps"]:
        name = "(no frame of your code)"
        for i in pp["fs"]:
            m = FRAME.match(d["ftbl"][i])
            if m and m.group(2) == MAP + "/rsnames.rs":
                name = where[int(m.group(3))]
                break
        got[name] = got.get(name, 0) + pp["tb"]
    return got


def calls(where):
    """(callee, caller) pairs of the source: a region whose line calls another by its last name
    segment, and each closure's enclosing function"""
    names = set(where.values())
    out = set()
    for n, line in enumerate(open(SRC, encoding="utf-8"), 1):
        caller = where.get(n)
        for callee in names:
            last = callee.split("::")[-1]
            if caller and callee != caller and "{closure" not in callee and \
                    re.search(r"(?<![\w])%s\s*\(" % re.escape(last), line) and \
                    not re.search(r"\bfn\s+" + last, line):
                out.add((callee, caller))
    for r in names:
        if r.endswith("}") and "::{closure#" in r:
            out.add((r, r[:r.rindex("::{closure#")]))
    return out


SHOWN = re.compile(r"^(.*) \(([^()]*rsnames\.rs):(\d+)\)$")


def region_named(name, names, at):
    """the region a step's NAME names, its line in region AT: a bare {closure#N} (no closure type
    on the stack to name its owner) is the closure at its line"""
    if name in names:
        return name
    if re.match(r"^\{closure#\d+\}$", name) and at.endswith("::" + name):
        return at
    same = [r for r in names if r.split("::")[-1] == name and "{closure" not in name]
    return same[0] if len(same) == 1 else None


def check_chains(path, where, edges, errors):
    out = subprocess.run([profan, "dhat", "--metric", "tb", "--json", "--top", "0", "-q", path],
                         capture_output=True, text=True)
    views = {v["id"]: v for v in json.loads(out.stdout)["views"]}
    for r in views["sites"]["rows"]:
        steps = [r["name"]] + [s.strip() for s in (r.get("context") or "").split(", ")[0].split("<-")[1:]]
        regions, names = [], set(where.values())
        for s in steps:
            m = SHOWN.search(s)
            if not m:
                break  # "…", or a frame outside rsnames.rs
            at = where.get(int(m.group(3)), "?")
            func = region_named(m.group(1), names, at)
            if func is None or not (at == func or at.startswith(func + "::{closure#")):
                errors.append("%s: site %s: %s is no function of rsnames.rs around its line"
                              % (path, r["name"], s))
            regions.append(func)
        for inner, outer in zip(regions, regions[1:]):
            if inner == outer:
                errors.append("%s: site %s: chain %s names %s twice in a row"
                              % (path, r["name"], r.get("context"), inner))
            elif (inner, outer) not in edges:
                errors.append("%s: site %s: chain %s: %s does not call %s in rsnames.rs"
                              % (path, r["name"], r.get("context"), outer, inner))


def nameless(path):
    texts = json.load(open(path, encoding="utf-8"))["ftbl"]
    return [t for t in texts if "rsnames.rs" in t and re.search(r": (UnknownInlinedFun|\{closure#\d+\}) \(", t)]


def profan_rows(path):
    out = subprocess.run([profan, "dhat", "--metric", "tb", "--json", "--top", "0", "-q", path],
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit("profan dhat %s failed: %s" % (path, out.stderr.strip()))
    views = {v["id"]: v for v in json.loads(out.stdout)["views"]}
    return views["functions_self"]["rows"]


def check(path, want, errors):
    rows = profan_rows(path)
    seen = set()
    for r in rows:
        name = r["name"]
        if r.get("class") != "yours" and name != "(no frame of your code)":
            continue
        if name in want:
            key = name
        else:  # DWARF's short name of an inlined function of the program: "grow"
            keys = [k for k in want if k.endswith("::" + name)]
            key = keys[0] if len(keys) == 1 and "{closure" not in name and name != "UnknownInlinedFun" else None
        if key is None:
            errors.append("%s: %s is not a function of rsnames.rs (regions: %s)" % (path, name, sorted(want)))
            continue
        seen.add(key)
        if r["values"][0] != want[key]:
            errors.append("%s: %s: profan %d B, the source's regions %d B" % (path, name, r["values"][0], want[key]))
    for k in sorted(set(want) - seen):
        errors.append("%s: %s (%d B) missing from profan's view" % (path, k, want[k]))


def main():
    for tool in ("rustc", "valgrind"):
        if not shutil.which(tool):
            print("skip: no %s" % tool)
            return 77
    where = regions()
    edges = calls(where)
    errors, found = [], []
    with tempfile.TemporaryDirectory(prefix="dhatnames.") as t:
        shutil.copy(SRC, t)
        for build, flags in (("units", []), ("one-unit", ["-C", "codegen-units=1"])):
            exe = os.path.join(t, "rsnames-" + build)
            subprocess.run(["rustc", "-g", "-C", "opt-level=3", "-C", "debuginfo=2", "--remap-path-prefix",
                            "%s=%s" % (t, MAP)] + flags + ["-o", exe, "rsnames.rs"], cwd=t, check=True)
            files = {}
            for kind, extra in (("whole", ["--fullpath-after="]), ("short", [])):
                files[kind] = os.path.join(t, "%s.%s.json" % (build, kind))
                subprocess.run(["valgrind", "-q", "--tool=dhat", "--num-callers=40", "--dhat-out-file=" + files[kind]]
                               + extra + [exe], cwd=t, check=True, stdout=subprocess.DEVNULL)
            found += nameless(files["short"])
            want = expected(files["whole"], where)
            print("%s: %s" % (build, ", ".join("%s %d B" % kv for kv in sorted(want.items()))))
            for kind in ("whole", "short"):
                check(files[kind], want, errors)
                check_chains(files[kind], where, edges, errors)
            # the same stacks where std's frames carry no closure type (another rustc's): nameless
            # frames take their owner's name, and the chains must still name it once per step
            d = json.load(open(files["short"], encoding="utf-8"))
            d["ftbl"] = [t.replace("{closure_env#", "{env#") for t in d["ftbl"]]
            untyped = os.path.join(t, "%s.untyped.json" % build)
            json.dump(d, open(untyped, "w", encoding="utf-8"))
            check_chains(untyped, where, edges, errors)
    if not found:
        print("skip: this rustc gives valgrind no UnknownInlinedFun or {closure#N} frame in rsnames.rs")
        return 77
    print("nameless frames in rsnames.rs: %s" % sorted(set(f.split(": ", 1)[1] for f in found)))
    for e in errors:
        print("FAIL " + e)
    print("FAIL" if errors else "ok")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
