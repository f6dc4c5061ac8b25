# Malformed inputs (tests/malformed/gen.py): exit 1 and one line naming the file, the JSON path
# and what is wrong. tests/malformed/run.sh checks the same files for time and memory.
$ profan samply ../tests/malformed/samply/bad-escape.json
! exit 1
! profan: ../tests/malformed/samply/bad-escape.json: byte 241 (line 1, column 242): threads[0].name: invalid escape '\q'
$ profan samply ../tests/malformed/samply/bom.json
! exit 1
! profan: ../tests/malformed/samply/bom.json: byte 0 (line 1, column 1): input starts with a UTF-8 byte order mark, which JSON does not allow
$ profan samply ../tests/malformed/samply/control-char.json
! exit 1
! profan: ../tests/malformed/samply/control-char.json: byte 240 (line 1, column 241): threads[0].name: control character 0x01 inside a string
$ profan samply ../tests/malformed/samply/cpu-estimate-overflow.json
! exit 1
! profan: ../tests/malformed/samply/cpu-estimate-overflow.json: meta.interval: the CPU estimate (sample weight x interval) adds up to more than 2^63 - 1 µs
$ profan samply ../tests/malformed/samply/cpu-estimate-sum-overflow.json
! exit 1
! profan: ../tests/malformed/samply/cpu-estimate-sum-overflow.json: meta.interval: the CPU estimate (sample weight x interval) adds up to more than 2^63 - 1 µs
$ profan samply ../tests/malformed/samply/cpu-delta-huge.json
! exit 1
! profan: ../tests/malformed/samply/cpu-delta-huge.json: threads[0].samples.threadCPUDelta[1]: expected an integer, got 1e+300
$ profan samply ../tests/malformed/samply/cpu-delta-negative.json
! exit 1
! profan: ../tests/malformed/samply/cpu-delta-negative.json: threads[0].samples.threadCPUDelta[1]: -5 is out of range [0, 1099511627776]
$ profan samply ../tests/malformed/samply/duplicate-key.json
! exit 1
! profan: ../tests/malformed/samply/duplicate-key.json: byte 99 (line 1, column 100): meta: duplicate key "product"
$ profan samply ../tests/malformed/samply/duplicate-key-newline.json
! exit 1
! profan: ../tests/malformed/samply/duplicate-key-newline.json: byte 133 (line 1, column 134): meta: duplicate key "x\x0aprofan: forged\x0d"
$ profan samply ../tests/malformed/samply/empty.json
! exit 1
! profan: ../tests/malformed/samply/empty.json: byte 0 (line 1, column 1): empty input (no JSON value)
$ profan samply ../tests/malformed/samply/gzip-bad-crc.json.gz
! exit 1
! profan: ../tests/malformed/samply/gzip-bad-crc.json.gz: gzip: incorrect data check
$ profan samply ../tests/malformed/samply/gzip-trailing-garbage.json.gz
! exit 1
! profan: ../tests/malformed/samply/gzip-trailing-garbage.json.gz: gzip: trailing garbage after the compressed data
$ profan samply ../tests/malformed/samply/index-frame-out-of-range.json
! exit 1
! profan: ../tests/malformed/samply/index-frame-out-of-range.json: threads[0].stackTable.frame[1]: 9 is out of range [0, 1]
$ profan samply ../tests/malformed/samply/index-func-negative.json
! exit 1
! profan: ../tests/malformed/samply/index-func-negative.json: threads[0].frameTable.func[1]: -1 is out of range [0, 1]
$ profan samply ../tests/malformed/samply/index-huge.json
! exit 1
! profan: ../tests/malformed/samply/index-huge.json: threads[0].samples.stack[1]: 4294967296 is out of range [0, 1]
$ profan samply ../tests/malformed/samply/index-lib-out-of-range.json
! exit 1
! profan: ../tests/malformed/samply/index-lib-out-of-range.json: threads[0].resourceTable.lib[0]: 3 is out of range [0, 0]
$ profan samply ../tests/malformed/samply/index-stack-out-of-range.json
! exit 1
! profan: ../tests/malformed/samply/index-stack-out-of-range.json: threads[0].samples.stack[1]: 2 is out of range [0, 1]
$ profan samply ../tests/malformed/samply/index-string-out-of-range.json
! exit 1
! profan: ../tests/malformed/samply/index-string-out-of-range.json: threads[0].funcTable.name[1]: 2 is out of range [0, 1]
$ profan samply ../tests/malformed/samply/inf-literal.json
! exit 1
! profan: ../tests/malformed/samply/inf-literal.json: byte 65 (line 1, column 66): meta.interval: unexpected 'I' where a value was expected
$ profan samply ../tests/malformed/samply/length-huge.json
! exit 1
! profan: ../tests/malformed/samply/length-huge.json: threads[0].stackTable.frame: has 2 entries, but the table's length is 2147483647
$ profan samply ../tests/malformed/samply/length-mismatch.json
! exit 1
! profan: ../tests/malformed/samply/length-mismatch.json: threads[0].samples.stack: has 3 entries, but samples.length is 4
$ profan samply ../tests/malformed/samply/nan-literal.json
! exit 1
! profan: ../tests/malformed/samply/nan-literal.json: byte 65 (line 1, column 66): meta.interval: unexpected 'N' where a value was expected
$ profan samply ../tests/malformed/samply/not-an-object.json
! exit 1
! profan: ../tests/malformed/samply/not-an-object.json: (root): expected an object, got an array
$ profan samply ../tests/malformed/samply/null-everywhere.json
! exit 1
! profan: ../tests/malformed/samply/null-everywhere.json: threads[0].funcTable: expected an object, got a null
$ profan samply ../tests/malformed/samply/number-long.json
! exit 1
! profan: ../tests/malformed/samply/number-long.json: byte 577 (line 1, column 578): meta.interval: number longer than 512 characters
$ profan samply ../tests/malformed/samply/number-overflow.json
! exit 1
! profan: ../tests/malformed/samply/number-overflow.json: byte 70 (line 1, column 71): meta.interval: number 1e999 is out of range
$ profan samply ../tests/malformed/samply/prefix-cycle.json
! exit 1
! profan: ../tests/malformed/samply/prefix-cycle.json: threads[0].stackTable.prefix[0]: parent stack 1 does not precede stack 0
$ profan samply ../tests/malformed/samply/prefix-forward.json
! exit 1
! profan: ../tests/malformed/samply/prefix-forward.json: threads[0].stackTable.prefix[0]: parent stack 1 does not precede stack 0
$ profan samply ../tests/malformed/samply/prefix-self-cycle.json
! exit 1
! profan: ../tests/malformed/samply/prefix-self-cycle.json: threads[0].stackTable.prefix[1]: parent stack 1 does not precede stack 1
$ profan samply ../tests/malformed/samply/trailing-data.json
! exit 1
! profan: ../tests/malformed/samply/trailing-data.json: byte 638 (line 1, column 639): trailing data after the JSON value
$ profan samply ../tests/malformed/samply/truncated-after-key.json
! exit 1
! profan: ../tests/malformed/samply/truncated-after-key.json: byte 564 (line 1, column 565): threads[0].samples: unexpected end of input (truncated file?)
$ profan samply ../tests/malformed/samply/truncated-in-number.json
! exit 1
! profan: ../tests/malformed/samply/truncated-in-number.json: byte 66 (line 1, column 67): meta.interval: unexpected end of input (truncated file?)
$ profan samply ../tests/malformed/samply/truncated-in-string.json
! exit 1
! profan: ../tests/malformed/samply/truncated-in-string.json: byte 329 (line 1, column 330): threads[0].stringArray[1]: unexpected end of input inside a string
$ profan samply ../tests/malformed/samply/truncated.json.gz
! exit 1
! profan: ../tests/malformed/samply/truncated.json.gz: gzip: unexpected end of compressed data (truncated file?)
$ profan samply ../tests/malformed/samply/whitespace.json
! exit 1
! profan: ../tests/malformed/samply/whitespace.json: byte 5 (line 3, column 1): empty input (no JSON value)
$ profan samply ../tests/malformed/samply/wrong-type-length.json
! exit 1
! profan: ../tests/malformed/samply/wrong-type-length.json: threads[0].frameTable.length: expected a number, got a string
$ profan samply ../tests/malformed/samply/wrong-type-lib-name.json
! exit 1
! profan: ../tests/malformed/samply/wrong-type-lib-name.json: libs[0].name: expected a string, got a number
$ profan samply ../tests/malformed/samply/wrong-type-meta.json
! exit 1
! profan: ../tests/malformed/samply/wrong-type-meta.json: meta: expected an object, got a number
$ profan samply ../tests/malformed/samply/wrong-type-stack-string.json
! exit 1
! profan: ../tests/malformed/samply/wrong-type-stack-string.json: threads[0].samples.stack[1]: expected an integer, got a string
$ profan samply ../tests/malformed/samply/wrong-type-threads.json
! exit 1
! profan: ../tests/malformed/samply/wrong-type-threads.json: threads: expected an array, got an object
$ profan samply ../tests/malformed/samply/length-claim-every-thread.json
! exit 1
! profan: ../tests/malformed/samply/length-claim-every-thread.json: threads[0].samples.stack: has 3 entries, but samples.length is 2147483647
