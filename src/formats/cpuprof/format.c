/* format.c: V8 CPU profiles as an input format (format.h): the files of V8's family that
 * are no CPU profile, the --wasm module read once per run, the weighting and profile
 * choice handed to the loader, and the views. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cpuprof.h"
#include "cpuprof_nodes.h"
#include "profan/format.h"
#include "wasm.h"

bool lookalike_v8_heap(const struct json *root, char *what, size_t cap)
{
	const struct json *head = json_get(root, "head");
	if (json_type(root) != JSON_OBJECT || json_get(root, "nodes") != NULL ||
	    json_type(head) != JSON_OBJECT || json_get(head, "selfSize") == NULL)
		return false;
	snprintf(what, cap,
		 "a V8 heap profile (.heapprofile: sampled allocations), not a CPU profile; profan reads "
		 "V8 CPU profiles (.cpuprofile, Chrome traces)");
	return true;
}

/* --wasm MODULE, read once for every input of the run. */
static int run_open(const struct profan_opts *o, void **run)
{
	const char *wasm = cpuprof_view_opts_of(o)->wasm;
	*run = NULL;
	if (wasm == NULL)
		return 0;
	struct stat st;
	if (stat(wasm, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a FIFO would block the read for ever: treated as absent */
		pf_warn("--wasm %s: not a regular file: wasm frames stay unnamed", wasm);
		return 0;
	}
	struct wasm_module *m = xcalloc(1, sizeof(*m));
	if (wasm_module_read(wasm, m) < 0) {
		free(m);
		return -1;
	}
	*run = m;
	if (!m->has_name_section) {
		pf_error("%s: no name section in this module: --wasm needs a build that keeps function names",
			 wasm);
		return -1;
	}
	return 0;
}

static void run_close(void *run)
{
	if (run != NULL) {
		wasm_module_release(run);
		free(run);
	}
}

static int check_options(const struct profan_opts *o, const char *label)
{
	if (o->own.binary) {
		pf_error("--binary names a native binary; %s has none (--ours RE chooses your code)", label);
		return -1;
	}
	return 0;
}

static int foreign_options(const struct profan_opts *o, const char *label)
{
	if (cpuprof_view_opts_of(o)->wasm) {
		pf_error("--wasm names the wasm frames of V8 profiles; this is %s", label);
		return -1;
	}
	return 0;
}

static int load(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	const struct cpuprof_view_opts *co = cpuprof_view_opts_of(env->o);
	struct cpuprof_opts lo = {
		.weight = co->weight,
		.profile = co->profile,
		.wasm = env->run,
		.wasm_path = co->wasm,
	};
	return cpuprof_load(doc, out, &lo);
}

#define AT(field) offsetof(struct cpuprof_view_opts, field)

static const char *const weights[] = {"before", "after", "samples", NULL}; /* enum cpuprof_weight */
_Static_assert(sizeof(enum cpuprof_weight) == sizeof(int), "--weight is stored as an int");

static const char *profile_given(const void *opts, const char *value)
{
	(void)opts;
	return *value == '\0' ? "--profile wants a number, an id, PID:ID or all" : NULL;
}

static const struct format_opt v8_opts[] = {
	{"weight", "MODE", "before (default: gap before each sample), after (DevTools), samples", FOPT_CHOICE,
	 AT(weight), .choices = weights, .refusal = "--weight wants before, after or samples, not '%s'"},
	{"profile", "WHICH", "in a trace: N (as listed), ID, PID:ID or all (default: the largest)", FOPT_TEXT,
	 AT(profile), .check = profile_given},
	{"wasm", "MODULE", "name wasm-function[N] frames from MODULE's name section", FOPT_TEXT, AT(wasm)},
	{NULL},
};

static const struct format_opt_group v8_group = {v8_opts, .diff = true};

const struct cpuprof_view_opts *cpuprof_view_opts_of(const struct profan_opts *o)
{
	static const struct cpuprof_view_opts defaults;
	const struct cpuprof_view_opts *mine = profan_format_opts(o, &cpuprof_format);
	return mine ? mine : &defaults;
}

/* profan diff: V8 weighs a sample by the wall-clock gap around it (diff.h) */
static const struct diff_format diff = {.wall_clock = true};

const struct input_format cpuprof_format = {
	.name = "cpuprofile",
	.command = "cpuprof",
	.label = "a V8 CPU profile",
	.cli = {
		.summary = "V8 .cpuprofile (node --cpu-prof) and Chrome trace files",
		.usage = "cpuprof [options] PROFILE...",
		.description =
			"Self and inclusive time per JS or wasm function, and per script, from a V8 CPU profile:\n"
			"a .cpuprofile (node --cpu-prof, DevTools), its legacy head/timestamps form, or a Chrome or\n"
			"Node trace (CpuProfile, Profile + ProfileChunk events), plain or gzipped. A function is\n"
			"(name, url, line, column); top self of your code credits Node's and V8's internals to the\n"
			"function of yours that called them. The header gives the shares of (garbage collector), (program)\n"
			"and (idle), and of WebAssembly; JS<->wasm wrapper frames count in their caller's self time.\n"
			"Several PROFILEs are runs of one program and are merged.",
		.examples = "  node --cpu-prof --cpu-prof-dir=/tmp --cpu-prof-name=c.cpuprofile run.js\n"
			    "  profan cpuprof --top 20 /tmp/c.cpuprofile\n"
			    "  profan cpuprof --profile all --weight after trace.json.gz\n"
			    "  profan cpuprof --wasm compiler-with-names.wasm --json compile.cpuprofile\n",
		.groups = {{FORMAT_OPTS_OWN}, {.own = &v8_group}},
		.opts_size = sizeof(struct cpuprof_view_opts),
	},
	.sniff = cpuprof_sniff,
	.sniff_head = cpuprof_sniff_head,
	/* the nodes go from the stream into the loader's own columns, not into the tree */
	.jopts = {.divert = &cpuprof_divert},
	.lookalike = lookalike_v8_heap,
	.run_open = run_open,
	.run_close = run_close,
	.check_options = check_options,
	.foreign_options = foreign_options,
	.load = load,
	.views = cpuprof_views,
	.diff = &diff,
	.recorder = &cpuprof_recorder,
};
