/* dhat.h: valgrind DHAT profiles (--tool=dhat JSON, dhatFileVersion 1 and 2).
 *
 * The loader turns each program point (PP) into one sample whose stack is the
 * PP's frames, root first, and whose values are DHAT's per-PP counters, one
 * metric each, named after DHAT's own fields (tb tbk tl mb mbk gb gbk eb ebk rb
 * wb). Program points with identical stacks are merged into one sample. A
 * frame's function is its name with its file or object; its line and address
 * sit on the frame. Spec: docs/dhat.md and docs/dhat-format.md. */
#ifndef PROFAN_DHAT_H
#define PROFAN_DHAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/analysis.h"
#include "profan/json.h"
#include "profan/json_head.h"
#include "profan/profile.h"

/* What a file records: allocations, copies, or ad-hoc events. */
enum dhat_kind { DHAT_HEAP, DHAT_COPY, DHAT_AD_HOC };

/* What the file says about the run, beyond the samples. Strings live in the profile. */
struct dhat_meta {
	int version;      /* dhatFileVersion: 1 or 2 */
	const char *mode; /* as written: "heap", "copy", "ad-hoc" (v1 files are heap), dhat-rs "rust-heap"... */
	enum dhat_kind kind;
	bool rust;        /* written by the Rust dhat crate (mode "rust-heap", "rust-ad-hoc"; docs/dhat-rs.md) */
	const char *verb; /* "Allocated", "Copied", "Occurred" */
	const char *cmd;  /* the command line, for display only (DHAT does not quote it) */
	const char *exe;  /* its first word: the profiled executable */
	const char *program; /* the executable's base name, "/" or "\\" paths and ".exe" dropped */
	int64_t pid;
	int64_t te;                        /* t-end, in instructions */
	int64_t tg;                        /* t-gmax, in instructions (heap only) */
	int64_t tuth;                      /* "short-lived" threshold in instructions (500 when absent) */
	bool bklt, bkacc;                  /* block lifetimes / accesses recorded */
	const char *unit, *units, *blocks; /* "byte"/"bytes"/"blocks", or ad-hoc's bu/bsu/bksu */
	const char *tu;                    /* time unit, "instrs" */
	size_t pps;                        /* program points in the file */
	size_t merged;                     /* of which merged into an earlier one with the same stack */
	size_t repairs;                    /* `"fs":]` stacks read as empty */
};

struct dhat_load_opts {
	bool frame_texts; /* keep each frame's ftbl text (pf_frame.text), for dh_view's tree */
};

/* pf_loader for load_file()/load_buffer(). Parse with dhat_json_opts so DHAT's
 * invalid `"fs":]` reads as an empty stack and the program points stream into
 * columns (dhat_plan, json_plan.h) instead of a tree; the loader reads only those.
 * OPTS (struct dhat_load_opts) may be NULL. The file's own record (struct dhat_meta) is kept in
 * the profile: dhat_meta_of(). */
int dhat_load(const struct json_doc *doc, struct profile *out, const void *opts);
extern const struct json_parse_opts dhat_json_opts;
extern const struct json_plan dhat_plan;
/* Does ROOT look like a DHAT file (dhatFileVersion)? */
bool dhat_sniff(const struct json *root);
bool dhat_sniff_head(const struct json_head *h);
/* The record of a profile dhat_load() built (the first file's, when merged), or NULL. */
const struct dhat_meta *dhat_meta_of(const struct profile *p);

/* A frame text "0x1234: name (loc)" split at the last " (" (names contain
 * parentheses). loc is "file:line" (valgrind), "file:line:col" (dhat-rs),
 * "in object" or absent; spans point into TEXT. */
struct dhat_frame_text {
	bool has_address;
	uint64_t address;
	const char *name, *file, *object;
	size_t name_len, file_len, object_len; /* file/object NULL when absent */
	uint32_t line, column;                 /* 0 when absent */
	bool long_number; /* a line or column of more than 9 digits ("a.rs:99999999999999999999:1") */
};
void dhat_split_frame(const char *text, size_t len, struct dhat_frame_text *out);

/* Valgrind (amd64, x86, arm64 Linux) maps the executable below this address and
 * shared objects above it, so a frame there is a library's even when DHAT names
 * only its source file (libc with debug info: "_IO_file_doallocate (filedoalloc.c:101)"):
 * PF_FUNC_SHARED_OBJECT, the ownership engine's evidence. */
#define DHAT_SHARED_OBJECTS_FROM 0x4000000u

/* The --metric names DHAT knows: a NULL-terminated array; *DESCRIPTIONS (may be NULL) gets
 * their meanings. */
const char *const *dhat_metric_names(const char *const **descriptions);
/* Is NAME one of dhat's metrics or their aliases ("t-gmax")? */
bool dhat_metric_known(const char *name);

/* For profan diff on DHAT files (diff_format). The count shown next to a raw DHAT field
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

/* The format's own views (dhat_views.c; analysis.h). */
int dhat_views(const struct view_input *in, struct report *r, struct view_choice *out);

/* DHAT's own options: program-point filters and the extra views (format.c declares them). */
struct dhat_view_opts {
	struct pattern_list where, not_; /* all of WHERE and none of NOT on the stack */
	struct pattern_list plumbing;    /* more allocator wrappers to skip when naming a site */
	size_t stacks;                   /* print the N largest stacks whole */
	bool alloc_tree;                 /* dh_view's allocation-rooted tree */
};

/* O's options for this format (profan_format_opts), or the defaults. */
const struct dhat_view_opts *dhat_view_opts_of(const struct profan_opts *o);

/* The format's hooks for the driver (format.h; format.c). */
struct input_format;
extern const struct input_format dhat_format;
extern const struct format_recorder dhat_recorder; /* dhat_record.c */

#endif
