/* option_groups.c: every option profan takes, in groups, and where each one's value
 * goes in struct profan_opts (or the render settings). Commands pick groups
 * (commands.c); the parser and --help read the same tables (cli.c). */
#include <errno.h>
#include <stdio.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_int.h"

/* ---- rendering and the run itself: every command ---- */

enum { OPT_TOP = 0x100, OPT_JSON, OPT_COLOR, OPT_WIDE, OPT_NO_PAGER };

static const struct cli_opt common_opts[] = {
	{"top", required_argument, OPT_TOP, "N", "rows per view (default 30; 0 shows all)"},
	{"json", no_argument, OPT_JSON, NULL, "write the report as JSON (schema in README.md)"},
	{"output", required_argument, 'o', "FILE", "write the report to FILE instead of stdout"},
	{"color", optional_argument, OPT_COLOR, "[=WHEN]", "color: auto (default: on a terminal), always, never"},
	{"wide", no_argument, OPT_WIDE, NULL, "never shorten long names to the terminal width"},
	{"no-pager", no_argument, OPT_NO_PAGER, NULL, "on a terminal, write the report out instead of paging it"},
	{"quiet", no_argument, 'q', NULL, "no warnings or progress on stderr"},
	{"help", no_argument, 'h', NULL, "show this help"},
	{NULL, 0, 0, NULL, NULL},
};

static int handle_common(struct cli_state *st, int val, const char *arg)
{
	switch (val) {
	case OPT_TOP: st->top_given = true; return cli_parse_size(st, "top", arg, &st->top);
	case OPT_JSON: st->json = true; return 0;
	case OPT_WIDE: st->wide = true; return 0;
	case OPT_NO_PAGER: st->no_pager = true; return 0;
	case OPT_COLOR:
		/* "--color never": getopt reads an optional value only after '=', but the
		 * spaced form is what people type; no profile is called auto, always or never */
		if (arg == NULL && st->next_arg != NULL &&
		    (strcmp(st->next_arg, "auto") == 0 || strcmp(st->next_arg, "always") == 0 ||
		     strcmp(st->next_arg, "never") == 0)) {
			arg = st->next_arg;
			st->took_next = true;
		}
		if (arg == NULL || strcmp(arg, "always") == 0)
			st->color = CLI_COLOR_ALWAYS;
		else if (strcmp(arg, "never") == 0)
			st->color = CLI_COLOR_NEVER;
		else if (strcmp(arg, "auto") == 0)
			st->color = CLI_COLOR_AUTO;
		else
			return cli_usage_error(st, "--color wants auto, always or never, not '%s'", arg);
		return 0;
	case 'o': st->output = arg; return 0;
	case 'q':
		st->quiet = true;
		pf_set_quiet(true);
		return 0;
	}
	return -1;
}

const struct cli_group cli_common_group = {common_opts, handle_common};

/* ---- filters, trees and exports: every command ---- */

enum {
	OPT_FOCUS = 0x100,
	OPT_IGNORE,
	OPT_HIDE,
	OPT_ROOT_AT,
	OPT_COLLAPSE_RECURSION,
	OPT_BY,
	OPT_TREE,
	OPT_INVERTED,
	OPT_TREE_THRESHOLD,
	OPT_CALLERS,
	OPT_CALLEES,
	OPT_PER_FILE,
	OPT_FOLDED,
	OPT_PPROF,
	OPT_FLAMEGRAPH,
	OPT_ANNOTATE,
	OPT_SOURCE_PATH,
	OPT_SOURCE_PREFIX,
};

static const struct cli_opt analysis_opts[] = {
	{"focus", required_argument, OPT_FOCUS, "RE", "keep only samples with a function matching RE on the stack"},
	{"ignore", required_argument, OPT_IGNORE, "RE", "drop samples with a function matching RE on the stack"},
	{"hide", required_argument, OPT_HIDE, "RE", "take functions matching RE out of stacks (time goes to callers)"},
	{"root-at", required_argument, OPT_ROOT_AT, "RE", "start stacks at the outermost function matching RE"},
	{"collapse-recursion", no_argument, OPT_COLLAPSE_RECURSION, NULL, "fold direct recursion f > f > f into f"},
	{"by", required_argument, OPT_BY, "G", "group by function (default), file, line or lib"},
	{"tree", no_argument, OPT_TREE, NULL, "add the top-down call tree"},
	{"inverted", no_argument, OPT_INVERTED, NULL, "add the bottom-up tree: hot functions and their callers"},
	{"tree-threshold", required_argument, OPT_TREE_THRESHOLD, "PCT", "fold tree lines under PCT% (default 0.5)"},
	{"callers", required_argument, OPT_CALLERS, "FN", "who calls the functions matching FN (a regex)"},
	{"callees", required_argument, OPT_CALLEES, "FN", "what the functions matching FN call"},
	{"per-file", no_argument, OPT_PER_FILE, NULL, "with several inputs: shares per file, min/median/max"},
	{"folded", required_argument, OPT_FOLDED, "FILE", "write collapsed stacks (flamegraph.pl, inferno)"},
	{"pprof", required_argument, OPT_PPROF, "FILE", "write gzipped profile.proto for go tool pprof"},
	{"flamegraph", required_argument, OPT_FLAMEGRAPH, "FILE", "write an interactive SVG flame graph"},
	{"annotate", required_argument, OPT_ANNOTATE, "RE",
	 "source lines of the hottest functions matching RE (5; --top N)"},
	{"source-path", required_argument, OPT_SOURCE_PATH, "DIR",
	 "also look for source files under DIR (repeatable)"},
	{"source-prefix", required_argument, OPT_SOURCE_PREFIX, "OLD=NEW",
	 "read sources recorded under OLD from NEW (repeatable)"},
	{NULL, 0, 0, NULL, NULL},
};

int cli_add_step(struct cli_state *st, enum transform_kind kind, const char *pattern)
{
	struct profan_opts *o = &st->opts;
	if (o->step_count == TRANSFORM_MAX_STEPS)
		return cli_usage_error(st, "more than %d filters", TRANSFORM_MAX_STEPS);
	if (pattern && cli_check_regex(st, transform_kind_name(kind), pattern) < 0)
		return -1;
	o->steps[o->step_count++] = (struct transform_step){.kind = kind, .pattern = pattern};
	return 0;
}

static int handle_analysis(struct cli_state *st, int val, const char *arg)
{
	struct profan_opts *o = &st->opts;
	switch (val) {
	case OPT_FOCUS: return cli_add_step(st, TRANSFORM_FOCUS, arg);
	case OPT_IGNORE: return cli_add_step(st, TRANSFORM_IGNORE, arg);
	case OPT_HIDE: return cli_add_step(st, TRANSFORM_HIDE, arg);
	case OPT_ROOT_AT: return cli_add_step(st, TRANSFORM_ROOT_AT, arg);
	case OPT_COLLAPSE_RECURSION: return cli_add_step(st, TRANSFORM_COLLAPSE_RECURSION, NULL);
	case OPT_BY: {
		enum transform_by by;
		if (transform_by_parse(arg, &by) < 0)
			return cli_usage_error(st, "--by wants function, file, line or lib, not '%s'", arg);
		if (cli_add_step(st, TRANSFORM_BY, NULL) < 0)
			return -1;
		o->steps[o->step_count - 1].by = by;
		return 0;
	}
	case OPT_TREE: o->tree = true; return 0;
	case OPT_INVERTED: o->inverted = true; return 0;
	case OPT_TREE_THRESHOLD: {
		char *end;
		errno = 0;
		double v = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || errno || !(v >= 0 && v <= 100))
			return cli_usage_error(st, "--tree-threshold wants a percentage from 0 to 100, not '%s'", arg);
		o->tree_threshold = v;
		return 0;
	}
	case OPT_CALLERS:
	case OPT_CALLEES:
		if (cli_check_regex(st, val == OPT_CALLERS ? "callers" : "callees", arg) < 0)
			return -1;
		*(val == OPT_CALLERS ? &o->callers : &o->callees) = arg;
		return 0;
	case OPT_PER_FILE: o->per_file = true; return 0;
	case OPT_FOLDED: o->folded = arg; return 0;
	case OPT_PPROF: o->pprof = arg; return 0;
	case OPT_FLAMEGRAPH: o->flamegraph = arg; return 0;
	case OPT_ANNOTATE:
		if (cli_check_regex(st, "annotate", arg) < 0)
			return -1;
		o->annotate.pattern = arg;
		return 0;
	case OPT_SOURCE_PATH:
		if (access(arg, R_OK | X_OK) != 0)
			pf_warn("--source-path %s: %s", arg, strerror(errno));
		vec_push(&st->source_paths, arg);
		return 0;
	case OPT_SOURCE_PREFIX: {
		const char *eq = strchr(arg, '=');
		if (eq == NULL || eq == arg)
			return cli_usage_error(st, "--source-prefix wants OLD=NEW, not '%s'", arg);
		/* the option's text is argv's: the two halves are copies kept with the state */
		struct source_prefix sp = {.from = xstrndup(arg, (size_t)(eq - arg)), .to = xstrdup(eq + 1)};
		vec_push(&st->source_prefixes, sp);
		return 0;
	}
	}
	return -1;
}

const struct cli_group cli_analysis_group = {analysis_opts, handle_analysis};

/* ---- native symbols: the formats that ask for them, diff ---- */

enum { OPT_SYMBOL_PATH = 0x100, OPT_KALLSYMS, OPT_NO_INLINE, OPT_NO_SYMBOLS, OPT_NO_SIDECAR };

static const struct cli_opt symbol_opts[] = {
	{"symbol-path", required_argument, OPT_SYMBOL_PATH, "PATH",
	 "also look for binaries and debug files in PATH, a directory or the file itself (repeatable; also "
	 "$PROFAN_SYMBOL_PATH)"},
	{"kallsyms", required_argument, OPT_KALLSYMS, "FILE", "name kernel frames from a copy of /proc/kallsyms"},
	{"no-inline", no_argument, OPT_NO_INLINE, NULL, "charge inlined code to the function it was inlined into"},
	{"no-symbols", no_argument, OPT_NO_SYMBOLS, NULL, "read no symbol files: native frames stay LIB+0xADDR"},
	{"no-sidecar", no_argument, OPT_NO_SIDECAR, NULL, "ignore a .syms.json file beside the profile"},
	{"verbose", no_argument, 'v', NULL, "list every path tried for each library's symbols, the file used, and whose code each library is (--explain-ownership)"},
	{NULL, 0, 0, NULL, NULL},
};

static int handle_symbols(struct cli_state *st, int val, const char *arg)
{
	struct profan_opts *o = &st->opts;
	struct stat sb;
	switch (val) {
	case OPT_SYMBOL_PATH:
		/* a typo here would silently leave every frame unsymbolicated; a file (the binary
		 * itself) needs reading, a directory searching */
		if (access(arg, R_OK) != 0 || (stat(arg, &sb) == 0 && S_ISDIR(sb.st_mode) && access(arg, X_OK) != 0))
			pf_warn("--symbol-path %s: %s", arg, strerror(errno));
		vec_push(&st->symbol_paths, arg);
		return 0;
	case OPT_KALLSYMS: o->symbols.kallsyms = arg; return 0;
	case OPT_NO_INLINE: o->symbols.no_inline = true; return 0;
	case OPT_NO_SYMBOLS: o->no_symbols = true; return 0;
	case OPT_NO_SIDECAR: o->no_sidecar = true; return 0;
	case 'v':
		o->symbols.verbose = true;
		o->own.explain = true;
		pf_set_verbose(true);
		return 0;
	}
	return -1;
}

const struct cli_group cli_symbol_group = {symbol_opts, handle_symbols};

/* ---- whose code is yours: every command ---- */

enum { OPT_OURS = 0x100, OPT_FULL_PATHS, OPT_EXPLAIN };

static const struct cli_opt own_opts[] = {
	{"ours", required_argument, OPT_OURS, "RE",
	 "your code: exactly the functions whose name, file or library RE finds (repeatable)"},
	{"full-paths", no_argument, OPT_FULL_PATHS, NULL, "show source files whole (default: core/src/..., src/main.rs)"},
	{"explain-ownership", no_argument, OPT_EXPLAIN, NULL,
	 "list each library and package: whose code it is and the rule that decided"},
	{NULL, 0, 0, NULL, NULL},
};

static int handle_own(struct cli_state *st, int val, const char *arg)
{
	switch (val) {
	case OPT_OURS:
		if (cli_check_regex(st, "ours", arg) < 0)
			return -1;
		vec_push(&st->ours, arg);
		return 0;
	case OPT_FULL_PATHS: st->opts.own.full_paths = true; return 0;
	case OPT_EXPLAIN: st->opts.own.explain = true; return 0;
	}
	return -1;
}

const struct cli_group cli_own_group = {own_opts, handle_own};

/* ---- which binary is the program: the formats that ask for it, diff ---- */

enum { OPT_BINARY = 0x100 };

static const struct cli_opt binary_opts[] = {
	{"binary", required_argument, OPT_BINARY, "NAME",
	 "your program's binary (default: meta.product or the busiest process; of a build, the program it ran; DHAT: the command's)"},
	{NULL, 0, 0, NULL, NULL},
};

static int handle_binary(struct cli_state *st, int val, const char *arg)
{
	if (val != OPT_BINARY)
		return -1;
	st->opts.own.binary = arg;
	return 0;
}

const struct cli_group cli_binary_group = {binary_opts, handle_binary};

/* ---- profan diff ---- */

enum {
	OPT_BASE = 0x100,
	OPT_FORMAT,
	OPT_DIFF_METRIC,
	OPT_MEDIAN,
	OPT_CONFIDENCE,
	OPT_AA,
	OPT_MATCH,
	OPT_ORDER,
	OPT_FAIL_ON_CHANGE,
};

static struct cli_opt diff_opts[] = { /* --format's help is the registry's: cli_diff_help_init() */
	{"base", required_argument, OPT_BASE, "FILE",
	 "a base run: --base A1 A2 -- B1 B2 (the files before '--' are base runs too), or repeated "
	 "(--base A1 --base A2 B1 B2)"},
	{"format", required_argument, OPT_FORMAT, "F", NULL /* the formats' commands: cli_diff_help() */},
	{"metric", required_argument, OPT_DIFF_METRIC, "M", "compare metric M (default: the profile's own)"},
	{"confidence", required_argument, OPT_CONFIDENCE, "PCT",
	 "confidence of a \"changed\" verdict, 50 to 99.9 (default 95)"},
	{"order", required_argument, OPT_ORDER, "AB..",
	 "the arms in the order the runs were made, A base, B new (e.g. ABBAABBA)"},
	{"aa", no_argument, OPT_AA, NULL, "both arms are one configuration: count the false positives"},
	{"match", required_argument, OPT_MATCH, "BY",
	 "functions are the same by name (and library; default) or by file (and line too)"},
	{"fail-on-change", optional_argument, OPT_FAIL_ON_CHANGE, "[=PCT]",
	 "exit 3 when the total or a function of yours got slower (DHAT: bigger) beyond noise, by PCT% or "
	 "more (also '--fail-on-change 10': a word that reads as a number)"},
	{"median", no_argument, OPT_MEDIAN, NULL, "each arm's median share (the default; kept for scripts)"},
	{NULL, 0, 0, NULL, NULL},
};

/* A word that reads as a percentage: digits with at most one '.', and a '%' at the end or not. */
static bool reads_as_percent(const char *w)
{
	size_t digits = 0, dots = 0, i = 0;
	for (; w[i] != '\0' && w[i] != '%'; i++) {
		if (w[i] >= '0' && w[i] <= '9')
			digits++;
		else if (w[i] == '.')
			dots++;
		else
			return false;
	}
	return digits > 0 && dots <= 1 && (w[i] == '\0' || w[i + 1] == '\0');
}

static int handle_diff(struct cli_state *st, int val, const char *arg)
{
	switch (val) {
	case OPT_BASE: vec_push(&st->base, arg); return 0;
	case OPT_FORMAT:
		if (format_find(arg) == NULL)
			return cli_usage_error(st, "--format wants %s, not '%s'", format_commands(), arg);
		st->format = arg;
		return 0;
	case OPT_DIFF_METRIC: st->opts.metric = arg; return 0;
	case OPT_MEDIAN: return 0; /* medians are what diff compares now */
	case OPT_CONFIDENCE: {
		char *end;
		errno = 0;
		double v = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || errno || !(v >= 50 && v <= 99.9))
			return cli_usage_error(st, "--confidence wants a percentage from 50 to 99.9, not '%s'", arg);
		st->opts.confidence = v / 100;
		return 0;
	}
	case OPT_AA: st->opts.aa = true; return 0;
	case OPT_MATCH:
		if (strcmp(arg, "name") == 0 || strcmp(arg, "file") == 0) {
			st->opts.match_file = strcmp(arg, "file") == 0;
			return 0;
		}
		return cli_usage_error(st, "--match wants name or file, not '%s'", arg);
	case OPT_ORDER: st->opts.order = arg; return 0;
	case OPT_FAIL_ON_CHANGE: {
		/* "--fail-on-change 10": the next word is PCT when it reads as one; a file of that
		 * name makes it ambiguous (docs/diff.md, "A CI gate") */
		const char *w = st->next_arg;
		if (arg == NULL && w != NULL && reads_as_percent(w)) {
			struct stat sb;
			if (stat(w, &sb) == 0)
				return cli_usage_error(st,
						       "--fail-on-change %s: '%s' is a percentage and a file: "
						       "write --fail-on-change=%s for the percentage, "
						       "./%s for the file", w, w, w, w);
			arg = w;
			st->took_next = true;
		}
		st->opts.fail_on_change = true;
		st->opts.fail_pct = 0;
		if (arg == NULL)
			return 0;
		char *end;
		errno = 0;
		double v = strtod(arg, &end);
		if (*end == '%')
			end++;
		if (*arg == '\0' || *end != '\0' || errno || !(v >= 0 && v <= 1000))
			return cli_usage_error(st, "--fail-on-change wants a percentage from 0 to 1000, not '%s'", arg);
		st->opts.fail_pct = v;
		return 0;
	}
	}
	return -1;
}

const struct cli_group cli_diff_group = {diff_opts, handle_diff};

/* profan ab takes diff's verdict options, these rows of diff_opts in this order (the arms, their
 * order and the format are its own); HELP, when given, says what the option means for ab. */
static const struct {
	int val;
	const char *help;
} ab_diff_rows[] = {
	{OPT_AA, "first run A against itself (also A B B A): how many rows the noise moves"},
	{OPT_DIFF_METRIC, NULL},
	{OPT_CONFIDENCE, NULL},
	{OPT_MATCH, NULL},
	{OPT_FAIL_ON_CHANGE,
	 "exit 3 when the total or a function of yours got slower beyond noise, by PCT% or more"},
};
static struct cli_opt ab_diff_opts[ARRAY_SIZE(ab_diff_rows) + 1]; /* from diff_opts: cli_diff_help_init() */

const struct cli_group cli_ab_diff_group = {ab_diff_opts, handle_diff};

/* ---- profan record and profan ab: the sampler ---- */

enum { OPT_CALL_GRAPH = 0x100, OPT_FREQ, OPT_RUNS, OPT_WARMUP, OPT_KEEP };

static struct cli_opt record_opts[] = { /* -o's help names the sampler's file: cli_record_help_init() */
	{"output", required_argument, 'o', "FILE", NULL},
	{"call-graph", required_argument, OPT_CALL_GRAPH, "HOW",
	 "stacks by dwarf (default: unwound from copied stacks) or fp (frame pointers)"},
	{"freq", required_argument, OPT_FREQ, "HZ", "samples per second of CPU time (default 1000)"},
	{NULL, 0, 0, NULL, NULL},
};

static const struct cli_opt ab_opts[] = {
	{"runs", required_argument, OPT_RUNS, "N",
	 "recorded runs of each command (default 5; 1 for an exact sampler)"},
	{"warmup", required_argument, OPT_WARMUP, "W", "unrecorded runs of each command first (default 0)"},
	{"keep", required_argument, OPT_KEEP, "DIR",
	 "keep the recordings in DIR (a-01.data, b-01.data, ...; another sampler's suffix)"},
	{"call-graph", required_argument, OPT_CALL_GRAPH, "HOW",
	 "stacks by dwarf (default: unwound from copied stacks) or fp (frame pointers)"},
	{"freq", required_argument, OPT_FREQ, "HZ", "samples per second of CPU time (default 1000)"},
	{NULL, 0, 0, NULL, NULL},
};

static int handle_sampler(struct cli_state *st, int val, const char *arg)
{
	struct ab_opts *ab = &st->ab;
	size_t v;
	switch (val) {
	case 'o':
		if (*arg == '\0')
			return cli_usage_error(st, "-o wants a file name, not ''");
		ab->rec.output = arg;
		return 0;
	case OPT_CALL_GRAPH:
		if (strcmp(arg, "dwarf") != 0 && strcmp(arg, "fp") != 0)
			return cli_usage_error(st, "--call-graph wants dwarf or fp, not '%s'", arg);
		ab->rec.call_graph = arg;
		return 0;
	case OPT_FREQ:
		if (cli_parse_size(st, "freq", arg, &v) < 0)
			return -1;
		if (v < 1 || v > 100000)
			return cli_usage_error(st, "--freq wants 1 to 100000 samples per second, not '%s'", arg);
		ab->rec.freq = (unsigned)v;
		return 0;
	case OPT_RUNS:
		if (cli_parse_size(st, "runs", arg, &v) < 0)
			return -1;
		if (v < 1 || v > 1000)
			return cli_usage_error(st, "--runs wants 1 to 1000 runs per command, not '%s'", arg);
		ab->runs = v;
		return 0;
	case OPT_WARMUP:
		if (cli_parse_size(st, "warmup", arg, &v) < 0)
			return -1;
		if (v > 1000)
			return cli_usage_error(st, "--warmup wants 0 to 1000 runs per command, not '%s'", arg);
		ab->warmup = v;
		return 0;
	case OPT_KEEP:
		if (*arg == '\0')
			return cli_usage_error(st, "--keep wants a directory, not ''");
		ab->keep = arg;
		return 0;
	}
	return -1;
}

const struct cli_group cli_record_group = {record_opts, handle_sampler};

void cli_record_help_init(const char *default_output)
{
	static char help[200];
	size_t len = (size_t)snprintf(help, sizeof(help), "the recording to write and keep (default %s",
				      default_output);
	for (size_t i = 0; format_at(i) != NULL && len + 2 < sizeof(help); i++) {
		const struct format_recorder *rec = format_at(i)->recorder;
		if (rec != NULL && rec->choice != NULL) {
			int k = snprintf(help + len, sizeof(help) - len, "; --%s: %s", format_command(format_at(i)),
					 rec->default_output);
			len += k > 0 ? (size_t)k : 0;
		}
	}
	if (len + 2 < sizeof(help))
		memcpy(help + len, ")", 2);
	record_opts[0].help = help;
}
const struct cli_group cli_ab_group = {ab_opts, handle_sampler};

/* --COMMAND for each format whose recorder is not the default one: records with that sampler. */
enum { OPT_SAMPLER = 0x180, MAX_SAMPLERS = 8 };
static struct cli_opt choice_opts[MAX_SAMPLERS + 1];

static int handle_choice(struct cli_state *st, int val, const char *arg)
{
	(void)arg;
	const struct input_format *f = format_at((size_t)(val - OPT_SAMPLER));
	if (st->ab.rec.format != NULL && st->ab.rec.format != f)
		return cli_usage_error(st, "--%s and --%s: give one sampler", format_command(st->ab.rec.format),
				       format_command(f));
	st->ab.rec.format = f;
	return 0;
}

static struct cli_group choice_group = {choice_opts, handle_choice};

const struct cli_group *cli_sampler_choice_group(void)
{
	if (choice_opts[0].name != NULL)
		return &choice_group;
	size_t n = 0;
	for (size_t i = 0; n < MAX_SAMPLERS && format_at(i) != NULL; i++) {
		const struct format_recorder *rec = format_at(i)->recorder;
		if (rec != NULL && rec->choice != NULL)
			choice_opts[n++] = (struct cli_opt){format_command(format_at(i)), no_argument,
							    OPT_SAMPLER + (int)i, NULL, rec->choice};
	}
	return n ? &choice_group : NULL;
}

void cli_diff_help_init(void)
{
	static char help[300];
	snprintf(help, sizeof(help), "%s (default: recognised)", format_commands());
	for (struct cli_opt *o = diff_opts; o->name; o++)
		if (o->val == OPT_FORMAT)
			o->help = help;
	for (size_t i = 0; i < ARRAY_SIZE(ab_diff_rows); i++) {
		const struct cli_opt *o = diff_opts;
		while (o->val != ab_diff_rows[i].val)
			o++;
		ab_diff_opts[i] = *o;
		if (ab_diff_rows[i].help != NULL)
			ab_diff_opts[i].help = ab_diff_rows[i].help;
	}
}

/* ---- a format's own groups, from its declared data (format.h) ---- */

/* Appends VALUE to the pattern list at L (its items are the state's: run_command frees them). */
static void add_pattern(struct pattern_list *l, const char *value)
{
	const char **items = xrealloc((void *)l->items, (l->count + 1) * sizeof(*items));
	items[l->count] = value;
	l->items = items;
	l->count++;
}

int cli_handle_declared(struct cli_state *st, const struct cli_group *g, int val, const char *arg)
{
	const struct format_opt *d = &g->decl[val - 0x100];
	void *store = (void *)profan_format_opts(&st->opts, g->format);
	char *at = (char *)store + d->offset;
	switch (d->kind) {
	case FOPT_FLAG: *(bool *)at = true; break;
	case FOPT_REGEX:
		if (cli_check_regex(st, d->name, arg) < 0)
			return -1;
		/* fall through */
	case FOPT_TEXT: *(const char **)at = arg; break;
	case FOPT_SIZE:
		if (cli_parse_size(st, d->name, arg, (size_t *)at) < 0)
			return -1;
		break;
	case FOPT_CHOICE: {
		int i = 0;
		while (d->choices[i] && strcmp(d->choices[i], arg) != 0)
			i++;
		if (d->choices[i] == NULL)
			return cli_usage_error(st, d->refusal, arg);
		memcpy(at, &i, sizeof(i));
		break;
	}
	case FOPT_PATTERNS:
		if (cli_check_regex(st, d->name, arg) < 0)
			return -1;
		add_pattern((struct pattern_list *)at, arg);
		break;
	case FOPT_METRIC:
		if (d->list && strcmp(arg, "list") == 0) {
			st->list_metrics = d->list;
			return 0;
		}
		if (!d->accept(arg))
			return cli_usage_error(st, d->refusal, arg);
		st->opts.metric = arg;
		return 0;
	case FOPT_FOCUS:
		if (cli_add_step(st, TRANSFORM_FOCUS, arg) < 0)
			return -1;
		st->opts.steps[st->opts.step_count - 1].option = d->name;
		return 0;
	}
	const char *bad = d->check ? d->check(store, arg) : NULL;
	return bad ? cli_usage_error(st, "%s", bad) : 0;
}
