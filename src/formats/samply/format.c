/* format.c: samply as an input format (format.h): its thread and pid selection, the
 * presymbolication sidecar beside a profile, the libraries it names first (their symbol
 * files are opened while the samples stream in), native symbolication and its views. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profan/find.h"
#include "profan/format.h"
#include "profan/load.h"
#include "profan/prefetch.h"
#include "profan/regex.h"
#include "profan/source.h"
#include "profan/symbolize.h"
#include "samply.h"

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

/* The .syms.json beside PATH, parsed, when there is one. A FIFO or a directory of
 * that name is no sidecar (a read would block or fail for a file nobody named). */
static int read_sidecar(const char *path, struct json_doc **out)
{
	*out = NULL;
	char *side = samply_sidecar_path(path);
	struct stat st;
	int rc = 0;
	if (stat(side, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			pf_warn("%s: not a regular file: no presymbolicated names read from it", side);
		} else {
			struct source *src = source_open_file(side);
			*out = src ? json_parse(src, NULL) : NULL;
			if (src)
				source_close(src);
			rc = *out ? 0 : -1;
		}
	}
	free(side);
	return rc;
}

static int load(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	const struct samply_view_opts *so = samply_view_opts_of(env->o);
	struct json_doc *sidecar = NULL;
	if (env->file != NULL && !env->o->no_sidecar && read_sidecar(env->file, &sidecar) < 0)
		return -1; /* the sidecar's own error is printed */
	struct thread_filter filter = {.o = so};
	if (so->thread != NULL) {
		char err[512];
		if ((filter.name = regex_compile(so->thread, err, sizeof(err))) == NULL) {
			pf_error("--thread: %s", err);
			if (sidecar)
				json_doc_free(sidecar);
			return -1;
		}
	}
	struct samply_opts lo = {
		.binary = env->o->own.binary,
		.select_thread = so->thread || so->pid ? select_thread : NULL,
		.select_ctx = &filter,
		.syms = sidecar,
	};
	int rc = samply_load(doc, out, &lo);
	regex_free(filter.name);
	if (rc == 0 && out->threads.len == 0 && lo.select_thread != NULL) {
		pf_error("%s: no thread with samples matches the --thread/--pid selection", json_doc_origin(doc));
		rc = LOAD_MISFIT;
	}
	if (rc == 0 && sidecar)
		*env->origin = profile_strdup(out, json_doc_origin(sidecar));
	if (sidecar)
		json_doc_free(sidecar);
	return rc;
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

static void parse_ahead(struct json_parse_opts *jo, struct sym_prefetch *pf)
{
	jo->root_member = libs_ahead;
	jo->root_member_ctx = pf;
}

/* symbolize_profile() with what PF opened ahead (PF may be NULL). */
static int symbolicate(struct profile *p, const struct profan_opts *o, struct sym_prefetch *pf)
{
	if (o->no_symbols)
		return 0;
	struct symbolize_opts so = o->symbols;
	so.prefetch = pf;
	return symbolize_profile(p, &so, NULL);
}

/* --metric M: one of a samply profile's metrics (the views know more: samply_metric_names()). */
static bool metric_known(const char *name)
{
	return strcmp(name, "cpu") == 0 || strcmp(name, "samples") == 0 || strcmp(name, "weight") == 0;
}

#define AT(field) offsetof(struct samply_view_opts, field)

static const struct format_opt select_opts[] = {
	{"thread", "RE", "only threads whose name matches RE", FOPT_REGEX, AT(thread)},
	{"pid", "P", "only process P (\"1234\" or samply's \"1234.1\")", FOPT_TEXT, AT(pid)},
	{NULL},
};

static const struct format_opt view_opts[] = {
	{"under", "RE", "the same as --focus RE", FOPT_FOCUS},
	{"threads", NULL, "add a per-thread summary (samples, CPU)", FOPT_FLAG, AT(threads)},
	{NULL},
};

static const struct format_opt metric_opts[] = {
	{"metric", "M", "weight by cpu (default), samples or weight", FOPT_METRIC, .accept = metric_known,
	 .refusal = "--metric wants cpu, samples or weight, not '%s'"},
	{NULL},
};

static const struct format_opt alloc_opts[] = {
	{"alloc-entry", "RE", "allocator entry points (replaces the built-in list)", FOPT_REGEX, AT(alloc_entry)},
	{"alloc-plumbing", "RE", "your own allocator wrappers, skipped like the runtime's plumbing above an entry",
	 FOPT_REGEX, AT(alloc_plumbing)},
	{"whole-binary", NULL, "the views before ownership: every frame of the binary is yours, std inlined into it too",
	 FOPT_FLAG, AT(whole_binary)},
	{NULL},
};

static const struct format_opt_group select_group = {select_opts, .diff = true};
/* perf's views are these too: their options land in samply's store (owner); its --metric, between
 * the two groups, is its own */
const struct format_opt_group samply_view_group = {view_opts, .owner = &samply_format};
const struct format_opt_group samply_alloc_group = {alloc_opts, .owner = &samply_format};
static const struct format_opt_group metric_group = {metric_opts};

const struct samply_view_opts *samply_view_opts_of(const struct profan_opts *o)
{
	static const struct samply_view_opts defaults;
	const struct samply_view_opts *mine = profan_format_opts(o, &samply_format);
	return mine ? mine : &defaults;
}

const struct input_format samply_format = {
	.name = "samply",
	.command = "samply",
	.label = "a samply profile",
	.cli = {
		.summary = "samply --save-only profiles (Firefox Profiler processed JSON, .json or .json.gz)",
		.usage = "samply [options] PROFILE...",
		.description =
			"Where CPU went, weighted by real CPU time (threadCPUDelta), and which of your functions it\n"
			"went to: by library; top self of all code; top self of your code (std helpers inlined into\n"
			"or called by a function count for it); top inclusive of your code; cost outside your code\n"
			"by the nearest function of yours and its main callee (via memcmp); allocation cost by the\n"
			"first function of yours above the allocator. Your code: docs/ownership.md, --ours, --binary.\n"
			"Reads layouts v41-v66, gzipped or not; frames print as LIB+0xADDR until symbolicated.\n"
			"Several PROFILEs are runs of one program and are merged.",
		.examples = "  profan samply prof.json.gz --top 60\n"
			    "  profan samply prof.json --binary wado-lsp --threads\n"
			    "  profan samply prof.json --thread '^rayon' --focus 'parse_'\n",
		.groups = {{FORMAT_OPTS_OWN}, {FORMAT_OPTS_BINARY}, {.own = &select_group}, {.own = &samply_view_group},
			   {.own = &metric_group}, {.own = &samply_alloc_group}, {FORMAT_OPTS_SYMBOLS}},
		.opts_size = sizeof(struct samply_view_opts),
	},
	.sniff = samply_sniff,
	.sniff_head = samply_sniff_head,
	/* the sample columns go from the stream into columns, not into the tree */
	.jopts = {.plan = {&samply_plan}},
	.parse_ahead = parse_ahead,
	.lookalike = lookalike_firefox,
	.load = load,
	.symbolicate = symbolicate,
	.views = samply_views,
};
