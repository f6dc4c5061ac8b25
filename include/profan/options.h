/* options.h: what one run of profan is asked to do, as plain data.
 *
 * The command line fills it (src/cli/), and so can a test, a bench or a
 * fuzzer: the analysis never sees argv. Patterns are regex texts (regex.h),
 * compiled where they are used; the strings belong to the caller. */
#ifndef PROFAN_OPTIONS_H
#define PROFAN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/symbolize_opts.h"
#include "profan/transform.h"

/* A list of patterns (--where, --not, --ours, --plumbing: repeatable). */
struct pattern_list {
	const char *const *items;
	size_t count;
};

/* Whose code is the user's (docs/ownership.md): every subcommand. */
struct own_view_opts {
	struct pattern_list ours; /* --ours: exactly the functions whose name, file or library matches are yours */
	const char *binary;       /* the user's binary (library name); NULL: the format's choice */
	bool full_paths;          /* show source files whole, not core/src/..., src/main.rs */
	bool explain;             /* --explain-ownership: each library's and package's class and rule */
};

/* Each format's own options: a struct its folder declares (format.h), stored here by the
 * format it belongs to (the format's struct input_format). All zero is every format's default. */
#define PROFAN_FORMAT_OPTS_MAX 8
struct format_opts {
	const void *format;
	void *opts;
};

/* --source-prefix OLD=NEW: a recorded path starting with OLD is read from NEW instead. */
struct source_prefix {
	const char *from, *to;
};

/* --annotate: source listings of the hottest functions matching a pattern. */
struct annotate_opts {
	const char *pattern;      /* --annotate RE, or NULL */
	size_t functions;         /* how many of the matching functions to list; 0: all */
	const char *const *source_paths; /* --source-path DIR, in order */
	size_t source_path_count;
	const struct source_prefix *prefixes; /* --source-prefix OLD=NEW, in order */
	size_t prefix_count;
};

struct profan_opts {
	const char *metric; /* the format's own metric names; NULL: its default */

	/* symbolication of native frames */
	struct symbolize_opts symbols;
	bool no_symbols;
	bool no_sidecar; /* ignore presymbolicated names in a file beside the profile */

	/* transforms, in the order given */
	struct transform_step steps[TRANSFORM_MAX_STEPS];
	size_t step_count;

	/* trees and per-file shares */
	bool tree, inverted;
	double tree_threshold; /* percent of the total under which tree nodes fold */
	const char *callers, *callees;
	bool per_file;

	/* source listings */
	struct annotate_opts annotate;

	/* exports */
	const char *folded, *pprof, *flamegraph;

	/* whose code is yours */
	struct own_view_opts own;

	/* each format's own: profan_format_opts() */
	struct format_opts format_opts[PROFAN_FORMAT_OPTS_MAX];
	size_t format_opts_count;

	/* profan diff (diff.h) */
	double confidence; /* of a "changed" verdict; 0: 95 % */
	bool aa;           /* both arms are one configuration */
	bool match_file;   /* functions match by file and line too, not only name and library */
	const char *order; /* --order: the arms of the runs in the order they were made ("ABBA") */
	bool fail_on_change;   /* --fail-on-change: exit 3 when the total or a row of yours got slower */
	double fail_pct;       /* ... by at least this many percent (0: any change beyond noise) */
};

/* Defaults: no filters, tree threshold 0.5 %, listings of the 5 hottest functions an
 * --annotate pattern matches, every format's own options zero. */
void profan_opts_init(struct profan_opts *o);

/* The options O holds for FORMAT, or NULL: the format's defaults. */
const void *profan_format_opts(const struct profan_opts *o, const void *format);
/* Gives O the options OPTS of FORMAT (they stay the caller's); at most PROFAN_FORMAT_OPTS_MAX. */
void profan_set_format_opts(struct profan_opts *o, const void *format, void *opts);

#endif
