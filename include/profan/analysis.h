/* analysis.h: what a format's own views (input_format.views) get and give, on a profile that is loaded,
 * symbolicated and transformed. They add header lines and tables to the
 * report, and say which metric and which samples the shared trees, per-file
 * tables and exports should then read. */
#ifndef PROFAN_ANALYSIS_H
#define PROFAN_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/options.h"
#include "profan/ownership.h"
#include "profan/profile.h"
#include "profan/report.h"

struct view_input {
	const struct profile *p;
	const struct profan_opts *o;
	const char *const *paths; /* the input files, in order */
	size_t path_count;
	const char *symbols_origin; /* samply: the sidecar its names came from, or NULL */
	const struct ownership *own; /* whose code each function is, classified once for the run */
};

/* How --annotate reads a function's lines, as the format's data allows. */
enum annotate_mode {
	/* Frames carry lines (native code): Self at the samples' leaf line, Total at the
	 * line of the function's innermost frame on each stack (the call site below). */
	ANNOTATE_STACKS,
	/* The metric at the line of the function's innermost frame only: DHAT's
	 * allocation stacks, whose leaves are the allocator. */
	ANNOTATE_SITES,
	/* Self split over lines by the profile's line ticks (V8's positionTicks): frames
	 * above the leaf carry no call line. */
	ANNOTATE_TICKS,
};

/* What the format chose: a metric and a sample selection (KEEP, NULL for all;
 * allocated by the views, freed by view_choice_release), and how to annotate. */
struct view_choice {
	size_t metric;
	bool *keep;
	enum annotate_mode annotate;
	/* the format's detail of a function where its tables show their own (a script's
	 * url:line:column), for tree rows to show it too; NULL: yours_describe's */
	const char *(*name_of)(const void *profile, uint32_t func, const char **detail);
};
void view_choice_release(struct view_choice *c);

/* A format's views (input_format.views) return PF_EXIT_OK, or PF_EXIT_FAIL after one error
 * line when the input cannot be analysed as asked (a metric this file does not record).
 * Formats without views of their own: self and inclusive by function. */
int generic_views(const struct view_input *in, struct report *r, struct view_choice *out);

/* What every format gets after its own views, for its metric and selection:
 * the Filters and Inputs header lines, the trees asked for, per-file shares, the
 * listings of --annotate. Returns 0, or -1 after one error line. */
int common_views(const struct profan_opts *o, const struct profile *p, const struct ownership *own,
		 const struct view_choice *c, struct report *r);

#endif
