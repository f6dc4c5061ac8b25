/* profile.h: the one profile model every loader produces and every view reads.
 *
 *   libs    -- where code came from: a shared object, a script URL, a wasm module
 *   funcs   -- what a person calls a function: name, file, library, line
 *   frames  -- one code location inside a function (address, line, inlined flag)
 *   stacks  -- a prefix tree of frames: node = (parent node, frame), parents first
 *   samples -- (stack, thread, one value per metric)
 *
 * Strings are interned in profile->strings (id 0 is ""). Indices are uint32_t
 * and PF_NONE means "none". A stack node's parent always has a smaller index,
 * so a single forward pass visits parents before children. Metric values are
 * int64 in the metric's base unit (microseconds, bytes, samples...), so sums
 * are exact. Every value is >= 0 and each metric's sum over all samples fits
 * in int64: loaders and profile_merge() refuse input that would break this
 * (profile_check() verifies it), so a view can add any subset of the samples
 * without overflow. The profile owns everything; profile_release() frees it. */
#ifndef PROFAN_PROFILE_H
#define PROFAN_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/diag.h"
#include "profan/strmap.h"

#define PF_NONE UINT32_MAX
#define PF_NO_ADDRESS UINT64_MAX
#define PF_MAX_METRICS 16

enum pf_unit {
	PF_UNIT_COUNT,        /* plain count: samples, blocks, units */
	PF_UNIT_MICROSECONDS, /* printed as ms */
	PF_UNIT_BYTES,        /* printed as B / KiB / MiB / GiB */
	PF_UNIT_NANOSECONDS,  /* printed as ms */
	PF_UNIT_PPM,          /* a share in millionths of a total, printed as a percentage: 12.34% */
	PF_UNIT_PPM_CHANGE,   /* a change of share in millionths, printed in signed points: +2.39 pp */
	PF_UNIT_PVALUE,       /* a probability in billionths (a test's p-value), printed as 0.029 */
};

struct pf_metric {
	const char *name;  /* short id used by --metric and --json: "cpu", "gb" */
	const char *label; /* what a person reads: "CPU time", "bytes live at t-gmax" */
	enum pf_unit unit;
	bool additive;     /* false for metrics that must not be summed across samples (maxima) */
	bool counts_samples; /* a sample row stands for this many samples (a loader that sums the
			      * samples of one thread and stack into one row); see profile_row_samples */
};

enum pf_lib_flags {
	PF_LIB_MAIN = 1 << 0,      /* the profiled program's own binary */
	PF_LIB_SPECIAL = 1 << 1,   /* [vdso], [kernel.kallsyms], JIT maps: never symbolicated from disk */
	PF_LIB_KERNEL = 1 << 2,
	PF_LIB_OFFSETS = 1 << 3,   /* frame addresses are file offsets (perf.data's maps), not relative */
	PF_LIB_SCRIPT = 1 << 4,    /* a script (named by its URL), not an object file: its place says nothing */
	PF_LIB_TOOL = 1 << 5,      /* the binary of another process that launches or builds the program
				    * (cargo, rust-lld beside rustc): not the program's, however near it lies */
};

/* SKIPPED: nothing on disk to read ([vdso] of another kernel, JIT maps, modules); NOT_ELF: a
 * Mach-O or PE library, which profan does not symbolicate. */
enum pf_symstate {
	PF_SYM_NONE,
	PF_SYM_FOUND,
	PF_SYM_MISSING,
	PF_SYM_MISMATCH,
	PF_SYM_SKIPPED,
	PF_SYM_NOT_ELF,
};

struct pf_lib {
	uint32_t name;       /* "libc.so.6", a script URL, a wasm module name */
	uint32_t path;       /* where the profile says it lived, or 0 */
	uint32_t debug_name, debug_path;
	uint32_t code_id;    /* GNU build id (hex) when known, else 0 */
	uint32_t breakpad_id;
	uint32_t flags;      /* enum pf_lib_flags */
	enum pf_symstate sym_state;
	uint32_t sym_file;   /* the file symbols came from, or 0 */
	uint32_t label;      /* what reports call it, or 0 for its name: profile_label_libs() */
};

enum pf_func_flags {
	PF_FUNC_OWNED = 1 << 0,     /* belongs to the user's own program (loader or --binary decides) */
	PF_FUNC_SYNTHETIC = 1 << 1, /* (root), (no stack), (garbage collector), ... */
	PF_FUNC_UNRESOLVED = 1 << 2,/* a hex address that no symbol covers */
	/* Evidence of whose code it is that only the loader has (ownership.h reads it): */
	PF_FUNC_SCRIPT = 1 << 3,    /* script code (JavaScript): no native rule (crates, namespaces, DWARF
				     * layouts, allocator entries) applies; without a file, the engine's */
	PF_FUNC_ENGINE = 1 << 4,    /* the script engine's own (V8's natives, its GC): .script_engine */
	PF_FUNC_HOST = 1 << 5,      /* the host runtime's own script (Node's modules): profile.script_host */
	PF_FUNC_TEXT = 1 << 6,      /* named from a producer's frame text (valgrind's DHAT): its file as
				     * printed (bare without --fullpath-after=), no compilation directory;
				     * a library only for "(in OBJECT)" frames */
	PF_FUNC_FILE_TAIL = 1 << 7, /* its file is the path's last three components only (the dhat crate's) */
	PF_FUNC_SHARED_OBJECT = 1 << 8, /* no library named, but its code lies among the shared objects
					 * (valgrind's layout: a DHAT frame "f (file:line)" mapped high) */
};

/* The flags a transform's function keeps from the functions it groups (a group's name is no frame
 * text: it is PF_FUNC_OWNED when any of them is the program's, ownership_program_evidence()). */
#define PF_FUNC_EVIDENCE (PF_FUNC_OWNED | PF_FUNC_SCRIPT | PF_FUNC_ENGINE | PF_FUNC_HOST)

/* A function. Symbolicated native functions (src/symbol) have one pf_func per
 * source function and library: the name in funcname_simplify()'s form
 * (funcname.h: no parameters, no generic arguments, one spelling for Rust's v0
 * and legacy names), the declaring file as a whole path, and the line it is
 * declared on; copies of it (monomorphisations, clones, inlined instances,
 * symbol-table and DWARF spellings) are that one pf_func. */
struct pf_func {
	uint32_t name;
	/* Source file or script URL, or 0. Symbolicated: where the function is
	 * declared, relative DWARF names joined with their unit's compilation
	 * directory and "."/".." resolved ("/rustc/<hash>/library/core/src/ptr/mod.rs",
	 * "/home/dev/build/src/main.rs"); relative only when the unit's directory was. */
	uint32_t file;
	uint32_t lib;       /* PF_NONE when not from a library */
	uint32_t line;      /* first line of the function when known, 1-based, else 0 */
	uint32_t column;
	uint32_t flags;     /* enum pf_func_flags */
	uint32_t folded;    /* other symbols folded into the same code (identical code folding) */
	/* Leading bytes of file that are the compilation directory of the unit
	 * declaring the function, when file lies below it ("/home/dev/build" in
	 * "/home/dev/build/src/main.rs"), else 0: what a display leaves out. A
	 * length, not a string, so it survives copying funcs between profiles. */
	uint32_t comp_dir_len;
};

enum pf_frame_flags {
	PF_FRAME_INLINED = 1 << 0, /* inlined into the frame above it in the stack */
	PF_FRAME_NAMED = 1 << 1,   /* its function named from the stack, not by its producer (DHAT's
				    * UnknownInlinedFun and bare closures, after their owner) */
};

struct pf_frame {
	uint32_t func;
	uint32_t lib;       /* PF_NONE when not from a library */
	uint64_t address;   /* library-relative address, or PF_NO_ADDRESS */
	uint32_t line;      /* line of this location, or 0 */
	uint32_t column;
	uint32_t flags;     /* enum pf_frame_flags */
	/* The file LINE is in when it is not the function's own (pf_func.file): code
	 * a macro or an #include put into the function; else 0. */
	uint32_t file;
	/* The frame as its producer wrote it, for a view that shows it verbatim (dh_view's
	 * tree): frames that read alike once simplified stay apart. 0 when not kept. */
	uint32_t text;
};

/* Where a function's self samples fell, for formats that count them per source
 * line beside the samples rather than in them (V8's positionTicks): TICKS hits
 * at LINE of FUNC, summed over the file. They split the function's self weight
 * in proportion; they are not samples. */
struct pf_line_ticks {
	uint32_t func;
	uint32_t line;
	int64_t ticks;
};

struct pf_stack {
	uint32_t parent;    /* PF_NONE at a root */
	uint32_t frame;
};

struct pf_thread {
	uint32_t name;
	uint32_t process_name;
	uint32_t pid, tid;  /* interned text: samply pids look like "1234.1" */
	bool is_main;
	bool excluded;      /* duplicates other threads' samples (per-CPU pseudo-threads) */
	uint32_t run;       /* which input file, when several were merged (profile_merge); else 0 */
};

/* A header line of the report: "Input: prof.json (samply, processed profile v55)". */
struct pf_info {
	const char *key;
	const char *value;
};

/* A figure of the header line KEY as a number, for --json ("Total": total 613880 us and
 * samples 1034, where the line reads "613.88 ms in 1034 samples"). */
struct pf_figure {
	const char *key;
	const char *name;
	int64_t value;
	enum pf_unit unit;
};

struct profile {
	struct strmap strings;
	struct arena arena;          /* for text that is not worth interning */
	VEC(struct pf_lib) libs;
	VEC(struct pf_func) funcs;
	VEC(struct pf_frame) frames;
	VEC(struct pf_stack) stacks;
	VEC(struct pf_thread) threads;
	VEC(struct pf_line_ticks) line_ticks; /* in the order added; a (func, line) may repeat */

	size_t metric_count;
	struct pf_metric metrics[PF_MAX_METRICS];
	size_t default_metric;

	/* samples, column-wise */
	size_t sample_count, sample_cap;
	uint32_t *sample_stack;      /* PF_NONE: the sample has no stack */
	uint32_t *sample_thread;     /* PF_NONE when the format has no threads */
	int64_t *sample_values[PF_MAX_METRICS];

	const char *format;          /* "samply", "dhat", "cpuprofile" */
	const char *format_detail;   /* "processed profile v55", "dhatFileVersion 2, heap mode" */
	const void *format_meta;     /* the loader's own record of the file (dhat.h), or NULL */
	/* What the runtime of script code is called (PF_FUNC_SCRIPT, _ENGINE, _HOST), for labels:
	 * "v8", "node"; NULL when the profile has none */
	const char *script_engine, *script_host;
	/* The program's name as its command line gives it (DHAT's cmd: the base name, ".exe"
	 * dropped), for the ownership rules; NULL when the loader does not know it */
	const char *program;
	VEC(struct pf_info) info;    /* extra header lines, in order */
	VEC(struct pf_figure) figures; /* their figures as numbers (of a single run) */
	VEC(const char *) warnings;

	/* indexes behind the intern functions below (made on first use, freed by profile_seal) */
	struct htab func_index, frame_index, stack_index;
	bool indexed;
};

void profile_init(struct profile *p);
void profile_release(struct profile *p);

/* Text owned by the profile: interned (id) or copied into the arena. */
uint32_t profile_intern(struct profile *p, const char *s);
const char *profile_str(const struct profile *p, uint32_t id);
const char *profile_strdup(struct profile *p, const char *s);
const char *profile_printf(struct profile *p, const char *fmt, ...) PF_PRINTF(2, 3);

/* Report names of libraries (libname.c): a library's name, or, when another
 * library has the same name and another path, the shortest suffix of its path
 * that tells them apart (".cargo/bin/cargo"). profile_label_libs() sets them
 * for the libraries as they are (the driver calls it once they are loaded and
 * merged); profile_lib_label() reads one. Display only: names stay the keys. */
void profile_label_libs(struct profile *p);
const char *profile_lib_label(const struct profile *p, uint32_t lib);

/* Adds a metric; returns its index. */
size_t profile_add_metric(struct profile *p, const char *name, const char *label, enum pf_unit unit);
/* Index of the metric called NAME, or SIZE_MAX. */
size_t profile_metric_index(const struct profile *p, const char *name);

uint32_t profile_add_lib(struct profile *p, const struct pf_lib *lib);
uint32_t profile_add_thread(struct profile *p, const struct pf_thread *t);
/* Deduplicating constructors: the same content returns the same index. */
uint32_t profile_intern_func(struct profile *p, const struct pf_func *f);
uint32_t profile_intern_frame(struct profile *p, const struct pf_frame *f);
/* Room for FUNCS more functions and FRAMES more frames, their indexes included: a loader that
 * knows how many it may make grows nothing on the way. */
void profile_reserve_frames(struct profile *p, size_t funcs, size_t frames);
/* The same for N more stack nodes. */
void profile_reserve_stacks(struct profile *p, size_t n);
uint32_t profile_intern_stack(struct profile *p, uint32_t parent, uint32_t frame);
/* The node of the path FRAMES[0..N) (root first) below PARENT, interned like N calls of
 * profile_intern_stack(); PARENT itself when N is 0. */
uint32_t profile_intern_path(struct profile *p, uint32_t parent, const uint32_t *frames, size_t n);
/* Frees the indexes behind the intern functions; the next intern call rebuilds them. */
void profile_release_indexes(struct profile *p);
/* A stack table built beside a profile's own and then swapped in, for passes
 * that rewrite the tree (filters, symbolication) while reading the old one. */
struct pf_stack_table {
	VEC(struct pf_stack) nodes;
	struct htab index;
};
/* The nodes profile_intern_paths() makes in an empty profile, into the empty table T (its
 * index left empty); FRAMES may be any numbers, e.g. indices to be made frames later. */
void stack_table_add_paths(struct pf_stack_table *t, size_t n, const uint32_t *const *frames,
			   const uint32_t *len, uint32_t *leaf);
/* The same on a helper thread while the caller goes on: FRAMES, LEN and LEAF are the job's
 * until stack_paths_finish() waits for it and hands over the table. */
struct stack_paths_job;
struct stack_paths_job *stack_paths_start(size_t n, const uint32_t *const *frames, const uint32_t *len,
					  uint32_t *leaf);
void stack_paths_finish(struct stack_paths_job *job, struct pf_stack_table *out);
uint32_t stack_table_intern(struct pf_stack_table *t, uint32_t parent, uint32_t frame);
void stack_table_release(struct pf_stack_table *t);
/* Replaces P's stack table with T's (T is left empty). Samples are untouched. */
void profile_set_stacks(struct profile *p, struct pf_stack_table *t);
/* A frame for a function that has no address: the common case for named frames. */
uint32_t profile_func_frame(struct profile *p, uint32_t name, uint32_t file, uint32_t lib, uint32_t line,
			    uint32_t column, uint32_t func_flags);

/* Frees the indexes behind the intern functions once a profile is built (they
 * are as big as the tables); a later intern call rebuilds them. */
void profile_seal(struct profile *p);

/* The metric whose value is the number of samples a row stands for, or SIZE_MAX
 * when every row is one sample. */
size_t profile_count_metric(const struct profile *p);
/* Appends a sample; VALUES has one entry per metric (metric_count). */
void profile_add_sample(struct profile *p, uint32_t stack, uint32_t thread, const int64_t *values);
/* Room for N samples more (of the metrics added so far), so that adding them does not grow the
 * columns: a loader that knows how many come saves the copies and the unused half. */
void profile_reserve_samples(struct profile *p, size_t n);

/* Records TICKS hits at LINE of FUNC (struct pf_line_ticks). */
void profile_add_line_ticks(struct profile *p, uint32_t func, uint32_t line, int64_t ticks);

void profile_add_info(struct profile *p, const char *key, const char *value);
/* The figure NAME of the header line KEY (added with profile_add_info) as a number. */
void profile_add_figure(struct profile *p, const char *key, const char *name, int64_t value,
			enum pf_unit unit);
/* Records a warning for the report header (and prints it on stderr). */
void profile_warn(struct profile *p, const char *fmt, ...) PF_PRINTF(2, 3);

/* Frame and function of stack node S. */
static inline const struct pf_frame *profile_stack_frame(const struct profile *p, uint32_t s)
{
	return &p->frames.items[p->stacks.items[s].frame];
}
static inline uint32_t profile_stack_func(const struct profile *p, uint32_t s)
{
	return p->frames.items[p->stacks.items[s].frame].func;
}
static inline const char *profile_func_name(const struct profile *p, uint32_t func)
{
	return strmap_str(&p->strings, p->funcs.items[func].name);
}
/* Sum of metric M over all samples into *SUM; false (and *SUM unset) when a
 * value is negative or the sum passes INT64_MAX. */
bool profile_metric_sum(const struct profile *p, size_t m, int64_t *sum);

/* ---- several inputs (merge.c) ---- */

/* Appends SRC's samples to DST, re-interning SRC's strings, libraries,
 * functions, frames and stacks into DST. Each input keeps its own threads, and
 * pf_thread.run says which input (0 = DST's own); samples without a thread get
 * one per input. Metrics are matched by name. Returns 0, or -1 after printing
 * "profan: ORIGIN: ..." when the two cannot be merged (other format, unit). */
int profile_merge(struct profile *dst, const struct profile *src, const char *origin);
/* Number of inputs merged into P (1 for a single file). */
size_t profile_run_count(const struct profile *p);
/* The "Inputs" header line for N > 1 merged files; the loader's own header
 * lines are marked as describing file 1. */
void profile_note_inputs(struct profile *p, const char *const *paths, size_t n);

/* Checks the invariants (indices in range, parents before children); used by
 * tests and after every loader in debug builds. Returns NULL or a message. */
const char *profile_check(const struct profile *p);

#endif
