/* calltree.h: stack nodes merged by function along their paths, for one
 * profile or two (base and new): the trees (--tree, --inverted, --callers,
 * --callees), the flame graph, the folded export and the differential views.
 * Nothing here recurses, since stacks can be 100k deep. */
#ifndef PROFAN_CALLTREE_H
#define PROFAN_CALLTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/hashtab.h"
#include "profan/report.h"
#include "profan/views.h"

#define CALLTREE_ROOT UINT32_MAX

struct calltree_node {
	uint32_t parent; /* CALLTREE_ROOT for the outermost level */
	uint32_t key;    /* names: label \x1f file \x1f lib \x1f line:column (namesakes stay apart) */
	uint32_t label; /* names: what is shown */
	uint32_t func; /* a function of the first profile that produced the node, or PF_NONE */
};

/* Up to two sides (base and new for diffs). In a top-down tree a node's self
 * is the weight of samples whose leaf path ends there and total adds its
 * subtree; in a path tree (inverted, callers) both are added along each path. */
struct calltree {
	struct strmap names;
	VEC(struct calltree_node) nodes;
	int64_t *self[2], *total[2];
	size_t value_cap;
	int64_t sum[2]; /* everything added to a side, samples without a stack included */
	int64_t no_stack[2];
	size_t runs[2]; /* runs added to each side (a diff's arms); 0: one */
	bool path_mode;
	struct htab index; /* (parent, key) -> node */
	/* children in CSR form, each list sorted by total (side 1 when present, else 0), then label */
	uint32_t *child_start, *children;
	/* Per function of P, its key in NAMES (caller frees); NULL: func_identity_keys(), which
	 * keeps namesakes apart. A diff sets its identity across builds (diff.h). */
	uint32_t *(*identity)(struct strmap *names, const struct profile *p, const void *ctx);
	const void *identity_ctx;
};

void calltree_init(struct calltree *t, bool path_mode);
void calltree_release(struct calltree *t);
/* Folds profile P's weights W into side SIDE. Top-down; when ROOTS is given
 * (one flag per function), only paths from the outermost such frame, re-rooted there. */
void calltree_add_topdown(struct calltree *t, const struct profile *p, const struct pf_weights *w, int side,
			  const bool *roots);
/* Bottom-up: from each sample's leaf towards the root; when TARGETS is given,
 * from the innermost such frame instead, and only for samples that have one.
 * Callers of a node whose total stays under MIN_TOTAL are not added (0: all). */
void calltree_add_inverted(struct calltree *t, const struct profile *p, const struct pf_weights *w, int side,
			   const bool *targets, int64_t min_total);
/* Totals (top-down) and sorted children; call once after the last add. */
void calltree_finish(struct calltree *t);
static inline const char *calltree_label(const struct calltree *t, uint32_t n)
{
	return strmap_str(&t->names, t->nodes.items[n].label);
}
/* Children of node N (CALLTREE_ROOT: the outermost level). */
static inline const uint32_t *calltree_children(const struct calltree *t, uint32_t n, size_t *count)
{
	size_t i = n == CALLTREE_ROOT ? t->nodes.len : n;
	*count = t->child_start[i + 1] - t->child_start[i];
	return t->children + t->child_start[i];
}

#endif
