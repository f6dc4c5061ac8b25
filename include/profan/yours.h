/* yours.h: the "your code" views every format shares, on the ownership model
 * (ownership.h, docs/ownership.md).
 *
 * Rows are keyed by function; the extra key funcs.len collects what has no
 * frame of your code (YOURS_NONE). Like views.h, each view folds weights per
 * stack node, so it costs O(stack nodes) however many samples there are:
 *
 *   top self of your code      view_self() over yours_keys(): each sample to
 *                              its innermost frame of your code, so the std
 *                              helpers inlined into or called by F count for F
 *   top inclusive of your code view_inclusive() by function, your rows only
 *   cost outside your code     yours_view_outside(): samples whose leaf is not
 *                              yours, to the nearest frame of yours, with the
 *                              function most of them were in ("via memcmp")
 *   allocation                 yours_view_alloc(): samples with an allocator
 *                              entry on the stack, to the first frame of yours
 *                              above the outermost entry (plumbing by class) */
#ifndef PROFAN_YOURS_H
#define PROFAN_YOURS_H

#include <stdbool.h>
#include <stdint.h>

#include "profan/ownership.h"
#include "profan/profile.h"
#include "profan/report.h"
#include "profan/views.h"

#define YOURS_NONE(p) ((uint32_t)(p)->funcs.len)

/* Per stack node: the function of the nearest frame at or above it that is
 * yours and not SKIP[func] (SKIP may be NULL), or YOURS_NONE. Caller frees. */
uint32_t *yours_keys(const struct profile *p, const struct ownership *own, const bool *skip);

/* The label of a function not yours ("[std]", "[dep serde]", "[libc.so.6]"), or
 * NULL for your code, placeholders, and names that already say it ("[kernel]",
 * "libc.so.6+0xae7e8"). */
const char *yours_label(const struct profile *p, const struct ownership *own, uint32_t func);

/* A row for function FUNC: its name, DETAIL "file:line" (the file shortened as
 * ownership_short_path() does unless FULL_PATHS), class, label and whole file;
 * rows of your code are marked REPORT_ROW_OWNED. FUNC = YOURS_NONE(p) makes a
 * row named NONE. */
struct report_row *yours_row(struct report *r, struct report_table *t, const struct profile *p,
			     const struct ownership *own, uint32_t func, bool full_paths, const char *none);

/* Cost outside your code: for the samples whose leaf function is not yours (nor
 * a placeholder such as "(no stack)"), the weight by KEYS (yours_keys) of the
 * leaf, in OUT. *VIA gets, per row of OUT, the function just inside the row's
 * function (its callee, or what it inlined, on the samples' paths) that took the
 * largest part of it (ties: the name first in byte order), callees of one name
 * in one library and a library's unsymbolicated addresses counted as one; for
 * the samples with no frame of yours, the leaf function. *VIA_VALUE gets that
 * part (both malloc'd, OUT->len entries). */
void yours_view_outside(const struct profile *p, const struct ownership *own, const struct pf_weights *w,
			const uint32_t *keys, struct pf_rows *out, uint32_t **via, int64_t **via_value);

/* How a function reads after "via": its name and label ("memcmp [libc.so.6]"), the
 * unsymbolicated addresses of a library as the library ("[libz.so.1]"). */
const char *yours_via(struct report *r, const struct profile *p, const struct ownership *own, uint32_t func);

/* Allocation cost: the samples with an allocator entry (ENTRY[func]) anywhere
 * on the stack, by KEYS of the node above the outermost entry. Returns their
 * weight, which depends on no inline frame (entries are called, not inlined). */
int64_t yours_view_alloc(const struct profile *p, const struct pf_weights *w, const bool *entry,
			 const uint32_t *keys, struct pf_rows *out);

/* For rows keyed by function (view_self over keys_by_func): per row, the
 * function its inlined part was inlined into most (PF_NONE when the row has no
 * inlined weight) and how many distinct functions it was inlined into. */
void yours_inlined_into(const struct profile *p, const struct pf_weights *w, const struct pf_rows *rows,
			uint32_t **host, uint32_t **host_count);

/* "Your code" header line: how many functions are yours, in which libraries. */
void yours_header(struct report *r, const struct profile *p, const struct ownership *own);

#endif
