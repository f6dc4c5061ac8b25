/* options.h: what one run of profan is asked to do, as plain data.
 *
 * The command line fills it (src/cli/), and so can a test, a bench or a
 * fuzzer: the analysis never sees argv. Patterns are regex texts (regex.h),
 * compiled where they are used; the strings belong to the caller. */
#ifndef PROFAN_OPTIONS_H
#define PROFAN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/symbolize.h"
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
};

/* samply: the program, its threads, and the native views. */
struct samply_view_opts {
	const char *thread;    /* only threads whose name matches */
	const char *pid;       /* only process P ("1234" or samply's "1234.1") */
	bool threads;          /* add the per-thread table */
	const char *alloc_entry, *alloc_plumbing; /* NULL: the defaults (native.h) */
	bool no_sidecar;       /* ignore a .syms.json beside the profile */
	bool whole_binary;     /* the views before ownership: every frame of the binary is the user's */
};

/* dhat: program-point filters and the extra views. */
struct dhat_view_opts {
	struct pattern_list where, not_; /* all of WHERE and none of NOT on the stack */
	struct pattern_list plumbing;    /* more allocator wrappers to skip when naming a site */
	size_t stacks;                   /* print the N largest stacks whole */
	bool alloc_tree;                 /* dh_view's allocation-rooted tree */
};

/* cpuprof: how samples are weighted, which profile of a trace, wasm names. */
enum cpuprof_weight {
	CPUPROF_WEIGHT_BEFORE, /* sample i gets timeDeltas[i], the gap before it: the common Python snippet */
	CPUPROF_WEIGHT_AFTER,  /* sample i gets the gap after it, the last one endTime - t(last):
				 * DevTools, speedscope, VS Code */
	CPUPROF_WEIGHT_SAMPLES, /* every sample counts 1; default metric "samples" */
};

struct cpuprof_view_opts {
	enum cpuprof_weight weight;
	const char *profile; /* NULL: the largest; "all"; N; ID; PID:ID */
	const char *wasm;    /* a wasm module with a name section, or NULL */
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

	/* each format's own */
	struct samply_view_opts samply;
	struct dhat_view_opts dhat;
	struct cpuprof_view_opts cpuprof;

	/* profan diff (diff.h) */
	double confidence; /* of a "changed" verdict; 0: 95 % */
	bool aa;           /* both arms are one configuration */
	bool match_file;   /* functions match by file and line too, not only name and library */
	const char *order; /* --order: the arms of the runs in the order they were made ("ABBA") */
};

/* Defaults: no filters, tree threshold 0.5 %, cpuprof weighted by the gap before each sample,
 * listings of the 5 hottest functions an --annotate pattern matches. */
void profan_opts_init(struct profan_opts *o);

#endif
