/* cpuprof.h: V8 CPU profiles (.cpuprofile, legacy head/timestamps, Chrome and
 * Node trace events) -> the common profile model.
 *
 * Metrics: "time" (microseconds, weighted per enum cpuprof_weight) and
 * "samples" (count); the default metric follows the weighting. A function is
 * (functionName, url, lineNumber, columnNumber): each V8 node becomes one
 * stack node, `(root)` is dropped, and each script url becomes a library. A
 * trace may hold several profiles, keyed by pid + id; one is loaded (see
 * cpuprof_opts.profile) or all of them, one thread each. See docs/cpuprof.md. */
#ifndef PROFAN_CPUPROF_H
#define PROFAN_CPUPROF_H

#include "profan/analysis.h"
#include "profan/json.h"
#include "profan/json_head.h"
#include "profan/options.h"
#include "profan/profile.h"

struct wasm_module;

enum cpuprof_weight {
	CPUPROF_WEIGHT_BEFORE, /* sample i gets timeDeltas[i], the gap before it: the common Python snippet */
	CPUPROF_WEIGHT_AFTER,  /* sample i gets the gap after it, the last one endTime - t(last):
				 * DevTools, speedscope, VS Code */
	CPUPROF_WEIGHT_SAMPLES, /* every sample counts 1; default metric "samples" */
};

struct cpuprof_opts {
	enum cpuprof_weight weight;
	/* Which profile of a trace: NULL picks the one with most samples; "all"; a
	 * 1-based number in the order the header lists them; an id ("0x1"); "PID:ID". */
	const char *profile;
	const struct wasm_module *wasm; /* names for wasm-function[N] frames, or NULL */
	const char *wasm_path;          /* the module's file, for messages */
};

/* Flags set on pf_func.flags besides enum pf_func_flags (which uses the low bits). */
enum cpuprof_func_flags {
	CPUPROF_FUNC_WASM = 1 << 8,         /* url wasm://... */
	CPUPROF_FUNC_WASM_UNNAMED = 1 << 9, /* `wasm-function[N]`: the module had no name section */
	CPUPROF_FUNC_PLUMBING = 1 << 10,    /* JS<->wasm wrappers: GenericJSToWasmWrapper, js-to-wasm:... */
	CPUPROF_FUNC_GC = 1 << 11,          /* (garbage collector) */
	CPUPROF_FUNC_PROGRAM = 1 << 12,     /* (program): VM code not attributed to JS */
	CPUPROF_FUNC_IDLE = 1 << 13,        /* (idle) */
};


/* A pf_loader: OPTS is a const struct cpuprof_opts * (NULL: defaults). */
int cpuprof_load(const struct json_doc *doc, struct profile *out, const void *opts);
/* Does ROOT look like a V8 profile in a layout cpuprof_load() reads: nodes (.cpuprofile),
 * head (legacy), profile.nodes (Profiler.stop), traceEvents, or an array of trace events? */
bool cpuprof_sniff(const struct json *root);
bool cpuprof_sniff_head(const struct json_head *h);

/* True for V8's JS<->wasm wrapper frame names. */
bool cpuprof_is_plumbing(const char *name);

/* A V8 sampling heap profile (.heapprofile: head.selfSize, no CPU samples): true with a
 * sentence in WHAT[0..CAP) (input_format.lookalike). */
bool lookalike_v8_heap(const struct json *root, char *what, size_t cap);

/* The format's own views (cpuprof_views.c; analysis.h). */
int cpuprof_views(const struct view_input *in, struct report *r, struct view_choice *out);

/* V8's own options: how samples are weighted, which profile of a trace, wasm names
 * (format.c declares them). */
struct cpuprof_view_opts {
	enum cpuprof_weight weight;
	const char *profile; /* NULL: the largest; "all"; N; ID; PID:ID */
	const char *wasm;    /* a wasm module with a name section, or NULL */
};

/* O's options for this format (profan_format_opts), or the defaults. */
const struct cpuprof_view_opts *cpuprof_view_opts_of(const struct profan_opts *o);

/* The format's hooks for the driver (format.h; format.c). */
struct input_format;
extern const struct input_format cpuprof_format;
extern const struct format_recorder cpuprof_recorder; /* cpuprof_record.c */

#endif
