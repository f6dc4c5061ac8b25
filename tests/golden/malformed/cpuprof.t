# Malformed inputs (tests/malformed/gen.py): exit 1 and one line naming the file, the JSON path
# and what is wrong. tests/malformed/run.sh checks the same files for time and memory.
$ profan cpuprof ../tests/malformed/cpuprof/bom.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/bom.cpuprofile: byte 0 (line 1, column 1): input starts with a UTF-8 byte order mark, which JSON does not allow
$ profan cpuprof ../tests/malformed/cpuprof/child-cycle.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/child-cycle.cpuprofile: nodes[2].children[0]: node 2 is a child of two nodes (1 and 3)
$ profan cpuprof ../tests/malformed/cpuprof/deltas-huge.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/deltas-huge.cpuprofile: timeDeltas[1]: time 1e+300 is out of range
$ profan cpuprof ../tests/malformed/cpuprof/duplicate-key.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/duplicate-key.cpuprofile: byte 516 (line 1, column 517): duplicate key "startTime"
$ profan cpuprof ../tests/malformed/cpuprof/duplicate-key-newline.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/duplicate-key-newline.cpuprofile: byte 546 (line 1, column 547): duplicate key "x\x0aprofan: forged"
$ profan cpuprof ../tests/malformed/cpuprof/duplicate-node-id.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/duplicate-node-id.cpuprofile: nodes[2].id: node id 2 appears twice
$ profan cpuprof ../tests/malformed/cpuprof/empty.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/empty.cpuprofile: byte 0 (line 1, column 1): empty input (no JSON value)
$ profan cpuprof ../tests/malformed/cpuprof/inf-literal.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/inf-literal.cpuprofile: byte 453 (line 1, column 454): endTime: invalid number '-'
$ profan cpuprof ../tests/malformed/cpuprof/nan-literal.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/nan-literal.cpuprofile: byte 452 (line 1, column 453): endTime: unexpected 'N' where a value was expected
$ profan cpuprof ../tests/malformed/cpuprof/not-a-profile.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/not-a-profile.cpuprofile: traceEvents: expected an array, got a number
$ profan cpuprof ../tests/malformed/cpuprof/number-overflow.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/number-overflow.cpuprofile: byte 458 (line 1, column 459): endTime: number -1e400 is out of range
$ profan cpuprof ../tests/malformed/cpuprof/trace-empty.json
! exit 1
! profan: ../tests/malformed/cpuprof/trace-empty.json: no CPU profile in this trace (no Profile, ProfileChunk or CpuProfile events)
$ profan cpuprof ../tests/malformed/cpuprof/trace-wrong-type.json
! exit 1
! profan: ../tests/malformed/cpuprof/trace-wrong-type.json: [0].args: expected an object, got a number
$ profan cpuprof ../tests/malformed/cpuprof/truncated-in-number.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/truncated-in-number.cpuprofile: byte 454 (line 1, column 455): endTime: unexpected end of input (truncated file?)
$ profan cpuprof ../tests/malformed/cpuprof/truncated-in-string.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/truncated-in-string.cpuprofile: byte 323 (line 1, column 324): nodes[2].callFrame.functionName: unexpected end of input inside a string
$ profan cpuprof ../tests/malformed/cpuprof/truncated.cpuprofile.gz
! exit 1
! profan: ../tests/malformed/cpuprof/truncated.cpuprofile.gz: gzip: unexpected end of compressed data (truncated file?)
$ profan cpuprof ../tests/malformed/cpuprof/two-parents.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/two-parents.cpuprofile: nodes[1].children[0]: node 3 is a child of two nodes (1 and 2)
$ profan cpuprof ../tests/malformed/cpuprof/wrong-type-callframe.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/wrong-type-callframe.cpuprofile: nodes[2].callFrame: expected an object, got an array
$ profan cpuprof ../tests/malformed/cpuprof/wrong-type-id.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/wrong-type-id.cpuprofile: nodes[1].id: expected a number, got a string
$ profan cpuprof ../tests/malformed/cpuprof/wrong-type-nodes.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/wrong-type-nodes.cpuprofile: nodes: expected an array, got an object
$ profan cpuprof ../tests/malformed/cpuprof/wrong-type-samples.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/wrong-type-samples.cpuprofile: samples: expected an array, got a string
$ profan cpuprof ../tests/malformed/cpuprof/deltas-sum-too-big.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/deltas-sum-too-big.cpuprofile: (root): timeDeltas add up to more than 2^60 µs at sample 1
$ profan cpuprof ../tests/malformed/cpuprof/position-ticks-wrong-type.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/position-ticks-wrong-type.cpuprofile: nodes[2].positionTicks: expected an array, got an object
$ profan cpuprof ../tests/malformed/cpuprof/position-ticks-negative.cpuprofile
! exit 1
! profan: ../tests/malformed/cpuprof/position-ticks-negative.cpuprofile: nodes[2].positionTicks[0].ticks: -1 is out of range [0, 2147483647]
$ profan cpuprof ../tests/malformed/cpuprof/trace-lines-wrong-type.json
! exit 1
! profan: ../tests/malformed/cpuprof/trace-lines-wrong-type.json: [1].args.data.lines[0]: expected an integer, got a string
