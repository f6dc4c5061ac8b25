# profan diff reads every layout `profan cpuprof` reads (one recognition for every command, issue 15 item 7).
# Totals: legacy 45.92 ms (tests/corpus/EXPECTED.md, check.py); hot 613.88 ms = sum of timeDeltas;
# hitCount-only 614.24 ms = endTime - startTime (python3 -c, see the commit).
$ profan diff cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile --top 1 | head -2
Base:      cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile (cpuprofile, 45.92 ms)
New:       cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile (cpuprofile, 45.92 ms)
$ profan diff cpuprof/hot-hitcount.cpuprofile cpuprof/hot.cpuprofile --top 1 2>/dev/null | head -2
Base:      cpuprof/hot-hitcount.cpuprofile (cpuprofile, 614.24 ms)
New:       cpuprof/hot.cpuprofile (cpuprofile, 613.88 ms)
$ printf '{"profile":%s}' "$(cat cpuprof/hot.cpuprofile)" | profan diff - cpuprof/hot.cpuprofile --top 1 | head -2
Base:      - (cpuprofile, 613.88 ms)
New:       cpuprof/hot.cpuprofile (cpuprofile, 613.88 ms)
