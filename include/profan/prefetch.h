/* prefetch.h: symbol files found and opened ahead, while a profile is still being read
 * (src/symbol/prefetch.c).
 *
 * The symbol files of the libraries a profile names can be found and opened on a thread of
 * their own (samply names its libraries first; libc's DWARF alone is 60-90 ms), and
 * symbolize_profile() takes them ready (symbolize_opts.prefetch). A file is taken only for
 * the same query, and only when opening it printed nothing; anything else is done again in
 * its place, so the output is the same either way. */
#ifndef PROFAN_PREFETCH_H
#define PROFAN_PREFETCH_H

#include "profan/symbolize_opts.h"

struct symfind_query; /* find.h */

/* NULL when nothing is to be gained (-v prints every path tried, in order). */
struct sym_prefetch *sym_prefetch_new(const struct symbolize_opts *o);
/* Queues one library (its strings are copied; one already queued is not queued again);
 * a thread opens the queued ones in turn. PF may be NULL. */
void sym_prefetch_lib(struct sym_prefetch *pf, const struct symfind_query *q);
void sym_prefetch_free(struct sym_prefetch *pf);

#endif
