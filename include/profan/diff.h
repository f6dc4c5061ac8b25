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
#include "profan/ownership.h"
#include "profan/profile.h"
#include "profan/report.h"
#include "profan/strmap.h"

struct diff_side {
	const struct profile *files; /* one per run, each already symbolicated and transformed */
	size_t count;
	const char *const *paths;
	const struct ownership *owns; /* whose code, one per run; NULL: none is yours */
};

/* What a format changes in the comparison (input_format.diff); NULL: a sampled profile's. */
struct diff_format {
	/* The count shown next to metric NAME (blocks beside bytes), or NULL. */
	const char *(*companion)(const char *name);
	/* An allocation profile whose counts are exact: the allocation site of each sample of P
	 * (the allocating line of your code by OWN, which may be NULL), *SITE[i] an id in NAMES
	 * (the caller's, initialised); with LOCATIONS, frames with their file:line, else names
	 * only. Returns 0 (caller frees *SITE), or -1 after one error line. With it, self is
	 * credited to the frame of yours nearest the allocation, the runs' values are compared
	 * exactly, sites get a table and libraries none. */
	int (*sample_sites)(const struct profile *p, const struct ownership *own, const struct profan_opts *o,
			    bool locations, struct strmap *names, uint32_t **site);
	const char *self_note; /* the "Self" header line of such a comparison */
	/* With sample_sites: the metrics every site must agree on between the runs of one arm,
	 * besides the compared one and its companion (NULL-terminated; NULL: none more). */
	const char *const *agreement;
	/* The values are wall-clock time (V8's profiles): a run's value moves with the machine's
	 * load, so "Per run" is each row's share of its run and verdicts rest on shares. */
	bool wall_clock;
};

/* A sampled row gets a verdict only with at least this many samples per run on average
 * over both arms' runs; below it, "too few samples" (docs/diff.md). */
#define DIFF_MIN_SAMPLES_PER_RUN 5

struct diff_opts {
	const char *metric; /* compare the metric with this name; NULL: the first profile's default */
	double confidence;  /* of a "changed" verdict, 0.5 to 0.999; 0: 0.95 */
	bool match_file;    /* functions are the same only with the same file and line too */
	bool aa;            /* both arms are one configuration: report the false positives */
	const char *order;  /* 'A' (base) and 'B' (new) per run in the order they were made, or NULL */
	const char *order_source; /* where ORDER came from ("--order", "file names", ...) */
	const struct profan_opts *run_opts; /* the format's options for its sites; may be NULL */
	const struct diff_format *format;   /* the format's part; NULL: a sampled profile's */
	bool fail_on_change; /* DIFF_EXIT_SLOWER when the total or a row of yours got slower (bigger) */
	double fail_pct;     /* ... by at least this many percent of its base value */
};

/* diff_report's status with fail_on_change when something got slower beyond noise: the
 * report is complete; `profan diff --fail-on-change` exits with it. */
#define DIFF_EXIT_SLOWER 3

/* Adds the header lines and tables to R. Returns PF_EXIT_OK (or DIFF_EXIT_SLOWER, see
 * fail_on_change), or PF_EXIT_FAIL after one error line (a file without the metric). */
int diff_report(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		struct report *r);

/* The two-sided call tree (side 0: base, side 1: new) of the compared metric,
 * for the differential flame graph and the two-column folded export. */
void diff_calltree(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		   struct calltree *t);

#endif
