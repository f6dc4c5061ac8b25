/* format.c: V8 CPU profiles as an input format (format.h): the files of V8's family that
 * are no CPU profile, the --wasm module read once per run, the weighting and profile
 * choice handed to the loader, and the views. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cpuprof.h"
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
	*run = NULL;
	if (o->cpuprof.wasm == NULL)
		return 0;
	struct stat st;
	if (stat(o->cpuprof.wasm, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a FIFO would block the read for ever: treated as absent */
		pf_warn("--wasm %s: not a regular file: wasm frames stay unnamed", o->cpuprof.wasm);
		return 0;
	}
	struct wasm_module *m = xcalloc(1, sizeof(*m));
	if (wasm_module_read(o->cpuprof.wasm, m) < 0) {
		free(m);
		return -1;
	}
	*run = m;
	if (!m->has_name_section) {
		pf_error("%s: no name section in this module: --wasm needs a build that keeps function names",
			 o->cpuprof.wasm);
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
	if (o->cpuprof.wasm) {
		pf_error("--wasm names the wasm frames of V8 profiles; this is %s", label);
		return -1;
	}
	return 0;
}

static int load(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	const struct cpuprof_view_opts *co = &env->o->cpuprof;
	struct cpuprof_opts lo = {
		.weight = co->weight,
		.profile = co->profile,
		.wasm = env->run,
		.wasm_path = co->wasm,
	};
	return cpuprof_load(doc, out, &lo);
}

const struct input_format cpuprof_format = {
	.name = "cpuprofile",
	.command = "cpuprof",
	.label = "a V8 CPU profile",
	.sniff = cpuprof_sniff,
	/* the nodes go from the stream into the loader's own columns, not into the tree */
	.jopts = {.divert = &cpuprof_divert},
	.lookalike = lookalike_v8_heap,
	.run_open = run_open,
	.run_close = run_close,
	.check_options = check_options,
	.foreign_options = foreign_options,
	.load = load,
	.views = cpuprof_views,
};
