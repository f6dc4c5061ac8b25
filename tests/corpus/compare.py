#!/usr/bin/env python3
"""profan's headline numbers on one real-world file against check.py's independent recomputation.

Usage: compare.py PROFAN FILE
Compares the report header (--json): cpuprof "Total: X ms in N samples" with the largest profile's
sum of timeDeltas and sample count; samply "Total" with sum threadCPUDelta and samples; dhat
"Total" and "At t-gmax" with sum tb/tbk and sum gb/gbk; samply libraries of a macOS or Windows recording are
"not ELF", with one warning. A file profan should refuse (a raw Gecko profile,
a V8 heap profile, perf.data...) must give exit 1 and one stderr line naming the file and saying what it
is (the phrase below, from check.py's independent classification; the whole lines are pinned in
tests/golden/cli/what-a-file-is.t). Exit 0 when all agree, 1 otherwise, 77 when check.py classifies the
file as nothing this script knows.
"""
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # keep the corpus directory free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402


def number(text):
	return float(text.replace(',', ''))


# A time as profan prints it: 2 decimals in ms, s, min or h, whichever reads best.
TIME = r'([\d.]+ (?:ms|s|min|h)) in (\d+) samples'
MS_PER = {'ms': 1, 's': 1e3, 'min': 60e3, 'h': 3600e3}
def refusal(exp):
	"""(command, phrase the one error line must contain) for files profan should refuse, or None."""
	what = exp['what']
	m = re.match(r'Firefox processed profile v(\d+) \(older than v41\)', what)
	if m:
		return 'samply', 'a Firefox processed profile of version %s;' % m.group(1)
	table = [
		('perf.data', 'samply', "this is a perf.data recording, not a samply profile: read it with 'profan perf'"),
		('V8 sampling heap profile', 'cpuprof', 'a V8 heap profile'),
		('raw Gecko profile', 'samply', 'a raw Gecko profile'),
		('Firefox processed profile without preprocessedProfileVersion', 'samply',
		 'from before preprocessedProfileVersion existed'),
		('Firefox DevTools performance-panel recording', 'samply', 'a Firefox DevTools performance-panel recording'),
	]
	for prefix, cmd, phrase in table:
		if what.startswith(prefix):
			return cmd, phrase
	if what == 'Chrome trace' and not exp['profiles']:
		return 'cpuprof', 'no CPU profile in this trace'
	return None


def check_refusal(profan, path, cmd, phrase):
	run = subprocess.run([profan, cmd, path], capture_output=True, text=True)
	lines = run.stderr.splitlines()
	ok = run.returncode == 1 and run.stdout == '' and len(lines) == 1 and \
		lines[0].startswith('profan: %s: ' % path) and phrase in lines[0]
	print('%s %s: profan %s exited %d, stderr %r; expected exit 1 and one line with %r' %
	      ('ok  ' if ok else 'FAIL', os.path.basename(path), cmd, run.returncode, run.stderr, phrase))
	return 0 if ok else 1


def expected(exp):
	"""(command, [(header key, regex, expected values)]) or None when profan should refuse."""
	what = exp['what']
	if what.startswith('DHAT'):
		rows = [('Total', r'([\d,]+) \S+ .*?in ([\d,]+) ', (exp['tb'], exp['tbk']))]
		if 'gb' in exp:
			rows.append(('At t-gmax', r'([\d,]+) B .*?in ([\d,]+) ', (exp['gb'], exp['gbk'])))
		return 'dhat', rows
	if what.startswith('processed profile v'):
		return 'samply', [('Total', TIME, (exp['cpu_us'] / 1000, exp['samples']))]
	if 'profiles' in exp and exp['profiles']:
		p = max(exp['profiles'], key=lambda p: p.get('samples', 0))
		return 'cpuprof', [('Total', TIME, (p['total_us'] / 1000, p['samples']))]
	if what.startswith('V8 cpuprofile') or what.startswith('legacy V8'):
		return 'cpuprof', [('Total', TIME, (exp['total_us'] / 1000, exp['samples']))]
	return None


def main(profan, path):
	exp = check.check(path)
	refuse = refusal(exp)
	if refuse is not None:
		return check_refusal(profan, path, *refuse)
	plan = expected(exp)
	if plan is None:
		print('%s: %s: nothing to compare (see CURRENT.md)' % (path, exp['what']))
		return 77
	cmd, rows = plan
	run = subprocess.run([profan, cmd, '--json', path], capture_output=True, text=True)
	if run.returncode != 0:
		print('FAIL %s: profan %s exited %d: %s' % (path, cmd, run.returncode, run.stderr.strip()))
		return 1
	header = json.loads(run.stdout)['header']
	bad = 0
	for key, regex, want in rows:
		m = re.search(regex, header.get(key, ''))
		got, unit = None, 1
		if m and regex == TIME:
			value, name = m.group(1).split()
			unit = MS_PER[name]
			got = (float(value) * unit, number(m.group(2)))
		elif m:
			got = tuple(number(g) for g in m.groups())
		# 2 decimals in the unit printed: allow half a unit in the last place.
		ok = got is not None and abs(got[0] - want[0]) <= 0.005 * unit + 1e-9 * abs(want[0]) and got[1] == want[1]
		print('%s %s %s: profan %r, check.py %s' % ('ok  ' if ok else 'FAIL', os.path.basename(path), key,
		                                          header.get(key), want))
		bad += not ok
	if exp['what'].startswith('processed profile v'):
		bad += not_elf(path, exp, header, run.stderr)
	return 1 if bad else 0


def not_elf(path, exp, header, stderr):
	"""samply: libraries of a macOS or Windows recording are counted as "not ELF" (not "missing"), and
	one warning line says so; check.py counts them from meta.oscpu and the frames' libraries."""
	want = sum(n for fmt, n in exp['lib_formats'].items() if fmt != 'ELF')
	m = re.search(r', (\d+) not ELF$', header.get('Symbol files', ''))
	got = int(m.group(1)) if m else 0
	warned = sum('not symbolicated: profan reads ELF only' in line for line in stderr.splitlines())
	ok = got == want and warned == (1 if want else 0)
	print('%s %s Symbol files: profan %r and %d warning line(s); check.py %d not ELF' %
	      ('ok  ' if ok else 'FAIL', os.path.basename(path), header.get('Symbol files'), warned, want))
	return 0 if ok else 1


if __name__ == '__main__':
	if len(sys.argv) != 3:
		sys.exit(__doc__)
	sys.exit(main(sys.argv[1], sys.argv[2]))
