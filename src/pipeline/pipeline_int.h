/* pipeline_int.h: what the pipeline's files share and nobody else needs:
 * function matching (regex.h), display labels, and the call tree
 * (functions merged along stack paths) behind --tree, the flame graph, the
 * folded export and the differential views. */
#ifndef PROFAN_PIPELINE_INT_H
#define PROFAN_PIPELINE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profan/pipeline.h"
#include "profan/views.h"

/* ---- matching (match.c) ---- */

struct regex;
/* One flag per function: does its display name match RE? Caller frees. NULL
 * after one error line when pcre2 gives up (a pathological pattern). */
bool *pl_match_funcs(const struct profile *p, const struct regex *re, size_t *match_count);

/* What a person calls function FUNC: its name, "(anonymous)" when empty. */
const char *pl_func_label(const struct profile *p, uint32_t func);

/* Per function of P, an id in NAMES for its identity across profiles: label, file,
 * library, line and column (namesakes stay apart). The file and library names are
 * interned once each and the key holds their ids, so 1000 functions of one library
 * do not copy its name 1000 times. Caller frees. */
uint32_t *pl_func_keys(struct strmap *names, const struct profile *p);

/* ---- transforms (transform.c) ---- */

/* Applies ST to P; *MATCHED gets the number of functions its regex matched.
 * Returns 0, or -1 after printing an error. */
int transform_step(struct profile *p, const struct pipeline_step *st, size_t *matched);

/* ---- call trees (calltree.c) ---- */

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
	bool path_mode;
	uint32_t *slots; /* (parent, key) -> node + 1 */
	size_t slot_mask;
	/* children in CSR form, each list sorted by total (side 1 when present, else 0), then label */
	uint32_t *child_start, *children;
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

/* ---- outputs ---- */

/* Opens PATH for writing ("-" is refused: stdout carries the report). NULL after one error line. */
FILE *pl_open_output(const char *path, const char *what);
/* Closes F; returns 0, or -1 after "profan: PATH: write error: ...". */
int pl_close_output(FILE *f, const char *path);

int export_folded(const char *path, const struct calltree *t, bool two_sides);
/* KEEP (NULL: all) selects samples, as in weights_compute(). */
int export_pprof(const char *path, const struct profile *p, size_t metric, const bool *keep);
struct flamegraph_opts {
	const char *title, *subtitle;
	enum pf_unit unit;
	bool diff; /* widths from side 1, colour from the change of each node's share */
};
int export_flamegraph(const char *path, const struct calltree *t, const struct flamegraph_opts *o);

/* Adds a table for tree T (side 0) to R: rows in depth-first order, names drawn
 * as a tree, children under THRESHOLD_PCT of PCT_TOTAL elided into one line. */
void tree_render(struct report *r, const struct calltree *t, const char *id, const char *title,
		 const struct pf_metric *metric, bool show_self, int64_t pct_total, double threshold_pct);

/* ---- per-file shares (merge.c) ---- */
void perfile_tables(struct report *r, const struct profile *p, size_t metric, const bool *keep, size_t top);

/* Median of V[0..N) (sorts V); the mean of the two middle values for even N. */
int64_t pl_median(int64_t *v, size_t n);

#endif
