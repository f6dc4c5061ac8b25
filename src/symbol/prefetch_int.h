/* prefetch_int.h: how symbolize_profile() takes what prefetch.c opened ahead (prefetch.h);
 * inside the symbol stage only. */
#ifndef PROFAN_SYMBOL_PREFETCH_INT_H
#define PROFAN_SYMBOL_PREFETCH_INT_H

#include <stdbool.h>

#include "profan/find.h"
#include "profan/prefetch.h"

struct symmod; /* dwarf.h */

/* Lets the file being opened be finished, then opens nothing more (until more is queued). */
void sym_prefetch_stop(struct sym_prefetch *pf);
/* What was found and opened for a query like Q, handed over once (false: nothing). */
bool sym_prefetch_take(struct sym_prefetch *pf, const struct symfind_query *q, struct symfind_answer *a,
		       struct symmod **m);
/* Forgets everything queued and opened (what was not taken is closed): the next profile's
 * libraries are queued afresh. */
void sym_prefetch_clear(struct sym_prefetch *pf);

#endif
