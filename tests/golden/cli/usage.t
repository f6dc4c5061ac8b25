# The top-level help lists the three subcommands; bad usage exits 2 with a hint.
$ profan --help | head -8
Usage: profan COMMAND [options] PROFILE...

Reads a profile, symbolicates it where needed, and prints where the time or memory went.

Commands:
  samply    samply --save-only profiles (Firefox Profiler processed JSON, .json or .json.gz)
  perf      perf record's perf.data (file or pipe mode), read directly
  dhat      valgrind --tool=dhat output (dhat.out.*.json) and the Rust dhat crate's (dhat-heap.json)
$ profan
! exit 2
! Usage: profan COMMAND [options] PROFILE...
! 
! Reads a profile, symbolicates it where needed, and prints where the time or memory went.
! 
! Commands:
!   samply    samply --save-only profiles (Firefox Profiler processed JSON, .json or .json.gz)
!   perf      perf record's perf.data (file or pipe mode), read directly
!   dhat      valgrind --tool=dhat output (dhat.out.*.json) and the Rust dhat crate's (dhat-heap.json)
!   cpuprof   V8 .cpuprofile (node --cpu-prof) and Chrome trace files
!   diff      compare two profiles (or two groups of runs) of one format, by change of share
!   record    run a program under perf record and report on it, as 'profan perf' does
!   ab        run two commands in turn (A B B A ...), recording each run, and compare them
! 
! Options:
!   -h, --help     this text
!   -V, --version  print profan's version
! 
! Run 'profan COMMAND --help' for the options and examples of one command.
! Input may be plain or gzip-compressed JSON; '-' reads standard input.
! Exit status: 0 ok, 1 unreadable or malformed input or write error, 2 usage error.
$ profan frobnicate x.json
! exit 2
! profan: unknown command 'frobnicate'; see 'profan --help' for the list of commands
$ profan --version | sed 's/[0-9][0-9.]*$/N/'
profan N
$ profan --help > /dev/full
! exit 1
! profan: <stdout>: write error: No space left on device
