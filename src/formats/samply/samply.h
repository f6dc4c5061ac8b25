/* samply.h: loader for samply / Firefox Profiler processed profiles (layouts v41 to v66).
 *
 * Frames are keyed by (library, relative address) across all threads: an
 * unsymbolicated native frame becomes one pf_func named "LIB+0xADDR" (LIB at
 * most 64 bytes of the library's name: frames must not each copy a long one) with
 * PF_FUNC_UNRESOLVED and one pf_frame carrying the library index (the same
 * index as the file's libs[]) and the u32 address, which is what the
 * symbolication layer rewrites later. Label frames and names already in the
 * file (presymbolicated profiles, symbol tables) are kept as named. */
#ifndef PROFAN_SAMPLY_H
#define PROFAN_SAMPLY_H

#include <stdbool.h>

#include "profan/analysis.h"
#include "profan/json.h"
#include "profan/json_head.h"
#include "profan/profile.h"

/* Metric indices in the profiles samply_load() builds. The weight metric
 * exists only when some sample has a weight other than 1 (off-CPU samples);
 * otherwise it would repeat the sample count, at 8 bytes a sample. */
enum samply_metric {
	SAMPLY_METRIC_CPU,     /* µs from threadCPUDelta (or weight x interval, with a warning) */
	SAMPLY_METRIC_SAMPLES, /* one per sample */
	SAMPLY_METRIC_WEIGHT,  /* samples.weight: on- and off-CPU intervals (see above) */
};

/* The index of the weight metric, which is the sample count when every weight is 1. */
size_t samply_weight_metric(const struct profile *p);

/* What the thread filter sees of a thread before it is loaded. */
struct samply_thread_desc {
	const char *name;
	const char *process_name;
	const char *pid, *tid; /* as text; samply >= v46 writes strings like "1234.1" */
	bool is_main;
};

struct samply_opts {
	/* The user's own binary (library name), or NULL: samply_choose_binary(). */
	const char *binary;
	/* Loads only the threads for which this returns true (NULL: all). */
	bool (*select_thread)(void *ctx, const struct samply_thread_desc *t);
	void *select_ctx;
	/* The `.syms.json` sidecar of `samply record --unstable-presymbolicate`,
	 * parsed, or NULL. Its names replace the hex names of the libs it covers. */
	const struct json_doc *syms;
};


/* A pf_loader: fills OUT from a parsed samply profile. OPTS is a
 * const struct samply_opts * or NULL. Returns 0, or -1 after one error line. */
int samply_load(const struct json_doc *doc, struct profile *out, const void *opts);
/* What names each library of a samply "libs" array, as the loader will keep it (pf_lib; no
 * text: NULL), read from the array alone before the rest of the document (the driver opens
 * their symbol files meanwhile). Elements that are no library are left out. */
struct samply_lib_ids {
	const char *name, *path, *debug_name, *debug_path, *code_id, *breakpad_id;
};
void samply_lib_ids(const struct json *libs, void (*fn)(void *ctx, const struct samply_lib_ids *l), void *ctx);
/* For tests: false makes every thread's samples take the per-sample path, which the summed
 * path (the default where it applies) must agree with. */
void samply_set_summed(bool on);
/* Does ROOT look like a samply / processed profile (meta and threads)? */
bool samply_sniff(const struct json *root);
bool samply_sniff_head(const struct json_head *h);

/* Where samply puts the presymbolication sidecar of PROFILE_PATH: the last
 * extension replaced by ".syms.json" (prof.json.gz -> prof.json.syms.json).
 * Returns a heap string. */
char *samply_sidecar_path(const char *profile_path);

/* The user's own program in a loaded profile (samply_binary.c), once every
 * sample is in: WANT (--binary) if given; else meta.product PRODUCT (or its
 * first word) when it names a library, unless it is a launcher (cargo, make,
 * a shell...) or a build's tool (rustc, cc, ld...), or has under 10% of the CPU while
 * another process has more; then the process with the most CPU (its pids summed)
 * whose name is a library's, and in a profile of a build (a build's tool used CPU)
 * the busiest such process that is neither a launcher nor a build's tool: the
 * program the build ran, when one ran.
 * Its libraries get PF_LIB_MAIN and their functions PF_FUNC_OWNED; the
 * "Binary" header line names it, and "Binary chosen" says why when it is not
 * meta.product. */
void samply_choose_binary(struct profile *p, const char *want, const char *product);
/* The same for a format without a product field (perf.data): the process with the most CPU, or
 * the program a build ran. */
void samply_choose_binary_by_cpu(struct profile *p, const char *want);

/* The library marked PF_LIB_MAIN, or PF_NONE. */
uint32_t samply_main_lib(const struct profile *p);

/* Firefox files that are not a processed profile of version 41 or later: a raw
 * Gecko profile (the browser's capture format), an older processed profile, a
 * DevTools performance-panel recording (lookalike.c; input_format.lookalike). */
bool lookalike_firefox(const struct json *root, char *what, size_t cap);

/* The --metric names of samply's profiles: a NULL-terminated array. */
const char *const *samply_metric_names(void);
/* The format's own views (samply_views.c; analysis.h). */
int samply_views(const struct view_input *in, struct report *r, struct view_choice *out);

/* samply's own options (format.c declares them for the command line). */
struct samply_view_opts {
	const char *thread;    /* only threads whose name matches */
	const char *pid;       /* only process P ("1234" or samply's "1234.1") */
	bool threads;          /* add the per-thread table */
	const char *alloc_entry, *alloc_plumbing; /* NULL: the defaults (native.h) */
	bool whole_binary;     /* the views before ownership: every frame of the binary is the user's */
};

/* O's options for this format (profan_format_opts), or the defaults. */
const struct samply_view_opts *samply_view_opts_of(const struct profan_opts *o);

/* The format's hooks for the driver (format.h; format.c). */
struct input_format;
extern const struct input_format samply_format;
/* The sample columns a samply document is parsed with (json_parse_opts.plan; json_plan.h). */
extern const struct json_plan samply_plan;
/* The options of samply's views, which perf's command lists too (format.h: owner). */
struct format_opt_group;
extern const struct format_opt_group samply_view_group, samply_alloc_group;

#endif
