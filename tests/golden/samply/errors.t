# Bad input and bad options: one line on stderr, exit 1 (input) or 2 (usage).
$ profan samply samply/public/v68-jslb-container-macos-samply-branch.jslb.gz
! exit 1
! profan: samply/public/v68-jslb-container-macos-samply-branch.jslb.gz: samply binary container (JSLB) is not supported yet; save the profile as JSON
$ profan samply samply/no-such-file.json
! exit 1
! profan: samply/no-such-file.json: cannot open: No such file or directory
$ profan samply samply/synthetic/v66.json --thread '('
! exit 2
! profan: samply: --thread: bad regex '(': missing closing parenthesis at offset 1; see 'profan samply --help'
$ profan samply samply/synthetic/v66.json --thread nothing-matches
! exit 2
! profan: samply/synthetic/v66.json: no thread with samples matches the --thread/--pid selection
$ profan samply samply/synthetic/v66.json --metric bytes
! exit 2
! profan: samply: --metric wants cpu, samples or weight, not 'bytes'; see 'profan samply --help'
$ profan samply
! exit 2
! profan: samply: no PROFILE given; see 'profan samply --help'
$ profan samply samply/synthetic/expected.json
! exit 1
! profan: samply/synthetic/expected.json: (root): missing key "meta"
$ profan samply samply/demo/demo.json.gz --symbol-path /nonexistent-dir --kallsyms /nonexistent-file
! exit 1
! profan: warning: --symbol-path /nonexistent-dir: No such file or directory
! profan: /nonexistent-file: cannot open: No such file or directory
