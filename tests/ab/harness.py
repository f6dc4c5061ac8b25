"""tests/ab/harness.py: what ab_dhat.py and ab_cpuprof.py share: profan run in a scratch
directory that is also its TMPDIR (so nothing it leaves behind goes unseen), failures gathered
and reported at the end."""
import glob, os, shutil, subprocess, sys, tempfile


class Harness:
    def __init__(self, profan, prefix):
        self.profan = os.path.abspath(profan)
        self.tmp = tempfile.mkdtemp(prefix=prefix)
        self.failures = []

    def check(self, cond, what):
        if not cond:
            self.failures.append(what)

    def prof(self, *args, code=None):
        out = subprocess.run([self.profan, *args], capture_output=True, text=True, cwd=self.tmp,
                             env=dict(os.environ, TMPDIR=self.tmp))
        if code is not None:
            self.check(out.returncode == code,
                       f"profan {' '.join(args)}: exit {out.returncode}, not {code}: {out.stderr}")
        return out

    def one_line(self, out, want, code, what):
        """OUT ended with exit CODE and one line on stderr that says WANT."""
        self.check(out.returncode == code and want in out.stderr and out.stderr.count("\n") == 1,
                   f"{what}: exit {out.returncode}, {out.stderr!r}")

    def skip(self, why):
        print("SKIP: " + why)
        shutil.rmtree(self.tmp)
        sys.exit(77)

    def finish(self, what):
        """Exit 1 with the failures (the scratch directory kept), or 0 with it removed; also
        before the end, when nothing more can be checked."""
        left = glob.glob(os.path.join(self.tmp, "profan-*"))
        self.check(not left, f"temporary files left: {left}")
        if self.failures:
            print("\n".join(self.failures))
            print("kept for a look: " + self.tmp)
            sys.exit(1)
        shutil.rmtree(self.tmp)
        print(f"all {what} checks passed")
        sys.exit(0)
