# Bad input: one line on stderr, exit 1; bad usage: exit 2.
$ profan cpuprof missing.cpuprofile
! exit 1
! profan: missing.cpuprofile: cannot open: No such file or directory
$ profan cpuprof --weight sideways cpuprof/hot.cpuprofile
! exit 2
! profan: cpuprof: --weight wants before, after or samples, not 'sideways'; see 'profan cpuprof --help'
$ profan cpuprof --profile 5 cpuprof/speedscope-chrome70-trace-two-threads.json.gz
! exit 2
! profan: cpuprof/speedscope-chrome70-trace-two-threads.json.gz: --profile 5: no such profile (the file holds 2: use a number from 1 to 2, an id, PID:ID or all)
$ profan cpuprof --wasm cpuprof/kernel-stripped.wasm cpuprof/wasm-stripped.cpuprofile
! exit 1
! profan: cpuprof/kernel-stripped.wasm: no name section in this module: --wasm needs a build that keeps function names
$ profan cpuprof --wasm cpuprof/hot.cpuprofile cpuprof/wasm-stripped.cpuprofile
! exit 1
! profan: cpuprof/hot.cpuprofile: not a WebAssembly module (version 1 binary format expected)
$ head -c 3000 cpuprof/hot.cpuprofile | profan cpuprof -
! exit 1
! profan: <stdin>: byte 3000 (line 1, column 3001): nodes[16].callFrame.functionName: unexpected end of input inside a string
$ printf '{"nodes":[{"id":1,"callFrame":{},"children":[1]}],"samples":[1],"timeDeltas":[1]}' | profan cpuprof -
! exit 1
! profan: <stdin>: nodes[0]: node 1 is its own ancestor (the parent links form a cycle)
$ printf '[{"name":"ProfileChunk","id":"0x1","pid":1,"args":{"data":{"cpuProfile":{"nodes":[{"id":2,"parent":5,"callFrame":{}}],"samples":[2]},"timeDeltas":[1]}}}]' | profan cpuprof -
! exit 1
! profan: <stdin>: [0].args.data.cpuProfile.nodes[0].parent: parent 5 of node 2 is not a node of this profile
$ printf '{"nodes":[{"id":1,"callFrame":{"functionName":7}}],"samples":[1],"timeDeltas":[1]}' | profan cpuprof -
! exit 1
! profan: <stdin>: nodes[0].callFrame.functionName: expected a string, got a number
$ profan cpuprof -o /nonexistent/out.txt cpuprof/hot.cpuprofile
! exit 1
! profan: /nonexistent/out.txt: cannot write: No such file or directory
