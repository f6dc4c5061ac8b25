/* native.h: views for native (compiled-code) profiles beyond the generic ones in views.h.
 *
 * The user's own binary, functions matching a pattern, samples under a
 * frame, and allocation cost credited to the code that asked for memory.
 * Like views.h, every view here folds weights per stack node, so its cost is
 * O(stack nodes) however many samples there are. */
#ifndef PROFAN_NATIVE_H
#define PROFAN_NATIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/profile.h"
#include "profan/regex.h"
#include "profan/views.h"

/* Default allocator entry points and container plumbing (--alloc-entry / --alloc-plumbing). */
#define NATIVE_ALLOC_ENTRY_DEFAULT                                                                     \
	"^(?:malloc|free|calloc|realloc|cfree|__libc_(?:malloc|free|calloc|realloc)"                   \
	"|__rust_(?:alloc|dealloc|realloc|alloc_zeroed)|_?mi_[a-z_]+)$|mimalloc|GlobalAlloc|^alloc::alloc::"
#define NATIVE_ALLOC_PLUMBING_DEFAULT                                                                  \
	"alloc::vec|alloc::raw_vec|RawVec|RawTable|hashbrown|indexmap|::reserve|finish_grow"               \
	"|^0x[0-9a-f]+$|\\+0x[0-9a-f]+$"

/* Per function: true when its name matches RE. Caller frees. */
bool *native_funcs_matching(const struct profile *p, const struct regex *re);
/* Per function: true when it belongs to the user's binary (PF_FUNC_OWNED, or
 * its library is PF_LIB_MAIN, which also covers functions the symbolication
 * layer adds later). Caller frees. */
bool *native_owned_funcs(const struct profile *p);
/* Per sample: true when some frame of its stack has a function in MATCH.
 * Samples without a stack are never kept. Caller frees. */
bool *native_samples_under(const struct profile *p, const bool *match);

/* Allocation cost by requesting caller. A sample whose stack crosses an
 * allocator entry (ENTRY[func]) is credited to the first function above the
 * outermost entry that is not plumbing (PLUMBING[func]); rows are keyed by
 * function, and key funcs.len collects samples with no such caller.
 * Returns the weight of all samples that crossed an entry. */
int64_t view_alloc_callers(const struct profile *p, const struct pf_weights *w, const bool *entry,
			   const bool *plumbing, struct pf_rows *out);

#endif
