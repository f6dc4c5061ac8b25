#!/usr/bin/env python3
"""Independent expectations for the real-world corpus (stdlib only; never runs profan).

For every file given (default: every file in this directory except *.md and *.py) it sniffs what
the file is and recomputes the headline numbers profan prints:

  cpuprofile   samples, total = sum(timeDeltas) (profan's default "before" weighting), the first
               gap (profile start -> first sample) separately, median and largest later gap
  chrome trace each profile, keyed by (pid, id): samples, sum of deltas, first gap; CpuProfile
               events; ProfileChunks whose Profile event is missing ("orphans")
  heapprofile  V8 sampling heap profile: nodes, sum of selfSize, samples
  samply       per thread with samples: samples, sum weight, sum threadCPUDelta (us); totals;
               libraries that frames with addresses point into, by object format (from meta.oscpu)
  firefox      raw Gecko profile (meta.version, no preprocessedProfileVersion), processed profile
               older than v41, or a Firefox DevTools performance-panel recording
  dhat         mode, cmd; sum tb/tbk; heap: sum gb/gbk (= t-gmax), tg, te, sum eb/ebk; for the
               project's dhatrs-demo, bytes at t-gmax per user function (innermost dhatrs_demo:: frame)
  perf.data    PERFILE2 magic, header and data section sizes

Usage: check.py [--json] [FILE...]
"""
import gzip
import json
import os
import statistics
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_bytes(path):
	data = open(path, 'rb').read()
	layers = 0
	while data[:2] == b'\x1f\x8b':
		data = gzip.decompress(data)
		layers += 1
	return data, layers


def gaps_summary(deltas):
	"""Numbers for one sample series given its timeDeltas (us): before-weighted total, first gap."""
	out = {'samples': len(deltas), 'total_us': sum(deltas)}
	if deltas:
		out['first_gap_us'] = deltas[0]
		rest = deltas[1:]
		out['total_without_first_gap_us'] = sum(rest)
		if rest:
			out['median_gap_us'] = statistics.median(rest)
			out['max_later_gap_us'] = max(rest)
			out['negative_gaps'] = sum(1 for d in rest if d < 0)
	return out


def check_cpuprofile(d):
	if 'head' in d and 'timestamps' in d:
		ts = d['timestamps']
		n = len(d.get('samples', []))
		out = {'what': 'legacy V8 cpuprofile (head + timestamps)', 'timestamps': len(ts), 'samples_field': n}
		if len(ts) == n + 1:
			# One timestamp more than samples: the first is the profile start (node 10, speedscope).
			deltas = [b - a for a, b in zip(ts, ts[1:])]
			out['start_timestamp_is_ts0'] = True
		else:
			deltas = [ts[0] - d['startTime'] * 1e6] + [b - a for a, b in zip(ts, ts[1:])]
		# startTime is in seconds, often whole: the gap it implies is reported, never summed.
		out['gap_from_startTime_seconds_us'] = ts[0] - d['startTime'] * 1e6
		out.update(gaps_summary(deltas))
		return out
	deltas = d.get('timeDeltas', [])
	out = {'what': 'V8 cpuprofile', 'nodes': len(d['nodes']),
	       'span_us': d.get('endTime', 0) - d.get('startTime', 0)}
	out.update(gaps_summary(deltas))
	return out


def check_trace(events):
	profiles = {}
	chunks = {}
	cpu_profile_events = []
	for e in events:
		if not isinstance(e, dict):
			continue
		name = e.get('name')
		if name == 'Profile':
			profiles[(e.get('pid'), e.get('id'))] = e
		elif name == 'ProfileChunk':
			chunks.setdefault((e.get('pid'), e.get('id')), []).append(e)
		elif name == 'CpuProfile':
			cpu_profile_events.append(e)
	out = {'what': 'Chrome trace', 'events': len(events), 'profiles': []}
	for key in sorted(set(profiles) | set(chunks), key=str):
		cs = sorted(chunks.get(key, []), key=lambda e: e.get('ts', 0))
		deltas = []
		for c in cs:
			data = (c.get('args') or {}).get('data') or {}
			deltas += data.get('timeDeltas') or []
		p = {'pid': key[0], 'id': key[1], 'has_Profile_event': key in profiles, 'chunks': len(cs)}
		p.update(gaps_summary(deltas))
		out['profiles'].append(p)
	for e in cpu_profile_events:
		cp = e['args']['data']['cpuProfile']
		p = {'CpuProfile_event_tid': e.get('tid')}
		p.update(gaps_summary(cp.get('timeDeltas', [])))
		out['profiles'].append(p)
	out['orphan_chunk_profiles'] = sum(1 for k in chunks if k not in profiles)
	return out


def check_heapprofile(d):
	nodes, self_sum, stack = 0, 0, [d['head']]
	while stack:
		n = stack.pop()
		nodes += 1
		self_sum += n.get('selfSize', 0)
		stack.extend(n.get('children', []))
	return {'what': 'V8 sampling heap profile (.heapprofile)', 'nodes': nodes, 'self_size_sum': self_sum,
	        'samples': len(d.get('samples', []))}


def os_object_format(oscpu):
	"""The object format of native code on the recording's OS (meta.oscpu)."""
	oscpu = oscpu or ''
	if oscpu.startswith(('macOS', 'Mac OS')):
		return 'Mach-O'
	if oscpu.startswith('Windows'):
		return 'PE'
	return 'ELF'


def libs_with_address_frames(d):
	"""Indexes into libs of the libraries some frame with an address points to (frame -> func ->
	resource -> lib), over every thread."""
	used = set()
	for t in d['threads']:
		ft, fn, rt = t.get('frameTable', {}), t.get('funcTable', {}), t.get('resourceTable', {})
		for addr, func in zip(ft.get('address', []), ft.get('func', [])):
			if addr is None or addr < 0:
				continue
			res = fn['resource'][func]
			if res is not None and res >= 0 and rt['lib'][res] is not None:
				used.add(rt['lib'][res])
	return used


def check_processed(d):
	meta = d['meta']
	v = meta.get('preprocessedProfileVersion')
	threads = []
	tot_n = tot_w = tot_cpu = 0
	for t in d['threads']:
		s = t.get('samples', {})
		n = s.get('length', len(s.get('stack', [])))
		if not n:
			continue
		w = sum(x if x is not None else 1 for x in s['weight']) if s.get('weight') else n
		cpu = sum(x or 0 for x in s.get('threadCPUDelta') or [])
		threads.append({'name': t.get('name'), 'pid': t.get('pid'), 'processName': t.get('processName'),
		                'samples': n, 'weight': w, 'cpu_us': cpu})
		tot_n += n
		tot_w += w
		tot_cpu += cpu
	by_proc = {}
	for t in threads:
		by_proc[t['processName']] = by_proc.get(t['processName'], 0) + t['cpu_us']
	# Every library a frame's address points into is of the OS's format: profan symbolicates ELF only.
	fmt = os_object_format(meta.get('oscpu'))
	formats = {fmt: len(libs_with_address_frames(d))}
	out = {'what': 'processed profile v%s' % v, 'product': meta.get('product'), 'oscpu': meta.get('oscpu'),
	       'threads_with_samples': len(threads), 'samples': tot_n, 'weight': tot_w, 'cpu_us': tot_cpu,
	       'cpu_us_by_process': by_proc, 'lib_formats': formats}
	if v is not None and v < 41:
		out['what'] = 'Firefox processed profile v%s (older than v41)' % v
	return out


def check_firefox_other(d):
	if 'ticks' in d and 'profile' in d and 'frames' in d:
		p = d['profile']
		return {'what': 'Firefox DevTools performance-panel recording (label/duration/ticks/profile)',
		        'duration_ms': d.get('duration'), 'inner_meta_version': p.get('meta', {}).get('version')}
	meta = d['meta']
	if 'preprocessedProfileVersion' not in meta and 'stringTable' in json.dumps(d['threads'][0])[:100000]:
		n = 0
		for t in d['threads']:
			s = t['samples'] if isinstance(t, dict) else {}
			n += len(s.get('data', [])) if isinstance(s, dict) else len(s)
		return {'what': 'raw Gecko profile (Firefox capture format), meta.version %s' % meta.get('version'),
		        'threads': len(d['threads']), 'samples': n}
	return {'what': 'Firefox processed profile without preprocessedProfileVersion (meta.version %s)'
	        % meta.get('version'), 'threads': len(d['threads'])}


def dhat_user_functions(d, prefix):
	"""Bytes at t-gmax per innermost frame whose name starts with prefix (self), and inclusive."""
	self_gb, incl_gb = {}, {}
	for pp in d['pps']:
		names = []
		for i in pp['fs']:
			text = d['ftbl'][i]
			name = text.split(': ', 1)[1] if ': ' in text else text
			name = name[:name.rfind(' (')] if name.endswith(')') and ' (' in name else name
			if name.startswith(prefix):
				names.append(name)
		if names:
			self_gb[names[0]] = self_gb.get(names[0], 0) + pp['gb']
		for n in set(names):
			incl_gb[n] = incl_gb.get(n, 0) + pp['gb']
	return self_gb, incl_gb


def check_dhat(d):
	pps = d['pps']
	cmd = d.get('cmd', '')
	exe = cmd.split(' ')[0].replace('\\', '/').rsplit('/', 1)[-1]
	out = {'what': 'DHAT JSON, mode %s' % d.get('mode'), 'cmd_program': exe, 'pps': len(pps),
	       'tb': sum(p['tb'] for p in pps), 'tbk': sum(p['tbk'] for p in pps),
	       'units': d.get('bsu', 'bytes')}
	if d.get('bklt'):
		out.update({'gb': sum(p['gb'] for p in pps), 'gbk': sum(p['gbk'] for p in pps),
		            'eb': sum(p['eb'] for p in pps), 'ebk': sum(p['ebk'] for p in pps),
		            'tg': d['tg'], 'te': d['te'], 'tu': d.get('tu')})
		if exe.startswith('dhatrs-demo'):
			self_gb, incl_gb = dhat_user_functions(d, 'dhatrs_demo::')
			out['gb_self_by_user_function'] = self_gb
			out['gb_inclusive_by_user_function'] = incl_gb
	return out


def check_perf_data(data):
	# perf_file_header: magic, size, attr_size, then perf_file_section attrs, data, event_types.
	magic, size, attr_size = struct.unpack_from('<8sQQ', data, 0)
	attrs_off, attrs_size, data_off, data_size = struct.unpack_from('<QQQQ', data, 24)
	return {'what': 'perf.data (PERFILE2)', 'header_size': size, 'attr_size': attr_size,
	        'data_offset': data_off, 'data_size': data_size, 'file_size': len(data)}


def check(path):
	data, layers = read_bytes(path)
	if data[:8] == b'PERFILE2':
		return check_perf_data(data)
	d = json.loads(data)
	if isinstance(d, list):
		out = check_trace(d)
	elif 'traceEvents' in d:
		out = check_trace(d['traceEvents'])
	elif 'dhatFileVersion' in d:
		out = check_dhat(d)
	elif 'nodes' in d or ('head' in d and 'timestamps' in d):
		out = check_cpuprofile(d)
	elif 'head' in d:
		out = check_heapprofile(d)
	elif 'meta' in d and 'preprocessedProfileVersion' in d['meta']:
		out = check_processed(d)
	else:
		out = check_firefox_other(d)
	if layers > 1:
		out['gzip_layers'] = layers
	return out


def main(argv):
	as_json = '--json' in argv
	paths = [a for a in argv if a != '--json']
	if not paths:
		paths = sorted(os.path.join(HERE, f) for f in os.listdir(HERE)
		               if not f.endswith(('.md', '.py')))
	results = {os.path.basename(p): check(p) for p in paths}
	if as_json:
		json.dump(results, sys.stdout, indent=1, sort_keys=True)
		print()
	else:
		for name, r in results.items():
			print(name)
			for k, v in r.items():
				print('  %s: %s' % (k, v))
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
