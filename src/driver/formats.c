/* formats.c: the one table of input formats: how each is recognised, loaded
 * with the run's options, symbolicated and viewed. A new format is a loader
 * (src/loaders/) plus one entry here; see HACKING.md. */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver_int.h"
#include "profan/cpuprof.h"
#include "profan/dhat.h"
#include "profan/load.h"
#include "profan/lookalike.h"
#include "profan/perf.h"
#include "profan/regex.h"
#include "profan/samply.h"
#include "profan/symbolize.h"

/* --pid P matches samply's unique pid text ("1234.1") or the OS pid before the dot. */
static bool pid_matches(const char *want, const char *pid)
{
	if (strcmp(want, pid) == 0)
		return true;
	return strchr(want, '.') == NULL && strncmp(want, pid, strlen(want)) == 0 && pid[strlen(want)] == '.';
}

struct thread_filter {
	const struct samply_view_opts *o;
	struct regex *name;
};

static bool select_thread(void *ctx, const struct samply_thread_desc *t)
{
	const struct thread_filter *f = ctx;
	if (f->o->pid != NULL && !pid_matches(f->o->pid, t->pid))
		return false;
	return f->name == NULL || regex_match(f->name, t->name, strlen(t->name), NULL, 0) == 1;
}

static int load_samply(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	const struct samply_view_opts *so = &env->o->samply;
	struct thread_filter filter = {.o = so};
	if (so->thread != NULL) {
		char err[512];
		if ((filter.name = regex_compile(so->thread, err, sizeof(err))) == NULL) {
			pf_error("--thread: %s", err);
			return -1;
		}
	}
	struct samply_opts lo = {
		.binary = env->o->own.binary,
		.select_thread = so->thread || so->pid ? select_thread : NULL,
		.select_ctx = &filter,
		.syms = env->sidecar,
	};
	int rc = samply_load(doc, out, &lo);
	regex_free(filter.name);
	if (rc == 0 && out->threads.len == 0 && lo.select_thread != NULL) {
		pf_error("%s: no thread with samples matches the --thread/--pid selection", json_doc_origin(doc));
		rc = LOAD_MISFIT;
	}
	return rc;
}

static int load_dhat(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	(void)env;
	return dhat_load(doc, out, NULL);
}

static int load_cpuprof(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	const struct cpuprof_view_opts *co = &env->o->cpuprof;
	struct cpuprof_opts lo = {
		.weight = co->weight,
		.profile = co->profile,
		.wasm = env->wasm,
		.wasm_path = co->wasm,
	};
	return cpuprof_load(doc, out, &lo);
}

static int load_perf(const unsigned char *data, size_t len, const char *origin, const struct load_env *env,
		     struct profile *out)
{
	/* unwinding reads the libraries' files: --no-symbols reads none */
	struct perf_load_opts lo = {.binary = env->o->own.binary, .symbols = &env->o->symbols,
				    .no_unwind = env->o->no_symbols};
	return perf_load(data, len, origin, out, &lo);
}

/* perf.data is no JSON: nothing recognises it in a parsed document */
static bool sniff_none(const struct json *root)
{
	(void)root;
	return false;
}

static const struct input_format formats[] = {
	{
		.name = "samply",
		.command = "samply",
		.label = "a samply profile",
		.sniff = samply_sniff,
		/* the sample columns go from the stream into the loader's own form, not into the tree */
		.jopts = {.divert = &samply_divert},
		.lookalike = lookalike_firefox,
		.load = load_samply,
		.native = true,
		.sidecar = true,
		.binaries = true,
		.views = samply_views,
	},
	{
		.name = "dhat",
		.command = "dhat",
		.label = "a DHAT profile",
		.sniff = dhat_sniff,
		/* valgrind writes `"fs":]` for a stack it filtered; the program points go from the
		 * stream into the loader's columns, not into the tree */
		.jopts = {.repair_missing_open_bracket = true, .divert = &dhat_divert},
		.load = load_dhat,
		.binaries = true,
		.views = dhat_views,
	},
	{
		.name = "cpuprofile",
		.command = "cpuprof",
		.label = "a V8 CPU profile",
		.sniff = cpuprof_sniff,
		/* the nodes go from the stream into the loader's own columns, not into the tree */
		.jopts = {.divert = &cpuprof_divert},
		.lookalike = lookalike_v8_heap,
		.load = load_cpuprof,
		.wasm = true,
		.views = cpuprof_views,
	},
	{
		.name = "perf",
		.command = "perf",
		.label = "a perf.data recording",
		.sniff = sniff_none,
		.binary = "perf",
		.load_binary = load_perf,
		.native = true,
		.binaries = true,
		.views = samply_views,
	},
};

const struct input_format *format_of_binary(const char *kind)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].binary && strcmp(formats[i].binary, kind) == 0)
			return &formats[i];
	return NULL;
}

const struct input_format *format_at(size_t i)
{
	return i < ARRAY_SIZE(formats) ? &formats[i] : NULL;
}

const struct input_format *format_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (strcmp(formats[i].name, name) == 0 || strcmp(formats[i].command, name) == 0)
			return &formats[i];
	return NULL;
}

const char *format_name(const struct input_format *f)
{
	return f->name;
}

const char *format_command(const struct input_format *f)
{
	return f->command;
}

const struct input_format *format_of(const struct json *root)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].sniff(root))
			return &formats[i];
	return NULL;
}

int format_recognise(const struct json_doc *doc, const struct input_format **seen)
{
	const struct json *root = json_doc_root(doc);
	char what[512];
	*seen = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].lookalike && formats[i].lookalike(root, what, sizeof(what))) {
			pf_error("%s: %s", json_doc_origin(doc), what);
			return -1;
		}
	*seen = format_of(root);
	return 0;
}

/* Before the format is known, every format's hook sees each value that is due, the first
 * to take it wins: their paths ("threads[].samples.stack", "pps") mean nothing to the others. */
static int any_format_divert(void *ctx, struct jstream *js, struct json_stub *stub)
{
	(void)ctx;
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++) {
		const struct json_divert *dv = formats[i].jopts.divert;
		if (dv == NULL || jstream_depth(js) > dv->max_depth)
			continue;
		int r = dv->fn(dv->ctx, js, stub);
		if (r != 0)
			return r;
	}
	return 0;
}

/* A library's query as symbolize_profile() will make it from the loaded pf_lib. */
static void queue_lib(void *pf, const struct samply_lib_ids *l)
{
	struct symfind_query q = {.name = l->name, .path = l->path, .debug_name = l->debug_name,
				  .debug_path = l->debug_path, .code_id = l->code_id, .breakpad_id = l->breakpad_id};
	sym_prefetch_lib(pf, &q);
}

/* samply names its libraries ("libs", after "meta") before its threads and their samples. */
static void libs_ahead(void *pf, const char *key, const struct json *value)
{
	if (strcmp(key, "libs") == 0 && json_type(value) == JSON_ARRAY)
		samply_lib_ids(value, queue_lib, pf);
}

struct json_parse_opts format_parse_opts(const struct input_format *f, struct sym_prefetch *pf)
{
	static struct json_divert any = {.fn = any_format_divert};
	if (any.max_depth == 0)
		for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
			if (formats[i].jopts.divert && formats[i].jopts.divert->max_depth > any.max_depth)
				any.max_depth = formats[i].jopts.divert->max_depth;
	struct json_parse_opts o = {.divert = &any};
	if (f != NULL) {
		o = f->jopts;
	} else {
		/* before the format is known, every format's repairs are allowed */
		for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
			o.repair_missing_open_bracket |= formats[i].jopts.repair_missing_open_bracket;
	}
	if (pf != NULL && (f == NULL || f->native)) {
		o.root_member = libs_ahead;
		o.root_member_ctx = pf;
	}
	return o;
}
