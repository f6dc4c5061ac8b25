#!/usr/bin/env python3
"""tests/cpuprof/gen/windows.py: fixtures/cpuprof/windows-paths.cpuprofile from hot.cpuprofile.

A profile recorded on Windows, or with VS Code's debugger or under Electron, names its scripts in
ways a Linux recording does not. No such recording can be made here, so this takes the real
hot.cpuprofile (node --cpu-prof on Linux) and renames the scripts of some of its functions, as
those hosts write them; samples, times and tree are untouched, so every function keeps the time
tests/golden/cpuprof/hot.t (checked by tests/cpuprof/check.py) gives it:
  hot.js (hot, both anonymous functions)  c:\\Users\\dev\\highlib\\hot.js            yours
  warm                                    c:\\Users\\dev\\highlib\\node_modules\\lodash\\lodash.js  [dep lodash]
  fib                                     file:///C:/Users/dev/highlib/fib.js     yours
  churn                                   ...\\ms-vscode.js-debug\\src\\bootloader.js  [js-debug]
  log (Node's console)                    electron/js2c/browser_init              [electron]
Run from the repository's root: python3 tests/cpuprof/gen/windows.py"""
import json

HOME = "c:\\Users\\dev\\highlib\\"
MOVES = {
    "hot": HOME + "hot.js",
    "": HOME + "hot.js",
    "warm": HOME + "node_modules\\lodash\\lodash.js",
    "fib": "file:///C:/Users/dev/highlib/fib.js",
    "churn": "c:\\Users\\dev\\.vscode\\extensions\\ms-vscode.js-debug\\src\\bootloader.js",
}
with open("fixtures/cpuprof/hot.cpuprofile") as f:
    prof = json.load(f)
for node in prof["nodes"]:
    cf = node["callFrame"]
    if cf["url"] == "file:///tmp/profan-cpuprof-gen/hot.js":
        cf["url"] = MOVES[cf["functionName"]]
    elif (cf["functionName"], cf["url"]) == ("log", "node:internal/console/constructor"):
        cf["url"] = "electron/js2c/browser_init"
with open("fixtures/cpuprof/windows-paths.cpuprofile", "w") as f:
    json.dump(prof, f, separators=(",", ":"))
