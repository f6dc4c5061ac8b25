# Malformed inputs (tests/malformed/gen.py): exit 1 and one line naming the file, the JSON path
# and what is wrong. tests/malformed/run.sh checks the same files for time and memory.
$ profan dhat ../tests/malformed/dhat/bom.json
! exit 1
! profan: ../tests/malformed/dhat/bom.json: byte 0 (line 1, column 1): input starts with a UTF-8 byte order mark, which JSON does not allow
$ profan dhat ../tests/malformed/dhat/counter-float.json
! exit 1
! profan: ../tests/malformed/dhat/counter-float.json: pps[0].tb: expected an integer, got 1.5
$ profan dhat ../tests/malformed/dhat/counter-huge.json
! exit 1
! profan: ../tests/malformed/dhat/counter-huge.json: pps[1]: tb summed over the program points exceeds 2^63 - 1
$ profan dhat ../tests/malformed/dhat/counter-negative.json
! exit 1
! profan: ../tests/malformed/dhat/counter-negative.json: pps[0].gb: -1 is out of range [0, 9223372036854775807]
$ profan dhat ../tests/malformed/dhat/counter-sum-overflow.json
! exit 1
! profan: ../tests/malformed/dhat/counter-sum-overflow.json: pps[1]: tb summed over the program points exceeds 2^63 - 1
$ profan dhat ../tests/malformed/dhat/duplicate-key.json
! exit 1
! profan: ../tests/malformed/dhat/duplicate-key.json: byte 275 (line 1, column 276): pps[0]: duplicate key "tb"
$ profan dhat ../tests/malformed/dhat/duplicate-key-newline.json
! exit 1
! profan: ../tests/malformed/dhat/duplicate-key-newline.json: byte 312 (line 1, column 313): pps[0]: duplicate key "x\x0aprofan: forged"
$ profan dhat ../tests/malformed/dhat/empty-ftbl.json
! exit 1
! profan: ../tests/malformed/dhat/empty-ftbl.json: pps[0].fs[1]: 2 is out of range [0, -1]
$ profan dhat ../tests/malformed/dhat/empty.json
! exit 1
! profan: ../tests/malformed/dhat/empty.json: byte 0 (line 1, column 1): empty input (no JSON value)
$ profan dhat ../tests/malformed/dhat/frame-column-huge.json
! exit 1
! profan: ../tests/malformed/dhat/frame-column-huge.json: ftbl[2]: a line or column number of more than 9 digits
$ profan dhat ../tests/malformed/dhat/frame-line-huge.json
! exit 1
! profan: ../tests/malformed/dhat/frame-line-huge.json: ftbl[2]: a line or column number of more than 9 digits
$ profan dhat ../tests/malformed/dhat/fs-missing-bracket-elsewhere.json
! exit 1
! profan: ../tests/malformed/dhat/fs-missing-bracket-elsewhere.json: byte 268 (line 1, column 269): pps: expected a string key
$ profan dhat ../tests/malformed/dhat/index-frame-huge.json
! exit 1
! profan: ../tests/malformed/dhat/index-frame-huge.json: pps[0].fs[1]: 1099511627776 is out of range [0, 3]
$ profan dhat ../tests/malformed/dhat/index-frame-negative.json
! exit 1
! profan: ../tests/malformed/dhat/index-frame-negative.json: pps[0].fs[1]: -2 is out of range [0, 3]
$ profan dhat ../tests/malformed/dhat/index-frame-out-of-range.json
! exit 1
! profan: ../tests/malformed/dhat/index-frame-out-of-range.json: pps[0].fs[1]: 4 is out of range [0, 3]
$ profan dhat ../tests/malformed/dhat/inf-literal.json
! exit 1
! profan: ../tests/malformed/dhat/inf-literal.json: byte 154 (line 1, column 155): tg: unexpected 'I' where a value was expected
$ profan dhat ../tests/malformed/dhat/missing-ftbl.json
! exit 1
! profan: ../tests/malformed/dhat/missing-ftbl.json: (root): missing key "ftbl"
$ profan dhat ../tests/malformed/dhat/nan-literal.json
! exit 1
! profan: ../tests/malformed/dhat/nan-literal.json: byte 154 (line 1, column 155): tg: unexpected 'N' where a value was expected
$ profan dhat ../tests/malformed/dhat/not-an-object.json
! exit 1
! profan: ../tests/malformed/dhat/not-an-object.json: (root): expected an object, got a string
$ profan dhat ../tests/malformed/dhat/number-overflow.json
! exit 1
! profan: ../tests/malformed/dhat/number-overflow.json: byte 159 (line 1, column 160): tg: number 1e400 is out of range
$ profan dhat ../tests/malformed/dhat/tg-after-te.json
! exit 1
! profan: ../tests/malformed/dhat/tg-after-te.json: tg: 4611686018427387904 is after the end of the run (te 1000)
$ profan dhat ../tests/malformed/dhat/time-huge.json
! exit 1
! profan: ../tests/malformed/dhat/time-huge.json: te: expected an integer, got 1e+300
$ profan dhat ../tests/malformed/dhat/trailing-data.json
! exit 1
! profan: ../tests/malformed/dhat/trailing-data.json: byte 458 (line 1, column 459): trailing data after the JSON value
$ profan dhat ../tests/malformed/dhat/truncated-in-number.json
! exit 1
! profan: ../tests/malformed/dhat/truncated-in-number.json: byte 291 (line 1, column 292): pps[1].tl: unexpected end of input (truncated file?)
$ profan dhat ../tests/malformed/dhat/truncated-in-string.json
! exit 1
! profan: ../tests/malformed/dhat/truncated-in-string.json: byte 423 (line 1, column 424): ftbl[2]: unexpected end of input inside a string
$ profan dhat ../tests/malformed/dhat/truncated.json.gz
! exit 1
! profan: ../tests/malformed/dhat/truncated.json.gz: gzip: unexpected end of compressed data (truncated file?)
$ profan dhat ../tests/malformed/dhat/version-unknown.json
! exit 1
! profan: ../tests/malformed/dhat/version-unknown.json: dhatFileVersion: version 99 is not supported (profan reads DHAT files of version 1 and 2)
$ profan dhat ../tests/malformed/dhat/wrong-type-counter.json
! exit 1
! profan: ../tests/malformed/dhat/wrong-type-counter.json: pps[0].tb: expected a number, got a string
$ profan dhat ../tests/malformed/dhat/wrong-type-frame.json
! exit 1
! profan: ../tests/malformed/dhat/wrong-type-frame.json: ftbl[2]: expected a string, got a number
$ profan dhat ../tests/malformed/dhat/wrong-type-fs.json
! exit 1
! profan: ../tests/malformed/dhat/wrong-type-fs.json: pps[1].fs: expected an array, got a string
$ profan dhat ../tests/malformed/dhat/wrong-type-mode.json
! exit 1
! profan: ../tests/malformed/dhat/wrong-type-mode.json: mode: expected a string, got an array
$ profan dhat ../tests/malformed/dhat/wrong-type-pps.json
! exit 1
! profan: ../tests/malformed/dhat/wrong-type-pps.json: pps: expected an array, got an object
$ profan dhat ../tests/malformed/dhat/index-frame-beyond-int32.json
! exit 1
! profan: ../tests/malformed/dhat/index-frame-beyond-int32.json: pps[1].fs[0]: 2147483648 is out of range [0, 3]
$ profan dhat ../tests/malformed/dhat/missing-counter.json
! exit 1
! profan: ../tests/malformed/dhat/missing-counter.json: pps[1]: missing key "gb"
$ profan dhat ../tests/malformed/dhat/odd-then-bad-frame.json
! exit 1
! profan: ../tests/malformed/dhat/odd-then-bad-frame.json: pps[1].fs[1]: 9 is out of range [0, 3]
$ profan dhat ../tests/malformed/dhat/pps-numbers.json
! exit 1
! profan: ../tests/malformed/dhat/pps-numbers.json: pps: expected an array of objects, got numbers
$ profan dhat ../tests/malformed/dhat/v1-frame-out-of-range.json
! exit 1
! profan: ../tests/malformed/dhat/v1-frame-out-of-range.json: aps[1].fs[0]: 7 is out of range [0, 2]
