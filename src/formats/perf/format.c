/* format.c: perf.data as an input format (format.h): a binary file handed whole to the
 * reader (perf.c), native symbolication as for samply, and samply's views and options:
 * a perf recording answers the same questions as a samply one. */
#include <stddef.h>
#include <string.h>

#include "perf.h"
#include "profan/format.h"
#include "profan/symbolize.h"
#include "samply/samply.h"

static int load(const unsigned char *data, size_t len, const char *origin, const struct load_env *env,
		struct profile *out)
{
	/* unwinding reads the libraries' files: --no-symbols reads none */
	static const struct perf_opts none;
	const struct perf_opts *po = profan_format_opts(env->o, &perf_format);
	if (po == NULL)
		po = &none;
	/* profan diff lists samply's --pid and --thread (the first of each name), and not these */
	const struct samply_view_opts *so = samply_view_opts_of(env->o);
	struct perf_load_opts lo = {.binary = env->o->own.binary, .symbols = &env->o->symbols,
				    .no_unwind = env->o->no_symbols, .pid = po->pid ? po->pid : so->pid,
				    .thread = po->thread ? po->thread : so->thread, .event = po->event,
				    .metric = env->o->metric};
	return perf_load(data, len, origin, out, &lo);
}

/* Kernel frames from this machine's /proc/kallsyms when the load found the recording to be of
 * this boot's kernel (it set the kernel library's path), and no --kallsyms was given. */
static int symbolicate(struct profile *p, const struct profan_opts *o, struct sym_prefetch *pf)
{
	(void)pf; /* nothing is named ahead: the file is read whole first */
	if (o->no_symbols)
		return 0;
	struct symbolize_opts so = o->symbols;
	for (size_t i = 0; i < p->libs.len && so.kallsyms == NULL; i++)
		if ((p->libs.items[i].flags & PF_LIB_KERNEL) &&
		    strcmp(profile_str(p, p->libs.items[i].path), "/proc/kallsyms") == 0)
			so.kallsyms = "/proc/kallsyms";
	return symbolize_profile(p, &so, NULL);
}

extern const struct format_recorder perf_recorder; /* perf_record.c */

static const char *check_pid(const void *opts, const char *value)
{
	(void)opts;
	uint32_t id;
	return perf_parse_id(value, &id) ? NULL : "--pid wants a process id (a number)";
}

#define AT(field) offsetof(struct perf_opts, field)

static const struct format_opt select_opts[] = {
	{"pid", "PID", "only the samples of process PID", FOPT_TEXT, AT(pid), .check = check_pid},
	{"thread", "T", "only thread T: a thread id, or a regex of thread names (comm)", FOPT_TEXT, AT(thread)},
	{NULL},
};

static const struct format_opt event_opts[] = {
	{"event", "NAME", "only the samples of event NAME when several were recorded (as the Events line "
	 "names them)", FOPT_TEXT, AT(event)},
	{NULL},
};

/* --metric M: the views' metrics, the last two where the recording has context-switch records
 * (the views refuse them elsewhere) */
static bool metric_known(const char *name)
{
	for (const char *const *m = samply_metric_names(); *m; m++)
		if (strcmp(*m, name) == 0)
			return true;
	return false;
}

static const struct format_opt metric_opts[] = {
	{"metric", "M", "weight by cpu (default), samples, weight, oncpu or offcpu (the last two from "
	 "--switch-events)", FOPT_METRIC, .accept = metric_known,
	 .refusal = "--metric wants cpu, samples, weight, oncpu or offcpu, not '%s'"},
	{NULL},
};

static const struct format_opt_group metric_group = {metric_opts};
/* diff takes samply's --pid and --thread, which load() reads too */
static const struct format_opt_group select_group = {select_opts};
static const struct format_opt_group event_group = {event_opts, .diff = true};

const struct input_format perf_format = {
	.name = "perf",
	.command = "perf",
	.label = "a perf.data recording",
	.cli = {
		.summary = "perf record's perf.data (file or pipe mode), read directly",
		.usage = "perf [options] PERF-DATA...",
		.description =
			"The views of `profan samply` on a perf.data: CPU time from the cpu-clock/task-clock sample\n"
			"periods (other events in --metric weight), by library and by your functions, with inline\n"
			"frames and lines. Stacks come from the kernel callchain (-g) or, for --call-graph dwarf, from\n"
			"each sample's copied user stack, unwound with the libraries' CFI. Libraries are found and\n"
			"checked by the build ids perf recorded (--symbol-path as for samply); kernel frames are\n"
			"named with --kallsyms, or from /proc/kallsyms when the recording is of this boot. Lost\n"
			"samples, throttling and samples without a user caller are said in the header. What is read and skipped: docs/perf-format.md.",
		.examples = "  perf record -e cpu-clock -F 1000 --call-graph dwarf -o perf.data -- ./prog\n"
			    "  profan perf perf.data --top 30\n"
			    "  perf record -g -o - -- ./prog | profan perf -\n",
		.groups = {{FORMAT_OPTS_OWN}, {FORMAT_OPTS_BINARY}, {.own = &select_group}, {.own = &event_group},
			   {.own = &samply_view_group}, {.own = &metric_group}, {.own = &samply_alloc_group},
			   {FORMAT_OPTS_SYMBOLS}},
		.opts_size = sizeof(struct perf_opts),
	},
	.binary = "perf",
	.load_binary = load,
	.symbolicate = symbolicate,
	.views = samply_views,
	.recorder = &perf_recorder,
};
