# profan diff refuses what it cannot compare, with one line and the usage exit code.
$ profan diff pipeline/a1.cpuprofile.gz
! exit 2
! profan: diff: give BASE and NEW, or --base FILE (repeated) and the new files; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --pprof x.pb.gz
! exit 2
! profan: diff: --pprof, trees, --per-file and --annotate work on one side: use them with the format's own command; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --annotate hot
! exit 2
! profan: diff: --pprof, trees, --per-file and --annotate work on one side: use them with the format's own command; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --format perf
! exit 2
! profan: diff: --format wants samply, dhat or cpuprof, not 'perf'; see 'profan diff --help'
$ profan diff pipeline/a1.cpuprofile.gz pipeline/no-such-file.json
! exit 1
! profan: pipeline/no-such-file.json: cannot open: No such file or directory
$ profan diff pipeline/a1.cpuprofile.gz pipeline/ab.js
! exit 1
! profan: pipeline/ab.js: byte 0 (line 1, column 1): unexpected '/' where a value was expected
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --metric bytes
! exit 1
! profan: pipeline/a1.cpuprofile.gz: no metric 'bytes' in this profile
