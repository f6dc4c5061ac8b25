/* pipeline.h: what every subcommand does between loading and printing.
 *
 *   transforms  --focus --ignore --hide --root-at --collapse-recursion --by, applied in
 *               command-line order; each rewrites the profile, so every view just works
 *   trees       --tree (top-down), --inverted (bottom-up), --callers FN, --callees FN
 *   runs        several inputs merged into one profile (profile_merge); --per-file shares
 *   exports     --folded FILE, --pprof FILE.pb.gz, --flamegraph FILE.svg
 *
 * A subcommand calls pipeline_prepare() once its profile is loaded (before any
 * view) and pipeline_finish() once its own tables are in the report. The options
 * are parsed by cli_parse() for every subcommand into cli_common.pipeline. */
#ifndef PROFAN_PIPELINE_H
#define PROFAN_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/load.h"
#include "profan/profile.h"

struct cli_common;
struct cli_command;
struct cli_opt;
struct report;

enum pipeline_step_kind {
	PIPELINE_FOCUS, /* keep samples with a matching frame */
	PIPELINE_IGNORE, /* drop samples with a matching frame */
	PIPELINE_HIDE, /* remove matching frames; their self goes to the caller */
	PIPELINE_ROOT_AT, /* cut everything above the outermost matching frame */
	PIPELINE_COLLAPSE_RECURSION, /* f -> f -> f becomes f (direct recursion) */
	PIPELINE_BY, /* rebuild functions at another granularity */
};

enum pipeline_by { PIPELINE_BY_FUNCTION, PIPELINE_BY_FILE, PIPELINE_BY_LINE, PIPELINE_BY_LIB };

#define PIPELINE_MAX_STEPS 32

struct pipeline_step {
	enum pipeline_step_kind kind;
	const char *pattern; /* the regex (points into argv) */
	enum pipeline_by by;
};

struct pipeline_opts {
	struct pipeline_step steps[PIPELINE_MAX_STEPS];
	size_t step_count;
	bool tree, inverted;
	double tree_threshold; /* percent of the total under which tree nodes are elided */
	const char *callers, *callees; /* regexes */
	bool per_file;
	const char *folded, *pprof, *flamegraph; /* output paths */
};

/* Options cli_parse() adds for every subcommand (a table ending in a NULL name).
 * cli_parse tells them apart by their place in its table, so their values
 * (from PIPELINE_OPT_FIRST up) may equal a subcommand's own. */
const struct cli_opt *pipeline_cli_options(void);
#define PIPELINE_OPT_FIRST 0x7000
void pipeline_opts_init(struct pipeline_opts *o);
/* Stores one option; returns 0, or -1 after printing a usage error (bad regex, bad --by). */
int pipeline_parse_opt(struct pipeline_opts *o, const struct cli_command *cmd, int val, const char *arg);

/* Applies the transforms to P in order and records them in P's header lines
 * ("Filters: ..."). Returns 0, or -1 after printing an error. */
int pipeline_prepare(const struct cli_common *c, struct profile *p);

/* Adds the tree, callers/callees and per-file tables for METRIC to R and writes
 * the exports. Returns PF_EXIT_OK, or PF_EXIT_FAIL after one error line (an
 * output file that cannot be written). */
int pipeline_finish(const struct cli_common *c, const struct profile *p, size_t metric, struct report *r);
/* The same for the samples whose KEEP flag is set (a subcommand's own sample
 * selection, as weights_compute() takes it); KEEP may be NULL. */
int pipeline_finish_selected(const struct cli_common *c, const struct profile *p, size_t metric,
			     const bool *keep, struct report *r);

/* ---- several inputs ---- */

/* Appends SRC's samples to DST, re-interning SRC's strings, libraries,
 * functions, frames and stacks into DST. Each input keeps its own threads, and
 * pf_thread.run says which input (0 = DST's own); samples without a thread get
 * one per input. Metrics are matched by name. Returns 0, or -1 after printing
 * "profan: ORIGIN: ..." when the two cannot be merged (other format, unit). */
int profile_merge(struct profile *dst, const struct profile *src, const char *origin);
/* Number of inputs merged into P (1 for a single file). */
size_t profile_run_count(const struct profile *p);

/* Loads PATHS[0..N) with LOAD and merges them into OUT, adding an "Inputs"
 * header line when N > 1. Returns 0, or -1 after printing an error. */
int pipeline_load_files(char *const *paths, size_t n, const struct json_parse_opts *jopts, pf_loader load,
			const void *opts, struct profile *out);
/* The "Inputs" header line, for a subcommand that merges with profile_merge() itself. */
void pipeline_note_inputs(struct profile *p, char *const *paths, size_t n);

/* ---- profan diff ---- */

struct diff_side {
	struct profile *files; /* each already through pipeline_prepare() */
	size_t count;
	char *const *paths;
};

/* Adds the diff tables (self and inclusive share, base vs new, by absolute
 * change) for the metric called METRIC (NULL: the first profile's default) to
 * R, and writes --flamegraph (differential) and --folded (two columns). With
 * MEDIAN, a side's share is the median of its files' shares; else its files
 * are summed. Returns PF_EXIT_OK, or PF_EXIT_FAIL/PF_EXIT_USAGE after one error line. */
int diff_run(const struct cli_common *c, const struct diff_side *base, const struct diff_side *new_side,
	     const char *metric, bool median, struct report *r);

#endif
