/* tree.h: a call tree (calltree.h) drawn as a report table (src/analysis/tree.c), for the
 * analysis stage's views. */
#ifndef PROFAN_ANALYSIS_TREE_H
#define PROFAN_ANALYSIS_TREE_H

#include <stdbool.h>
#include <stdint.h>

#include "profan/calltree.h"
#include "profan/report.h"

/* How a tree names the functions of profile P: as the tables do (yours_describe: the short
 * file:line and the label of whose code it is, by OWN; whole paths with FULL_PATHS), with the
 * detail DETAIL_OF gives instead where the format has its own (a script's url:line:column). */
struct ownership;
struct tree_names {
	const struct profile *p;
	const struct ownership *own; /* NULL: labelled by library */
	bool full_paths;
	report_name_fn detail_of; /* NULL: yours_describe's */
};

/* Adds a table for tree T (side 0) to R: rows in depth-first order, names drawn
 * as a tree, children under THRESHOLD_PCT of PCT_TOTAL elided into one line. Each
 * row's detail and label are as NAMES says (NULL: none). */
void tree_render(struct report *r, const struct calltree *t, const char *id, const char *title,
		 const struct pf_metric *metric, bool show_self, int64_t pct_total, double threshold_pct,
		 const struct tree_names *names);

#endif
