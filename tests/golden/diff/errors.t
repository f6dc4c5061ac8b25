# profan diff refuses what it cannot compare, with one line and the usage exit code; the arms as
# the shell expands `--base runs/A-* runs/B-*` cannot be told apart without '--' between them.
# Two formats are refused from every file's first bytes (decoded from gzip) before any file is
# parsed: no warning of a side that would load first (peak.fsbug.json warns of a repaired stack,
# the chrome70 trace of its two profiles, the chrome141 trace of chunks without data).
$ profan diff pipeline/a1.cpuprofile.gz
! exit 2
! profan: diff: give BASE and NEW, --base A1 A2 -- B1 B2, or --base FILE (repeated) and the new files; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --pprof x.pb.gz
! exit 2
! profan: diff: --pprof, trees, --per-file and --annotate work on one side: use them with the format's own command; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --annotate hot
! exit 2
! profan: diff: --pprof, trees, --per-file and --annotate work on one side: use them with the format's own command; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --format pprof
! exit 2
! profan: diff: --format wants samply, perf, dhat or cpuprof, not 'pprof'; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/no-such-file.json
! exit 1
! profan: pipeline/no-such-file.json: cannot open: No such file or directory
$ profan diff pipeline/a1.cpuprofile.gz pipeline/ab.js
! exit 1
! profan: pipeline/ab.js: byte 0 (line 1, column 1): unexpected '/' where a value was expected
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --metric bytes
! exit 1
! profan: pipeline/a1.cpuprofile.gz: no metric 'bytes' in this profile
$ profan diff --base pipeline/a1.cpuprofile.gz --base pipeline/a2.cpuprofile.gz pipeline/b1.cpuprofile.gz --order ABBA
! exit 2
! profan: diff: --order wants one letter per run: 2 A and 1 B for 2 base and 1 new runs, not 2 and 2
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --order AX
! exit 2
! profan: diff: --order wants letters A (a base run) and B (a new run) in the order they were made, not 'X'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --confidence 100
! exit 2
! profan: diff: --confidence wants a percentage from 50 to 99.9, not '100'; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --match address
! exit 2
! profan: diff: --match wants name or file, not 'address'; see 'profan diff --help'
$ profan diff --base pipeline/a1.cpuprofile.gz pipeline/a2.cpuprofile.gz pipeline/b1.cpuprofile.gz pipeline/b2.cpuprofile.gz
! exit 2
! profan: diff: files follow --base pipeline/a1.cpuprofile.gz directly (a shell glob?), so the arms cannot be told apart: write them as --base A1 A2 A3 -- B1 B2 B3 ('--' between the arms), or give --base before each base file; see 'profan diff --help'
$ profan diff --base=pipeline/a1.cpuprofile.gz pipeline/a2.cpuprofile.gz --base pipeline/b1.cpuprofile.gz pipeline/b2.cpuprofile.gz
! exit 2
! profan: diff: files follow --base pipeline/a1.cpuprofile.gz directly (a shell glob?), so the arms cannot be told apart: write them as --base A1 A2 A3 -- B1 B2 B3 ('--' between the arms), or give --base before each base file; see 'profan diff --help'
$ profan diff --base pipeline/a1.cpuprofile.gz pipeline/a2.cpuprofile.gz --
! exit 2
! profan: diff: no new profile: write the arms as --base A1 A2 -- B1 B2, or A1 A2 -- B1 B2; see 'profan diff --help'
$ profan diff samply/demo/demo.json.gz cpuprof/hot.cpuprofile
! exit 2
! profan: diff: cannot compare samply/demo/demo.json.gz (a samply profile) with cpuprof/hot.cpuprofile (a V8 CPU profile)
$ profan diff dhat/peak.fsbug.json cpuprof/speedscope-chrome70-trace-two-threads.json.gz
! exit 2
! profan: diff: cannot compare dhat/peak.fsbug.json (a DHAT profile) with cpuprof/speedscope-chrome70-trace-two-threads.json.gz (a V8 CPU profile)
$ profan diff cpuprof/speedscope-chrome141-trace-missing-args-data.json dhat/rsdemo.json
! exit 2
! profan: diff: cannot compare cpuprof/speedscope-chrome141-trace-missing-args-data.json (a V8 CPU profile) with dhat/rsdemo.json (a DHAT profile)
$ profan diff perf/work-fp.data dhat/peak.fsbug.json
! exit 2
! profan: diff: cannot compare perf/work-fp.data (a perf.data recording) with dhat/peak.fsbug.json (a DHAT profile)
$ profan diff --base dhat/peak.fsbug.json --base cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile dhat/peak.json
! exit 2
! profan: diff: cannot compare dhat/peak.fsbug.json (a DHAT profile) with cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile (a V8 CPU profile)
$ profan diff --base dhat/peak.fsbug.json dhat/peak.json -- dhat/peak.json samply/public/v66-fxprof-crate-snapshot-synthetic.json
! exit 2
! profan: diff: cannot compare dhat/peak.fsbug.json (a DHAT profile) with samply/public/v66-fxprof-crate-snapshot-synthetic.json (a samply profile)
$ profan diff --format dhat dhat/peak.fsbug.json cpuprof/hot-trace.json.gz
! exit 1
! profan: cpuprof/hot-trace.json.gz: this is a V8 CPU profile, not a DHAT profile: read it with 'profan cpuprof'
