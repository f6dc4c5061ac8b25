/* diff.h: `profan diff`'s analysis: the same measures on two arms of runs (base
 * and new, N >= 1 each), and which differences are more than the runs' own noise.
 *
 * Per row (a function's self and inclusive share, a library's, a DHAT site's):
 * each arm's median over its runs of the row's share of that run's total, the
 * min-max over the runs, the change of share in points and of the value per run,
 * and a verdict by the rule of stats.h. DHAT's counts are compared exactly. Rows
 * are functions matched by name and library (an identity a rebuild keeps), or by
 * name, file, line and library with match_file. docs/diff.md explains it all. */
#ifndef PROFAN_DIFF_H
#define PROFAN_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/calltree.h"
#include "profan/options.h"
#include "profan/profile.h"
#include "profan/report.h"

struct diff_side {
	const struct profile *files; /* one per run, each already symbolicated and transformed */
	size_t count;
	const char *const *paths;
};

struct diff_opts {
	const char *metric; /* compare the metric with this name; NULL: the first profile's default */
	double confidence;  /* of a "changed" verdict, 0.5 to 0.999; 0: 0.95 */
	bool match_file;    /* functions are the same only with the same file and line too */
	bool aa;            /* both arms are one configuration: report the false positives */
	const char *order;  /* 'A' (base) and 'B' (new) per run in the order they were made, or NULL */
	const char *order_source; /* where ORDER came from ("--order", "file names", ...) */
	const struct profan_opts *run_opts; /* DHAT's --ours and --plumbing for its sites; may be NULL */
};

/* Adds the header lines and tables to R. Returns PF_EXIT_OK, or PF_EXIT_FAIL
 * after one error line (a file without the metric). */
int diff_report(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		struct report *r);

/* The two-sided call tree (side 0: base, side 1: new) of the compared metric,
 * for the differential flame graph and the two-column folded export. */
void diff_calltree(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		   struct calltree *t);

#endif
