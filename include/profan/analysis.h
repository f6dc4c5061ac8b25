/* analysis.h: each format's own views, on a profile that is loaded,
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
	/* the format's name and detail of a function, for tree rows to show where each
	 * function is as its tables do; NULL: report_func_name */
	const char *(*name_of)(const void *profile, uint32_t func, const char **detail);
};
void view_choice_release(struct view_choice *c);

/* Each returns PF_EXIT_OK, or PF_EXIT_FAIL after one error line when the
 * input cannot be analysed as asked (a metric this file does not record). */
int samply_views(const struct view_input *in, struct report *r, struct view_choice *out);
int dhat_views(const struct view_input *in, struct report *r, struct view_choice *out);
int cpuprof_views(const struct view_input *in, struct report *r, struct view_choice *out);
/* Formats without views of their own: self and inclusive by function. */
int generic_views(const struct view_input *in, struct report *r, struct view_choice *out);

/* What every format gets after its own views, for its metric and selection:
 * the Filters and Inputs header lines, the trees asked for, per-file shares, the
 * listings of --annotate. Returns 0, or -1 after one error line. */
int common_views(const struct profan_opts *o, const struct profile *p, const struct view_choice *c,
		 struct report *r);

/* The --metric names each format knows, for the command line to check and
 * list: a NULL-terminated array; *DESCRIPTIONS (may be NULL) gets their meanings. */
const char *const *samply_metric_names(void);
const char *const *dhat_metric_names(const char *const **descriptions);
/* Is NAME one of dhat's metrics or their aliases ("t-gmax")? */
bool dhat_metric_known(const char *name);

/* For profan diff on DHAT files. The count shown next to a raw DHAT field
 * ("gb" -> "gbk": blocks beside bytes; "tbk" -> "tb"), or NULL. */
const char *dhat_metric_companion(const char *name);
/* The allocation site of each sample of P as the sites view names it (the
 * allocating line of your code by OWN, which may be NULL: nothing is yours;
 * allocator plumbing and O's --plumbing skipped): (*SITE)[i] is an id in NAMES
 * (the caller's, initialised).
 * LOCATIONS: frames with their file:line, as the view prints them; else names
 * only, which survive an edit of the program. Returns 0 (caller frees *SITE), or
 * -1 after one error line. */
int dhat_sample_sites(const struct profile *p, const struct ownership *own, const struct profan_opts *o,
		      bool locations, struct strmap *names, uint32_t **site);

#endif
