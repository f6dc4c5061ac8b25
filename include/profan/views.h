/* views.h: the generic views every subcommand shares.
 *
 * A view never looks at samples directly. weights_compute() first folds the
 * selected samples of one metric onto the stack tree (node[n] = sum of the
 * samples whose leaf is node n), so every view below costs O(stack nodes),
 * however many samples there are. Views group nodes by a key (a function, a
 * library, ...) given as one key per stack node, and return unsorted rows. */
#ifndef PROFAN_VIEWS_H
#define PROFAN_VIEWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/profile.h"
#include "profan/report.h"

struct pf_weights {
	size_t metric;
	size_t node_count;
	int64_t *node;       /* per stack node: weight of samples whose leaf it is */
	int64_t no_stack;    /* weight of selected samples without a stack */
	int64_t total;       /* all selected weight, no_stack included */
	size_t sample_count; /* samples selected */
};

/* Sums metric METRIC over the samples for which KEEP is true (KEEP may be
 * NULL: all samples). Samples of threads marked excluded never count. */
void weights_compute(struct pf_weights *w, const struct profile *p, size_t metric, const bool *keep);
void weights_release(struct pf_weights *w);

struct pf_row {
	uint32_t key;
	int64_t value;
};
struct pf_rows {
	struct pf_row *items;
	size_t len, cap;
};
void rows_release(struct pf_rows *r);

/* Key arrays (one key per stack node, KEY_COUNT distinct keys); caller frees. */
uint32_t *keys_by_func(const struct profile *p, size_t *key_count);
/* Library of the frame; nodes without a library get key libs.len. */
uint32_t *keys_by_lib(const struct profile *p, size_t *key_count);

/* Keys with each node's key replaced by that of its nearest ancestor-or-self
 * whose key is OWNED (nodes with no such ancestor keep theirs): "self" on the
 * result credits library leaves (malloc, memcpy) to the program's code that
 * called them. Caller frees. */
uint32_t *keys_nearest_owned(const struct profile *p, const uint32_t *keys, const bool *owned);

/* Self: weight of samples whose leaf node has each key. */
void view_self(const struct profile *p, const struct pf_weights *w, const uint32_t *keys, size_t key_count,
	       struct pf_rows *out);
/* Inclusive: weight of samples with each key anywhere on the stack, counted
 * once per sample even under recursion (so never more than the total). */
void view_inclusive(const struct profile *p, const struct pf_weights *w, const uint32_t *keys,
		    size_t key_count, struct pf_rows *out);
/* Nearest owned ancestor: for samples whose leaf key is not OWNED[key], the
 * weight goes to the key of the closest ancestor whose key is owned. Samples
 * with no owned ancestor go to key KEY_COUNT (the caller names it). */
void view_nearest_owned(const struct profile *p, const struct pf_weights *w, const uint32_t *keys,
			size_t key_count, const bool *owned, struct pf_rows *out);

/* Sum of the row values (handy for totals and tests). */
int64_t rows_sum(const struct pf_rows *r);

/* Fills a one-column table from view rows, naming keys with NAME_OF. With
 * report_func_name as NAME_OF, rows of owned functions get REPORT_ROW_OWNED. */
typedef const char *(*report_name_fn)(const void *ctx, uint32_t key, const char **detail);
void report_table_from_rows(struct report *r, struct report_table *t, const struct pf_rows *rows,
			    report_name_fn name_of, const void *ctx);

#endif
