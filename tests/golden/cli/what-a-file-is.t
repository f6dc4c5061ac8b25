# Files profan recognises but does not read: one line saying what the file is and how to get one it
# reads, for every command (issue 15 item 8). What each corpus file is: tests/corpus/EXPECTED.md
# (check.py classifies them independently).
$ profan samply ../tests/corpus/perf.data-boot_lisp
! exit 1
! profan: ../tests/corpus/perf.data-boot_lisp: this is a perf.data recording, not a samply profile: read it with 'profan perf'
$ profan diff --format dhat ../tests/corpus/perf.data-boot_lisp ../tests/corpus/perf.data-boot_lisp
! exit 1
! profan: ../tests/corpus/perf.data-boot_lisp: this is a perf.data recording, not a DHAT profile: read it with 'profan perf'
$ gzip -c cpuprof/hot.cpuprofile.gz | profan cpuprof -
! exit 1
! profan: <stdin>: gzip inside gzip (the file was compressed twice): `gzip -dc FILE > once.gz` leaves a file profan reads
$ gzip -c dhat/dhatrs-heap.json | gzip -c | profan dhat -
! exit 1
! profan: <stdin>: gzip inside gzip (the file was compressed twice): `gzip -dc FILE > once.gz` leaves a file profan reads
$ profan cpuprof ../tests/corpus/chrome69-speedscope.heapprofile.gz
! exit 1
! profan: ../tests/corpus/chrome69-speedscope.heapprofile.gz: a V8 heap profile (.heapprofile: sampled allocations), not a CPU profile; profan reads V8 CPU profiles (.cpuprofile, Chrome traces)
$ profan cpuprof ../tests/corpus/node10-speedscope.heapprofile
! exit 1
! profan: ../tests/corpus/node10-speedscope.heapprofile: a V8 heap profile (.heapprofile: sampled allocations), not a CPU profile; profan reads V8 CPU profiles (.cpuprofile, Chrome traces)
$ profan dhat ../tests/corpus/node10-speedscope.heapprofile
! exit 1
! profan: ../tests/corpus/node10-speedscope.heapprofile: a V8 heap profile (.heapprofile: sampled allocations), not a CPU profile; profan reads V8 CPU profiles (.cpuprofile, Chrome traces)
$ profan diff ../tests/corpus/node10-speedscope.heapprofile cpuprof/hot.cpuprofile
! exit 1
! profan: ../tests/corpus/node10-speedscope.heapprofile: a V8 heap profile (.heapprofile: sampled allocations), not a CPU profile; profan reads V8 CPU profiles (.cpuprofile, Chrome traces)
$ profan samply ../tests/corpus/gecko-raw-v3-ffprof.json
! exit 1
! profan: ../tests/corpus/gecko-raw-v3-ffprof.json: a raw Gecko profile (Firefox's capture format, meta.version 3), not a processed profile: open it in profiler.firefox.com and save it with Upload Local Profile > Download to get processed JSON
$ profan samply ../tests/corpus/gecko-raw-v13-ffprof.json
! exit 1
! profan: ../tests/corpus/gecko-raw-v13-ffprof.json: a raw Gecko profile (Firefox's capture format, meta.version 13), not a processed profile: open it in profiler.firefox.com and save it with Upload Local Profile > Download to get processed JSON
$ profan samply ../tests/corpus/processed-v24-ffprof.json
! exit 1
! profan: ../tests/corpus/processed-v24-ffprof.json: a Firefox processed profile of version 24; profan reads version 41 and later: open it in profiler.firefox.com and save it with Upload Local Profile > Download, which upgrades it
$ profan samply ../tests/corpus/processed-v7-ffprof.json
! exit 1
! profan: ../tests/corpus/processed-v7-ffprof.json: a Firefox processed profile of version 7; profan reads version 41 and later: open it in profiler.firefox.com and save it with Upload Local Profile > Download, which upgrades it
$ profan samply ../tests/corpus/processed-unversioned-ffprof.json
! exit 1
! profan: ../tests/corpus/processed-unversioned-ffprof.json: a Firefox processed profile from before preprocessedProfileVersion existed (no version number, meta.version 3); profan reads version 41 and later: open it in profiler.firefox.com and save it with Upload Local Profile > Download, which upgrades it
$ profan cpuprof ../tests/corpus/processed-v24-ffprof.json
! exit 1
! profan: ../tests/corpus/processed-v24-ffprof.json: a Firefox processed profile of version 24; profan reads version 41 and later: open it in profiler.firefox.com and save it with Upload Local Profile > Download, which upgrades it
$ profan samply ../tests/corpus/firefox63-devtools-recording-speedscope.json.gz
! exit 1
! profan: ../tests/corpus/firefox63-devtools-recording-speedscope.json.gz: a Firefox DevTools performance-panel recording, not a processed profile: its "profile" member is a raw Gecko profile (jq .profile FILE > gecko.json); open it in profiler.firefox.com and save it with Upload Local Profile > Download
$ profan cpuprof ../tests/corpus/chrome91-lighthouse-timespan-no-profile.json
! exit 1
! profan: ../tests/corpus/chrome91-lighthouse-timespan-no-profile.json: no CPU profile in this trace (no Profile, ProfileChunk or CpuProfile events)
