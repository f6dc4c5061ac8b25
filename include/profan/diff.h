/* diff.h: `profan diff`'s analysis: the same views on two sides (base and new,
 * each one file or several runs), each side normalised to its own total,
 * functions matched by name, file and library, rows ordered by the absolute
 * change of their share. Several files per side are summed, or each function
 * takes the median of its shares. */
#ifndef PROFAN_DIFF_H
#define PROFAN_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/calltree.h"
#include "profan/profile.h"
#include "profan/report.h"

struct diff_side {
	const struct profile *files; /* each already symbolicated and transformed */
	size_t count;
	const char *const *paths;
};

struct diff_opts {
	const char *metric; /* compare the metric with this name; NULL: the first profile's default */
	bool median;        /* several files per side: median share, not the sum */
};

/* Adds the header lines and the self and inclusive tables to R. Returns
 * PF_EXIT_OK, or PF_EXIT_FAIL after one error line (a file without the metric). */
int diff_report(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		struct report *r);

/* The two-sided call tree (side 0: base, side 1: new) of the compared metric,
 * for the differential flame graph and the two-column folded export. */
void diff_calltree(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		   struct calltree *t);

#endif
