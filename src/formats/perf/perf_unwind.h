/* perf_unwind.h: the user part of a `--call-graph dwarf` sample, unwound from its copied
 * registers and stack with libdw's CFI (perf_unwind.c), as perf does with libdw. */
#ifndef PROFAN_PERF_UNWIND_H
#define PROFAN_PERF_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "perf_data.h"
#include "perf_maps.h"
#include "profan/profile.h"
#include "profan/symbolize_opts.h"

struct perf_unwinder;

/* NULL when unwinding is not possible here (no libdw unwinder for this machine). The
 * libraries' files are found as the symbolicator finds them (O: --symbol-path), in P's libs. */
struct perf_unwinder *perf_unwind_new(const struct symbolize_opts *o, const struct profile *p);
void perf_unwind_free(struct perf_unwinder *u);
/* The user PCs of S (its sampled IP first, then return addresses) into PCS[0..MAX), *N of
 * them. Returns 0, -1 when not even the first frame could be read, or -2 when no library of
 * the process has a file to unwind with. */
int perf_unwind(struct perf_unwinder *u, const struct perf_maps *maps, const struct perf_sample *s,
		uint64_t *pcs, size_t max, size_t *n);
/* The sampled user IP in S's registers (x86_64), or 0. */
uint64_t perf_regs_ip(const struct perf_sample *s);

#endif
