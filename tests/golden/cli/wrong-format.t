# A profile given to the wrong subcommand is named for what it is (sniffed from its top-level keys);
# a bare array of trace events still reads as a V8 profile.
$ profan samply cpuprof/hot.cpuprofile
! exit 1
! profan: cpuprof/hot.cpuprofile: this is a V8 CPU profile, not a samply profile: read it with 'profan cpuprof'
$ profan dhat samply/synthetic/v55.json
! exit 1
! profan: samply/synthetic/v55.json: this is a samply profile, not a DHAT profile: read it with 'profan samply'
$ profan cpuprof dhat/peak.json
! exit 1
! profan: dhat/peak.json: this is a DHAT profile, not a V8 CPU profile: read it with 'profan dhat'
$ profan cpuprof cpuprof/speedscope-chrome69-trace-ProfileChunk.json.gz --top 1 | head -2
Input:        cpuprof/speedscope-chrome69-trace-ProfileChunk.json.gz
Format:       V8 CPU profile, pid 85129 id 0xb (CrRendererMain)
