# A kallsyms copy from another boot names almost nothing: the kernel is listed as mismatched,
# not found (its 85.0% is the kernel row of "CPU by library", which tests/samply/reference.py
# recomputes for this fixture). Without kallsyms the kernel's frames are one "[kernel]" row,
# with no "[kernel]" detail repeating it.
$ profan samply samply/public/v55-record-linux-x86_64-iouring-kernel-ip-34k-samples.json.gz --kallsyms elf/kallsyms.txt --top 1 -q | grep '^Symbol'
Symbol files:         4 libraries: 0 found, 2 missing, 1 mismatched, 1 not on disk
Symbols missing:      radixox 13.7%, libc.so.6 1.3% of CPU time
Symbols mismatched:   kernel 85.0% of CPU time
Symbols not on disk:  [vdso] 0.0% of CPU time
$ profan samply samply/public/v55-record-linux-x86_64-iouring-kernel-ip-34k-samples.json.gz --top 1 -q | sed -n '/Top self, all/,/^$/p'
=== Top self, all code ===
     CPU%      CPU  Function
   85.01%  29.28 s  [kernel]
  ... 760 more rows (raise --top to see them)

