# Bad input: one line on stderr, exit 1. Bad usage: exit 2.
$ profan dhat dhat/bad.truncated.json
! exit 1
! profan: dhat/bad.truncated.json: byte 1216 (line 73, column 4): pps[7].tbk: unexpected end of input (truncated file?)
$ profan dhat dhat/bad.fs-range.json
! exit 1
! profan: dhat/bad.fs-range.json: pps[2].fs[2]: 99 is out of range [0, 17]
$ profan dhat dhat/bad.gb-type.json
! exit 1
! profan: dhat/bad.gb-type.json: pps[2].gb: expected a number, got a string
$ profan dhat dhat/bad.version.json
! exit 1
! profan: dhat/bad.version.json: dhatFileVersion: version 3 is not supported (profan reads DHAT files of version 1 and 2)
$ profan dhat dhat/bad.no-ftbl.json
! exit 1
! profan: dhat/bad.no-ftbl.json: (root): missing key "ftbl"
$ profan dhat dhat/bad.negative.json
! exit 1
! profan: dhat/bad.negative.json: pps[10].tb: -2000 is out of range [0, 9223372036854775807]
$ profan dhat dhat/missing.json
! exit 1
! profan: dhat/missing.json: cannot open: No such file or directory
$ profan dhat dhat/peak.json --where 'a(b'
! exit 2
! profan: dhat: --where: bad regex 'a(b': missing closing parenthesis at offset 3; see 'profan dhat --help'
$ profan dhat dhat/peak.json --not '['
! exit 2
! profan: dhat: --not: bad regex '[': missing terminating ] for character class at offset 1; see 'profan dhat --help'
$ profan dhat dhat/peak.json --metric bogus
! exit 2
! profan: dhat: unknown metric 'bogus' (try --metric list); see 'profan dhat --help'
$ profan dhat dhat/events.copy.json --metric gb
! exit 2
! profan: dhat/events.copy.json: metric 'gb' needs gb, which this copy-mode file does not record
$ profan dhat dhat/events.copy.json --metric short-lived
! exit 2
! profan: dhat/events.copy.json: metric 'short-lived' needs block lifetimes, which this copy-mode file does not record
$ profan dhat
! exit 2
! profan: dhat: no PROFILE given; see 'profan dhat --help'
$ profan dhat dhat/peak.json --stacks many
! exit 2
! profan: dhat: --stacks wants a non-negative integer, not 'many'; see 'profan dhat --help'
$ profan dhat dhat/peak.json -o /nonexistent/dir/out.txt
! exit 1
! profan: /nonexistent/dir/out.txt: cannot write: No such file or directory
