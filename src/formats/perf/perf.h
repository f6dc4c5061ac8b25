/* perf.h: `perf record`'s perf.data as a profile (src/formats/perf/). Libraries and
 * (library, file offset) frames as samply's loader makes them, so symbolication
 * (symbolize.h), every view and `profan diff` read it the same way. */
#ifndef PROFAN_PERF_H
#define PROFAN_PERF_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/format.h"
#include "profan/profile.h"
#include "profan/symbolize_opts.h"

struct perf_load_opts {
	const char *binary;                   /* --binary, or NULL */
	const struct symbolize_opts *symbols; /* where the unwinder finds each library's CFI */
	bool no_unwind;                       /* keep the sampled user IP only (tests) */
	/* the selection (NULL: all): a process id, a thread id or a regex of thread names, an
	 * event's name as the Events line says it */
	const char *pid, *thread, *event;
	const char *metric; /* --metric: weight is refused where it would add up several events */
};

/* profan perf's own options (format.c) */
struct perf_opts {
	const char *pid, *thread, *event;
};

extern const struct input_format perf_format;

/* A process or thread id: an unsigned decimal number, all of TEXT. */
bool perf_parse_id(const char *text, uint32_t *out);

/* True when D[0..N) begins like a perf.data file (little- or big-endian, file or pipe). */
bool perf_sniff(const void *d, size_t n);
/* D[0..LEN) (a whole perf.data, file or pipe mode) into OUT. Returns 0, or -1 after one line. */
int perf_load(const unsigned char *d, size_t len, const char *origin, struct profile *out,
	      const struct perf_load_opts *o);

#endif
