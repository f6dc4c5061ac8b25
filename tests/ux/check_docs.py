#!/usr/bin/env python3
"""The man page and the shell completions against `profan CMD --help`.

--help is generated from the option tables the parser uses, so it is the truth;
this fails when the man page or a completion script lists an option that --help
does not, misses one it does, or offers option values profan refuses.

Usage: check_docs.py PROFAN SRCDIR CHECK   with CHECK one of
  man      every command and option in man/profan.1 (per command), no stray
           --option anywhere in it, every getenv() in src/ in ENVIRONMENT, and
           the examples' output excerpts found in real runs on fixtures/
  render   groff renders man/profan.1 without a single warning
  bash     completions/profan.bash, run in bash: commands, options per command,
           which options take a value, option values, file names
  zsh      completions/_profan, run in zsh with _arguments stubbed: the same

Option values: for every option that takes one, profan is run with a bogus
value; when its usage error lists the accepted words ("--by wants function,
file, line or lib, not 'x'"), the completions must offer exactly those words.
Every value a completion offers must also be accepted by profan."""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

PROFAN, SRC, CHECK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
FIX = os.path.join(SRC, "fixtures")
MAN = os.path.join(SRC, "man", "profan.1")
BASH = os.path.join(SRC, "completions", "profan.bash")
ZSH = os.path.join(SRC, "completions", "_profan")

# Inputs each command accepts, for running it with option values.
FIXTURES = {
    "samply": ["samply/synthetic/v55.json"],
    "cpuprof": ["cpuprof/hot.cpuprofile"],
    "perf": ["perf/work-fp.data"],
    "dhat": ["dhat/peak.json"],
    "diff": ["samply/synthetic/v55.json", "samply/synthetic/v56.json"],
    # programs that do not exist: a value profan accepts ends in exit 1 before anything is recorded
    "record": ["/nonexistent/program"],
    "ab": ["/nonexistent/a", "/nonexistent/b"],
}
# Options of other programs that the man page quotes (samply record --save-only, ...),
# and profan's own --version, which main.c handles before any command.
FOREIGN = {"version", "num-callers", "dhat-out-file", "fullpath-after", "save-only", "tool", "cpu-prof", "cpu-prof-name",
           "cpu-prof-dir", "trace-event-categories", "print", "call-graph", "switch-events"}
# Argument names that are file names, and those that are directories.
FILE_ARGS = {"FILE", "MODULE"}
DIR_ARGS = {"DIR", "DIRS", "PATH"}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


SCRATCH = tempfile.mkdtemp(prefix="profan-docs-")  # cwd of every run: a stray output file lands here


def run(args):
    return subprocess.run([PROFAN] + args, capture_output=True, text=True, cwd=SCRATCH)


def help_commands():
    out = run(["--help"]).stdout
    section = out.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in section.splitlines() if line.strip()]


class Opt:
    def __init__(self, long, short, arg, optional, help):
        self.long, self.short, self.arg, self.optional, self.help = long, short, arg, optional, help

    def names(self):
        return {"--" + self.long} | ({"-" + self.short} if self.short else set())


# "  -o, --output FILE   help", "      --color[=WHEN]  help": short, long, optional or required argument, help
HELP_LINE = re.compile(r"^  (?:-(\w), |    )--([a-z0-9][a-z0-9-]*)(\[=([A-Z]+)\])?"
                       r"(?: ([A-Z][A-Z0-9_:.=-]*))?(?:\s+(.*))?$")


def help_options(cmd):
    """{long name: Opt} from `profan CMD --help`."""
    r = run([cmd, "--help"])
    if r.returncode != 0:
        fail(f"profan {cmd} --help exits {r.returncode}: {r.stderr.strip()}")
        return {}
    opts = {}
    for line in r.stdout.splitlines():
        m = HELP_LINE.match(line)
        if m:
            short, long, _, optarg, arg, text = m.groups()
            opts[long] = Opt(long, short, optarg or arg, optarg is not None, text or "")
    if not opts:
        fail(f"profan {cmd} --help: no options found (has the layout changed?)")
    return opts


COMMANDS, HELP, ALL_LONG = [], {}, set()


def read_help():
    COMMANDS[:] = help_commands()
    HELP.update({c: help_options(c) for c in COMMANDS})
    ALL_LONG.update(*(set(h) for h in HELP.values()))


def accepted_values(cmd, opt):
    """The words the usage error for a bogus --OPT value lists, or None."""
    if HELP[cmd][opt].arg in FILE_ARGS | DIR_ARGS:
        return None
    files = FIXTURES.get(cmd)
    if files is None:
        fail(f"no fixture for '{cmd}' in check_docs.py FIXTURES")
        return None
    r = run([cmd, f"--{opt}=zz-not-a-value"] + [os.path.join(FIX, f) for f in files])
    m = re.search(rf"--{opt} wants ((?:[a-z0-9-]+, )*[a-z0-9-]+ or [a-z0-9-]+), not 'zz-not-a-value'",
                  r.stderr)
    if not m or r.returncode != 2:
        return None
    return set(re.split(r", | or ", m.group(1)))


def listed_values(cmd, opt):
    """For an option whose help says "'list' shows all": the first word of each
    line that `profan CMD --OPT=list` prints, plus 'list' itself; else None."""
    if "'list' shows all" not in HELP[cmd][opt].help:
        return None
    r = run([cmd, f"--{opt}=list"] + [os.path.join(FIX, f) for f in FIXTURES.get(cmd, [])])
    words = set(re.findall(r"^  ([a-z0-9][a-z0-9-]*)\s{2,}", r.stdout, re.M))
    if r.returncode != 0 or not words:
        fail(f"profan {cmd} --{opt}=list: exit {r.returncode}, no list")
    return words | {"list"}


def value_is_accepted(cmd, opt, value):
    r = run([cmd, f"--{opt}={value}"] + [os.path.join(FIX, f) for f in FIXTURES[cmd]])
    return r.returncode != 2


# ---------------------------------------------------------------- man page

def man_sections():
    """(per-command options, shared options, every --option in the page, ENVIRONMENT names, text)."""
    text = open(MAN, encoding="utf-8").read()
    lines = text.splitlines()
    per_cmd, shared, env = {}, set(), []
    sh = ss = None
    paragraphs = {}  # (cmd or None, long) -> text of its .TP paragraph
    current = None
    for i, line in enumerate(lines):
        if line.startswith(".SH"):
            sh, ss, current = line[3:].strip().strip('"'), None, None
            continue
        if line.startswith(".SS"):
            ss, current = line[3:].strip().strip('"').split()[1] if sh == "COMMANDS" else None, None
            if ss is not None:
                per_cmd.setdefault(ss, set())
            continue
        if line.startswith(".TP") and i + 1 < len(lines):
            tag = lines[i + 1]
            names = {"--" + n.replace("\\-", "-") for n in re.findall(r"\\-\\-((?:[a-z0-9]|\\-)+)", tag)}
            names |= {"-" + s for s in re.findall(r"\\fB\\-([a-zA-Z])\\fR", tag)}
            current = (ss, names)
            if sh == "ENVIRONMENT":
                env.append(re.sub(r"^\.B\s+", "", tag).strip())
            elif names and sh == "COMMANDS" and ss:
                per_cmd[ss] |= names
            elif names:
                shared |= names
            for n in names:
                paragraphs.setdefault((ss if sh == "COMMANDS" else None, n), "")
            continue
        if current is not None and not line.startswith(".\\\""):
            for n in current[1]:
                paragraphs[(current[0], n)] += line + "\n"
    everywhere = {n.replace("\\-", "-") for n in re.findall(r"\\-\\-((?:[a-z0-9]|\\-)+)", text)}
    return per_cmd, shared, everywhere, env, paragraphs


def check_synopses():
    """Each command's .SS title is its --help usage line (the first form of it)."""
    titles = re.findall(r'^\.SS "(profan \S+ .*)"$', open(MAN, encoding="utf-8").read(), re.M)
    for cmd in COMMANDS:
        usage = run([cmd, "--help"]).stdout.split("\n", 1)[0].removeprefix("Usage: ").split("  |  ")[0]
        if usage not in map(unescape, titles):
            fail(f"man page: no section titled '{usage}' (the usage line of profan {cmd} --help)")


def check_top_options():
    """`profan --help` lists the options profan takes without a command, and each of them works;
    the synopsis of the man page names the same."""
    out = run(["--help"]).stdout
    section = out.split("Options:\n", 1)[1].split("\n\n", 1)[0] if "Options:\n" in out else ""
    listed = {m.group(1) for m in re.finditer(r"^  (?:-\w, )?--([a-z-]+)", section, re.M)}
    for need in ("help", "version"):
        if need not in listed:
            fail(f"profan --help does not list --{need}")
    for long in sorted(listed):
        r = run(["--" + long])
        if r.returncode != 0 or not r.stdout:
            fail(f"profan --{long} (listed by profan --help) exits {r.returncode} with no output")
    synopsis = unescape(open(os.path.join(SRC, "man", "profan.1")).read().split(".SH DESCRIPTION")[0])
    for long in sorted(listed):
        if "--" + long not in synopsis:
            fail(f"man page: the synopsis does not name --{long}, which profan --help lists")


def check_man():
    check_synopses()
    check_top_options()
    per_cmd, shared, everywhere, env, paragraphs = man_sections()
    if sorted(per_cmd) != sorted(COMMANDS):
        fail(f"man COMMANDS has {sorted(per_cmd)}, profan --help lists {sorted(COMMANDS)}")
    for cmd in COMMANDS:
        helped = set().union(*(o.names() for o in HELP[cmd].values())) if HELP[cmd] else set()
        documented = per_cmd.get(cmd, set())
        for n in sorted(helped - documented - shared):
            fail(f"man page: 'profan {cmd} --help' lists {n}, the man page does not")
        for n in sorted(documented - helped):
            fail(f"man page: documents {n} for {cmd}, 'profan {cmd} --help' does not list it")
        for n in sorted(shared - helped):
            fail(f"man page: {n} is documented for every command, 'profan {cmd} --help' does not list it")
        for long in HELP[cmd]:
            words = accepted_values(cmd, long)
            para = paragraphs.get((cmd, "--" + long)) or paragraphs.get((None, "--" + long)) or ""
            for w in sorted(words or ()):
                if not re.search(rf"(^\.BR? {re.escape(w)}\b|\\fB{re.escape(w)}\\fR)", para, re.M):
                    fail(f"man page: --{long} of {cmd} does not name its value '{w}' in bold")
    for n in sorted(everywhere - ALL_LONG - FOREIGN):
        fail(f"man page mentions --{n}, which no command's --help lists")
    used, macros, named = set(), {}, set()
    for top in ("src", "include"):
        for root, _, files in os.walk(os.path.join(SRC, top)):
            for f in files:
                text = open(os.path.join(root, f)).read()
                used |= set(re.findall(r'(?:getenv|unsetenv)\("([A-Z_]+)"\)', text))
                named |= set(re.findall(r"(?:getenv|unsetenv)\(([A-Z_]+)\)", text))
                macros.update(re.findall(r'#define ([A-Z_]+) "([A-Z_]+)"', text))
    used |= {macros[m] for m in named if m in macros}
    for v in sorted(used - set(env)):
        fail(f"man page: src/ reads ${v}, ENVIRONMENT does not describe it")
    for v in sorted(set(env) - used):
        fail(f"man page: ENVIRONMENT describes ${v}, which nothing in src/ reads")
    check_examples()


def unescape(line):
    return (line.replace("\\-", "-").replace("\\&", "").replace("\\(aq", "'")
            .replace("\\[u2026]", "\u2026").replace("\\[u2192]", "\u2192").replace("\\e", "\\"))


def check_examples():
    """Each example after an 'example-cwd' comment, run for real: its lines must
    appear in the output in order; '...' in a line stands for anything, and a
    line '...' for any number of lines."""
    lines = open(MAN, encoding="utf-8").read().splitlines()
    count = 0
    for i, line in enumerate(lines):
        m = re.match(r'^\.\\" example-cwd: (\S+)$', line)
        if not m:
            continue
        end = lines.index(".EE", i)
        block = [unescape(l) for l in lines[i + 2:end]]
        while block and not block[0].startswith("$ profan "):
            block.pop(0)
        command, expected = block[0][2:], block[1:]
        if "| jq" in command and shutil.which("jq") is None:
            continue
        r = subprocess.run(command.replace("profan ", shlex.quote(PROFAN) + " ", 1), shell=True,
                           capture_output=True, text=True, cwd=os.path.join(FIX, m.group(1)))
        out = r.stdout.splitlines()
        count += 1
        pos = 0
        for want in expected:
            if want == "...":
                continue
            pattern = re.compile(".*".join(map(re.escape, want.split("..."))))
            while pos < len(out) and not pattern.fullmatch(out[pos]):
                pos += 1
            if pos == len(out):
                fail(f"man example '{command}': no line '{want}' (in order) in its real output")
                break
            pos += 1
    if count == 0:
        fail("man page: no example is checked against a real run")


def check_render():
    if shutil.which("groff") is None:
        print("SKIP: groff is not installed (Debian: groff-base)")
        sys.exit(77)
    for cmd in (["groff", "-man", "-Tutf8", "-ww", MAN], ["man", "--warnings", "-l", MAN]):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, MANWIDTH="80"))
        except FileNotFoundError:
            print(f"SKIP: {cmd[0]} is not installed")
            continue
        if r.returncode != 0 or r.stderr.strip():
            fail(f"{' '.join(cmd[:-1])}: exit {r.returncode}: {r.stderr.strip()}")
        elif "COMMON OPTIONS" not in re.sub(r"\x1b\[[0-9;]*m|.\x08", "", r.stdout):
            fail(f"{cmd[0]} output lacks the COMMON OPTIONS section")


# ---------------------------------------------------------------- bash

def bash_complete(words, cwd):
    """COMPREPLY for the command line WORDS (the last one being completed)."""
    script = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); '
              'COMP_LINE="$*"; _profan; printf "%s\\n" "${COMPREPLY[@]}"')
    r = subprocess.run(["bash", "--norc", "-c", script, "x", BASH] + words, capture_output=True, text=True,
                       cwd=cwd)
    if r.returncode != 0 or r.stderr:
        fail(f"bash completion of {words}: exit {r.returncode}: {r.stderr.strip()}")
    return set(filter(None, r.stdout.split("\n")))


def check_completion_values(shell, cmd, opt, offered):
    """OFFERED: the values a completion gives for --OPT of CMD (None: free text or files)."""
    words = accepted_values(cmd, opt.long) or listed_values(cmd, opt.long)
    if words is not None and offered != words:
        fail(f"{shell}: {cmd} --{opt.long} completes {sorted(offered or ())}, profan accepts {sorted(words)}")
    for v in sorted(offered or ()):
        if not value_is_accepted(cmd, opt.long, v):
            fail(f"{shell}: {cmd} --{opt.long} offers '{v}', which profan refuses")


def check_bash():
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "prof.json.gz"), "w").close()
        os.mkdir(os.path.join(d, "symbols"))
        got = bash_complete(["profan", ""], d)
        if not set(COMMANDS) <= got:
            fail(f"bash: 'profan <TAB>' offers {sorted(got)}, not every command of {COMMANDS}")
        for cmd in COMMANDS:
            helped = set().union(*(o.names() for o in HELP[cmd].values())) if HELP[cmd] else set()
            got = {w.rstrip("=") for w in bash_complete(["profan", cmd, "-"], d)}
            for n in sorted(helped - got):
                fail(f"bash: 'profan {cmd} -<TAB>' does not offer {n}")
            for n in sorted(got - helped):
                fail(f"bash: 'profan {cmd} -<TAB>' offers {n}, which --help does not list")
            for o in HELP[cmd].values():
                name = "--" + o.long
                if o.optional:
                    after = bash_complete(["profan", cmd, name, "=", ""], d)
                    unsplit = bash_complete(["profan", cmd, name + "=", ], d)
                    if after != {w.split("=", 1)[1] for w in unsplit} and after != unsplit:
                        fail(f"bash: {cmd} {name}=<TAB> differs with and without the '=' split")
                    check_completion_values("bash", cmd, o, after)
                    continue
                after = bash_complete(["profan", cmd, name, ""], d)
                if o.arg is None:
                    if "prof.json.gz" not in after:
                        fail(f"bash: after {cmd} {name} (no value) a profile should complete, "
                             f"got {sorted(after)}")
                elif o.arg in FILE_ARGS:
                    if "prof.json.gz" not in after:
                        fail(f"bash: {cmd} {name} {o.arg}: file names should complete, got {sorted(after)}")
                elif o.arg in DIR_ARGS:
                    if after != {"symbols"}:
                        fail(f"bash: {cmd} {name} {o.arg}: directories should complete, got {sorted(after)}")
                else:
                    if "prof.json.gz" in after or any(w.startswith("-") for w in after):
                        fail(f"bash: {cmd} {name} {o.arg} takes a value, yet completes {sorted(after)}")
                    check_completion_values("bash", cmd, o, after or None)
                    eq = bash_complete(["profan", cmd, name, "=", ""], d)
                    if eq != after:
                        fail(f"bash: {cmd} {name}=<TAB> offers {sorted(eq)}, {name} <TAB> {sorted(after)}")
            got = bash_complete(["profan", cmd, "--top", "5", "pr"], d)
            if got != {"prof.json.gz"}:
                fail(f"bash: 'profan {cmd} --top 5 pr<TAB>' should give the profile, got {sorted(got)}")


# ---------------------------------------------------------------- zsh

ZSH_STUBS = r"""
_arguments() { local a; for a in "$@"; do print -r -- "ARG $a"; done }
_describe() { local a; for a in "${(@P)${@[-1]}}"; do print -r -- "CMD ${a%%:*}"; done }
"""


def zsh_specs(words):
    script = ZSH_STUBS + 'words=("$@"); CURRENT=$#; source ' + ZSH
    r = subprocess.run(["zsh", "-f", "-c", script, "zsh"] + words, capture_output=True, text=True)
    if r.returncode != 0 or r.stderr:
        fail(f"zsh completion of {words}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout.splitlines()


ZSH_SPEC = re.compile(r"^(?:\([^)]*\))?\*?(--?[A-Za-z0-9][A-Za-z0-9-]*)([=+]?-?)(\[(?:\\.|[^\]\\])*\])?(.*)$")


def zsh_values(action):
    """Words of a ':message:(a b)' or ':message:((a\\:desc b\\:desc))' action, or None."""
    m = re.search(r":\(\((.*)\)\)$", action)
    if m:
        return set(re.findall(r"(?:^|\s)([a-z0-9-]+)\\:", m.group(1)))
    m = re.search(r":\(([^()]*)\)$", action)
    if m:
        return set(m.group(1).split())
    return None


def check_zsh():
    if shutil.which("zsh") is None:
        print("SKIP: zsh is not installed")
        sys.exit(77)
    if subprocess.run(["zsh", "-n", ZSH]).returncode != 0:
        fail("zsh -n: syntax error in completions/_profan")
    got = {l[4:] for l in zsh_specs(["profan", ""]) if l.startswith("CMD ")}
    if got != set(COMMANDS):
        fail(f"zsh: 'profan <TAB>' offers {sorted(got)}, profan --help lists {sorted(COMMANDS)}")
    for cmd in COMMANDS:
        specs = {}
        for line in zsh_specs(["profan", cmd, ""]):
            if not line.startswith("ARG ") or line[4:] in ("-s", "-S") or line[4:].startswith(("*:", ":")):
                continue
            m = ZSH_SPEC.match(line[4:])
            if not m:
                fail(f"zsh: cannot read the spec {line[4:]!r}")
                continue
            specs[m.group(1)] = (m.group(2), m.group(4))
        helped = set().union(*(o.names() for o in HELP[cmd].values())) if HELP[cmd] else set()
        for n in sorted(helped - set(specs)):
            fail(f"zsh: profan {cmd} does not complete {n}")
        for n in sorted(set(specs) - helped):
            fail(f"zsh: profan {cmd} completes {n}, which --help does not list")
        for o in HELP[cmd].values():
            for n in o.names():
                if n not in specs:
                    continue
                suffix, action = specs[n]
                takes = bool(action.startswith(":"))
                if takes != (o.arg is not None):
                    fail(f"zsh: {cmd} {n}: takes a value in zsh: {takes}, in --help: {o.arg is not None}")
                if o.optional and suffix != "=-":
                    fail(f"zsh: {cmd} {n}: an optional value must be written {n}=VALUE ('=-' spec)")
                if n.startswith("--") and o.arg:
                    if o.arg in FILE_ARGS | DIR_ARGS:
                        if "_files" not in action and "_directories" not in action:
                            fail(f"zsh: {cmd} {n} {o.arg}: should complete file names")
                    else:
                        check_completion_values("zsh", cmd, o, zsh_values(action))


if CHECK != "render":
    read_help()
{"man": check_man, "render": check_render, "bash": check_bash, "zsh": check_zsh}[CHECK]()
shutil.rmtree(SCRATCH)
if failures:
    print(f"{len(failures)} problem(s)")
    sys.exit(1)
counts = f" ({len(COMMANDS)} commands, {sum(map(len, HELP.values()))} options)" if HELP else ""
print(f"{CHECK}: ok{counts}")
