/* dhat_tree.h: DHAT viewer (dh_view) semantics: its per-node conditions for the
 * "tiny", "short-lived", "zero/low/high access" sort metrics, and its tree.
 *
 * The tree is dh_view's: a radix tree over the stacks read innermost first, so
 * the first split is on the allocation function, then on its callers; each
 * node holds the run of frames its program points share and the sums of their
 * counters. Siblings that are not significant for the metric (dh_view's
 * thresholds: 1 % of the root, or 0.5 % plus the metric's condition) are
 * folded into one "[N insignificant]" row. */
#ifndef PROFAN_DHAT_TREE_H
#define PROFAN_DHAT_TREE_H

#include <stdbool.h>
#include <stdint.h>

#include "dhat.h"
#include "profan/report.h"

enum dhat_pred {
	DHAT_PRED_NONE,
	DHAT_PRED_TINY,        /* tb/tbk <= 16 */
	DHAT_PRED_SHORT_LIVED, /* tl/tbk <= tuth */
	DHAT_PRED_ZERO_ACCESS, /* rb == 0 or wb == 0 */
	DHAT_PRED_LOW_ACCESS,  /* rb, wb != 0 and (rb/tb <= 0.4 or wb/tb <= 0.4) */
	DHAT_PRED_HIGH_ACCESS, /* rb/tb >= 1000 or wb/tb >= 1000 */
};

/* The counters a condition reads (0 when the file does not record them). */
struct dhat_vals {
	int64_t tb, tbk, tl, rb, wb;
};

/* Whether the file records what PRED reads. */
bool dhat_pred_available(const struct dhat_meta *m, enum dhat_pred pred);
/* dh_view's condition on one program point or tree node, in exact integer
 * arithmetic (a zero denominator fails it, as NaN comparisons do in dh_view). */
bool dhat_pred_eval(enum dhat_pred pred, const struct dhat_vals *v, int64_t tuth);
/* The condition for sample I of a profile loaded by dhat_load(). */
bool dhat_pred_holds(const struct profile *p, const struct dhat_meta *m, size_t i, enum dhat_pred pred);

struct dhat_tree_opts {
	size_t metric; /* sort field (profile metric index) */
	enum dhat_pred pred;
	const bool *keep; /* per sample, or NULL for all */
	const char *(*frame_text)(void *ctx, uint32_t frame);
	/* the user's own code, not allocator plumbing: a row too long for the terminal keeps
	 * its first such frame, shortening the plumbing in front of it (NULL: none is) */
	bool (*is_users)(void *ctx, uint32_t frame);
	void *ctx;
};

/* Adds the tree as one report table (rows in tree order, names drawn with box characters). */
void dhat_tree_report(struct report *r, const struct profile *p, const struct dhat_meta *m,
		      const struct dhat_tree_opts *o);

#endif
