/* cli.c: getopt_long over a command's option groups, --help generated from
 * the same tables, the run through the driver, and writing the report out. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_int.h"
#include "profan/diff.h"
#include "profan/export.h"
#include "profan/progress.h"
#include "profan/regex.h"
#include "profan/render.h"
#include "profan/which.h"

int cli_usage_error(const struct cli_state *st, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* one line, like every diagnostic: the hint goes at its end */
	pf_error("%s: %s; see 'profan %s --help'", st->cmd->name, msg, st->cmd->name);
	return -1;
}

int cli_parse_size(const struct cli_state *st, const char *opt, const char *arg, size_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(arg, &end, 10);
	if (*arg == '\0' || *arg == '-' || *end != '\0' || errno != 0 || v > SIZE_MAX / 2)
		return cli_usage_error(st, "--%s wants a non-negative integer, not '%s'", opt, arg);
	*out = (size_t)v;
	return 0;
}

int cli_check_regex(const struct cli_state *st, const char *opt, const char *arg)
{
	char err[300];
	struct regex *re = regex_compile(arg, err, sizeof(err));
	if (re == NULL)
		return cli_usage_error(st, "--%s: %s", opt, err);
	regex_free(re);
	return 0;
}

/* ---- help ---- */

/* Does one of CMD's own groups have an option called NAME (record's -o is the recording)? */
static bool own_option(const struct cli_command *cmd, const char *name)
{
	for (const struct cli_group *const *g = cmd ? cmd->own : NULL; g && *g; g++)
		for (const struct cli_opt *o = (*g)->opts; o->name; o++)
			if (strcmp(o->name, name) == 0)
				return true;
	return false;
}

/* OPTS for --help; SHADOW: leave out those CMD's own groups have. */
static void print_opts(FILE *out, const struct cli_opt *opts, const struct cli_command *shadow)
{
	for (const struct cli_opt *o = opts; o && o->name; o++) {
		if (own_option(shadow, o->name))
			continue;
		char lhs[64], shortname[8] = "    ";
		if (o->val > 0 && o->val < 0x80)
			snprintf(shortname, sizeof(shortname), "-%c, ", o->val);
		snprintf(lhs, sizeof(lhs), "%s--%s%s%s", shortname, o->name,
			 o->arg && o->has_arg == required_argument ? " " : "", o->arg ? o->arg : "");
		fprintf(out, "  %-26s %s\n", lhs, o->help);
	}
}

static void print_help(FILE *out, const struct cli_command *cmd)
{
	fprintf(out, "Usage: profan %s\n\n%s\n", cmd->usage, cmd->summary);
	if (cmd->description)
		fprintf(out, "\n%s\n", cmd->description);
	fprintf(out, "\nOptions:\n");
	for (const struct cli_group *const *g = cmd->own; *g; g++)
		print_opts(out, (*g)->opts, NULL);
	fprintf(out, "\nCommon options:\n");
	print_opts(out, cli_common_group.opts, cmd);
	fprintf(out, "\nFilters, trees and exports (filters apply in the order given):\n");
	print_opts(out, cli_analysis_group.opts, cmd);
	if (cmd->examples)
		fprintf(out, "\nExamples:\n%s", cmd->examples);
	if (cmd->kind == CLI_AB || cmd->format == NULL)
		fprintf(out, "\nExit status: 0 ok, 1 unreadable or malformed input or write error, 2 usage error, 3 "
			     "slower with --fail-on-change.\n");
	else
		fprintf(out, "\nExit status: 0 ok, 1 unreadable or malformed input or write error, 2 usage error.\n");
}

static void print_usage(FILE *out)
{
	fprintf(out, "Usage: profan COMMAND [options] PROFILE...\n\n"
		     "Reads a profile, symbolicates it where needed, and prints where the time or memory went.\n\n"
		     "Commands:\n");
	const struct cli_command *const *cmds = cli_command_list();
	for (size_t i = 0; cmds[i]; i++)
		fprintf(out, "  %-9s %s\n", cmds[i]->name, cmds[i]->summary);
	fprintf(out, "\nOptions:\n"
		     "  -h, --help     this text\n"
		     "  -V, --version  print profan's version\n"
		     "\nRun 'profan COMMAND --help' for the options and examples of one command.\n"
		     "Input may be plain or gzip-compressed JSON; '-' reads standard input.\n"
		     "Exit status: 0 ok, 1 unreadable or malformed input or write error, 2 usage error.\n");
}

/* ---- parsing ---- */

enum parse_result { PARSE_OK, PARSE_DONE /* --help printed: exit 0 */, PARSE_USAGE /* exit 2 */ };

/* NO_COLOR set to anything but "" turns auto color off (no-color.org). */
static bool no_color(void)
{
	const char *v = getenv("NO_COLOR");
	return v != NULL && *v != '\0';
}

static bool term_is_dumb(void)
{
	const char *term = getenv("TERM");
	return term != NULL && strcmp(term, "dumb") == 0;
}

#define MAX_GROUPS 12

/* The command's groups: its own, then the common and analysis ones. */
static size_t command_groups(const struct cli_command *cmd, const struct cli_group **out)
{
	size_t n = 0;
	for (const struct cli_group *const *g = cmd->own; *g && n < MAX_GROUPS - 2; g++)
		out[n++] = *g;
	out[n++] = &cli_common_group;
	out[n++] = &cli_analysis_group;
	return n;
}

/* Does the option value VALUE (a --base file) lie in word W, as "--base W" or "--base=W"? */
static bool value_in_word(const char *value, const char *w)
{
	return value == w || (value > w && value <= w + strlen(w) && value[-1] == '=');
}

/* How diff's arms were written, from the words as given (ORIG) and the PROFILEs getopt
 * left (ARGS, in their order), before getopt permuted them: st->before_dashdash and
 * st->base_followed (cli.h). TERM: the "--" that ended the options, or NULL. */
static void arms_as_written(struct cli_state *st, char **orig, int argc, char **args, size_t nargs,
			    const char *term)
{
	bool *positional = xcalloc((size_t)argc + 1, sizeof(*positional));
	size_t j = 0;
	st->before_dashdash = SIZE_MAX;
	for (size_t i = 0; i < nargs; i++) { /* getopt keeps the PROFILEs' relative order */
		while (j < (size_t)argc && orig[j] != args[i]) {
			if (term != NULL && orig[j] == term && st->before_dashdash == SIZE_MAX)
				st->before_dashdash = i;
			j++;
		}
		if (j < (size_t)argc)
			positional[j++] = true;
	}
	if (term != NULL && st->before_dashdash == SIZE_MAX)
		st->before_dashdash = nargs;
	/* a file right after a --base value: `--base A1 A2 A3 B1` (a glob) reads as one base
	 * run unless the --base is the last of several (the repeated form) */
	st->base_followed = false;
	for (size_t b = 0; b < st->base.len; b++) {
		for (j = 1; j + 1 < (size_t)argc; j++)
			if (value_in_word(st->base.items[b], orig[j]))
				break;
		bool last = b + 1 == st->base.len;
		if (j + 1 < (size_t)argc && positional[j + 1] && (!last || (st->base.len == 1 && nargs >= 2)))
			st->base_followed = true;
	}
	free(positional);
}

static enum parse_result parse(struct cli_state *st, int argc, char **argv, int *first_arg)
{
	char **orig = xreallocarray(NULL, (size_t)argc + 1, sizeof(*orig)); /* before getopt permutes */
	memcpy(orig, argv, (size_t)argc * sizeof(*orig));
	const char *value_dashdash = NULL; /* "--" given as an option's value, not as the end of options */
	const struct cli_group *groups[MAX_GROUPS];
	size_t ngroups = command_groups(st->cmd, groups), nopts = 0;
	for (size_t g = 0; g < ngroups; g++)
		for (const struct cli_opt *o = groups[g]->opts; o->name; o++)
			nopts++;
	struct option *longopts = xcalloc(nopts + 1, sizeof(*longopts));
	const struct cli_group **group_of = xcalloc(nopts + 1, sizeof(*group_of));
	/* permute: options may follow the PROFILE, as users type them; record's program's own
	 * options stay its: the first word that is not an option ends profan's */
	char shortopts[64] = ":";
	if (st->cmd->kind == CLI_RECORD)
		memcpy(shortopts, "+:", 3);
	size_t sl = strlen(shortopts), k = 0;
	for (size_t g = 0; g < ngroups; g++)
		for (const struct cli_opt *o = groups[g]->opts; o->name; o++) {
			if (g + 2 >= ngroups && own_option(st->cmd, o->name))
				continue; /* a common option the command's own shadows (record's -o) */
			group_of[k] = groups[g];
			longopts[k++] = (struct option){o->name, o->has_arg, NULL, o->val};
			if (o->val > 0 && o->val < 0x80 && sl + 3 < sizeof(shortopts)) {
				shortopts[sl++] = (char)o->val;
				if (o->has_arg == required_argument)
					shortopts[sl++] = ':';
			}
		}
	shortopts[sl] = '\0';
	enum parse_result res = PARSE_OK;
	optind = 0; /* full reinitialisation: a process may parse several command lines (tests) */
	opterr = 0;
	int c, li = -1;
	while (res == PARSE_OK && (c = getopt_long(argc, argv, shortopts, longopts, &li)) != -1) {
		const struct cli_group *group = NULL;
		if (li >= 0) {
			group = group_of[li];
		} else if (c > 0 && c < 0x80 && c != '?' && c != ':') { /* a short option: its group */
			for (size_t i = 0; i < nopts && group == NULL; i++)
				if (longopts[i].val == c)
					group = group_of[i];
		}
		li = -1;
		if (optarg != NULL && strcmp(optarg, "--") == 0)
			value_dashdash = optarg;
		st->next_arg = optind < argc ? argv[optind] : NULL;
		st->took_next = false;
		if (c == 'h' && group == &cli_common_group) {
			print_help(stdout, st->cmd);
			res = PARSE_DONE;
		} else if (group != NULL) {
			if ((group->decl ? cli_handle_declared(st, group, c, optarg) : group->handle(st, c, optarg)) < 0)
				res = PARSE_USAGE;
			else if (st->took_next)
				optind++; /* as getopt does for a required value */
		} else if (c == ':') {
			cli_usage_error(st, "option '%s' needs a value", argv[optind - 1]);
			res = PARSE_USAGE;
		} else if (optopt > 0 && optopt < 0x80) {
			cli_usage_error(st, "unknown option '-%c'", optopt);
			res = PARSE_USAGE;
		} else {
			cli_usage_error(st, "unknown option '%s'", argv[optind - 1]);
			res = PARSE_USAGE;
		}
	}
	free(longopts);
	free(group_of);
	*first_arg = optind;
	if (res == PARSE_OK && st->cmd->format == NULL && st->cmd->kind == CLI_READ) {
		const char *term = optind > 0 && optind <= argc && strcmp(argv[optind - 1], "--") == 0 &&
					   argv[optind - 1] != value_dashdash
				   ? argv[optind - 1]
				   : NULL;
		arms_as_written(st, orig, argc, argv + optind, (size_t)(argc - optind), term);
	}
	free(orig);
	/* TERM=dumb (an editor's shell buffer) shows escape sequences raw: no color, and no
	 * progress line, which needs "erase line" to vanish. */
	bool err_tty = isatty(STDERR_FILENO) && !term_is_dumb();
	/* --color=always is for the report (a pager, a file); a diagnostic is colored only
	 * on a terminal, so a log or a pipe never gets escape sequences */
	pf_set_color(err_tty && (st->color == CLI_COLOR_ALWAYS || (st->color == CLI_COLOR_AUTO && !no_color())));
	progress_enable(res == PARSE_OK && !st->quiet && err_tty);
	return res;
}

/* ---- output ---- */

/* The width to shorten names to: 0 (never) unless OUT is a terminal. COLUMNS, when
 * set, wins over the terminal's own size, as POSIX says and git does. */
static int output_width(FILE *out)
{
	if (!isatty(fileno(out)))
		return 0;
	const char *columns = getenv("COLUMNS");
	if (columns && atoi(columns) > 0)
		return atoi(columns);
	struct winsize ws;
	if (ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 0;
}

/* Can sh run CMD? Only a plain command (a word and its arguments) is looked up: a name
 * with a '/' as it is, else in PATH; anything with shell syntax is left to sh. */
static bool pager_found(const char *cmd)
{
	size_t word = strcspn(cmd, " \t");
	if (word == 0 || strpbrk(cmd, "|&;<>()$`\\\"'*?[#~=%{}\n") != NULL)
		return true;
	char *name = xstrndup(cmd, word);
	static const char *const builtins[] = {"exec", "command", "exit", "eval", ":", "true", "false"};
	bool found = false;
	for (size_t i = 0; i < ARRAY_SIZE(builtins) && !found; i++)
		found = strcmp(name, builtins[i]) == 0;
	if (!found)
		found = which_executable(name);
	free(name);
	return found;
}

/* A report for a terminal goes through a pager, as git does: PROFAN_PAGER, else PAGER,
 * else less (with LESS=FRX unless set: quits when it fits on one screen, keeps colors,
 * leaves the text on the screen). Empty or "cat" means none; so does --no-pager. *CMD
 * gets the command. */
static FILE *pager_open(const struct cli_state *st, const char **cmd)
{
	if (st->no_pager || !isatty(STDOUT_FILENO) || term_is_dumb())
		return NULL;
	const char *pager = getenv("PROFAN_PAGER");
	if (pager == NULL)
		pager = getenv("PAGER");
	if (pager == NULL) /* without less, the report is written out */
		pager = "command -v less >/dev/null 2>&1 && exec less || exec cat";
	if (*pager == '\0' || strcmp(pager, "cat") == 0)
		return NULL;
	*cmd = pager;
	if (!pager_found(pager)) { /* sh would say "not found" and the report would be lost */
		pf_warn("pager '%s' not found: the report goes to standard output", pager);
		return NULL;
	}
	setenv("LESS", "FRX", 0);
	setenv("LV", "-c", 0);
	fflush(stdout);
	FILE *f = popen(pager, "w");
	if (f != NULL) {
		/* the pager owns the terminal now: Ctrl-C is its (less stays, the shell does not
		 * come back under it), and quitting it early is not a write error */
		signal(SIGINT, SIG_IGN);
		signal(SIGPIPE, SIG_IGN);
	}
	return f;
}

/* The report through the pager, kept in memory: a pager that fails (exits non-zero, as
 * `false` does or sh when the command cannot run) has not shown it, and then it goes to
 * stdout after one warning. Quitting early (exit 0, or a signal) is the user's choice. */
static int page(FILE *pager, const char *cmd, const struct cli_state *st, const struct report *r,
		const struct render_opts *ro)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc = mem == NULL ? -1 : st->json ? render_json(mem, r, ro) : render_text(mem, r, ro);
	if (mem != NULL && fclose(mem) != 0)
		rc = -1;
	if (rc < 0) {
		pclose(pager);
		free(text);
		pf_error("<pager>: write error: %s", strerror(errno ? errno : ENOMEM));
		return PF_EXIT_FAIL;
	}
	errno = 0;
	fwrite(text, 1, len, pager);
	fflush(pager);
	int err = errno;
	bool failed = ferror(pager) && err != EPIPE; /* EPIPE: quit early, or never read */
	int status = pclose(pager);
	if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) != 0) {
		pf_warn("pager '%s' exited with status %d: the report goes to standard output", cmd,
			WEXITSTATUS(status));
		bool bad = fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0;
		free(text);
		if (bad) {
			pf_error("<stdout>: write error: %s", strerror(errno ? errno : EIO));
			return PF_EXIT_FAIL;
		}
		return PF_EXIT_OK;
	}
	free(text);
	if (failed) {
		pf_error("<pager>: write error: %s", strerror(err ? err : EIO));
		return PF_EXIT_FAIL;
	}
	return PF_EXIT_OK;
}

/* Whether descriptors A and B are one open file, pipe or terminal (`2>&1`). */
static bool same_file(int a, int b)
{
	struct stat x, y;
	return fstat(a, &x) == 0 && fstat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* Writes the report to -o FILE, a pager or stdout, as text or JSON. Returns an exit code. */
static int emit(const struct cli_state *st, const struct report *r)
{
	struct output *file = NULL;
	FILE *out = stdout;
	if (st->output != NULL && strcmp(st->output, "-") != 0) {
		if ((file = output_open(st->output, "-o")) == NULL)
			return PF_EXIT_FAIL;
		out = file->f;
	}
	/* decided on the real output: a pager shows what the terminal would */
	bool tty = isatty(fileno(out));
	struct render_opts ro = {.top = st->top};
	ro.color = st->color == CLI_COLOR_ALWAYS ||
		   (st->color == CLI_COLOR_AUTO && tty && !no_color() && !term_is_dumb());
	if (!st->wide)
		ro.width = output_width(out);
	/* the warnings went to stderr already: where stderr is read with the report (a terminal, or
	 * `2>&1` into one file or pipe) the report does not repeat them; -q printed none there */
	ro.skip_warnings = file == NULL && !st->quiet &&
			   ((tty && isatty(STDERR_FILENO)) || same_file(fileno(out), STDERR_FILENO));
	const char *cmd = NULL;
	FILE *pager = file == NULL ? pager_open(st, &cmd) : NULL;
	if (pager != NULL)
		return page(pager, cmd, st, r, &ro);
	int rc = st->json ? render_json(out, r, &ro) : render_text(out, r, &ro);
	if (file != NULL) { /* renamed into place only when everything was written */
		if (rc < 0) {
			pf_error("%s: write error: %s", st->output, strerror(errno ? errno : EIO));
			output_abort(file);
			return PF_EXIT_FAIL;
		}
		return output_close(file) < 0 ? PF_EXIT_FAIL : PF_EXIT_OK;
	}
	if (rc < 0 || fflush(out) != 0 || ferror(out)) {
		pf_error("<stdout>: write error: %s", strerror(errno ? errno : EIO));
		return PF_EXIT_FAIL;
	}
	return PF_EXIT_OK;
}

/* -o and the exports must not replace one of the inputs (same device and inode), nor each
 * other: two outputs with one file would leave only the last one written. */
static int check_outputs(const struct cli_state *st, char **args, size_t nargs)
{
	const char *outputs[] = {st->output, st->opts.folded, st->opts.pprof, st->opts.flamegraph};
	static const char *const names[] = {"-o", "--folded", "--pprof", "--flamegraph"};
	char *targets[ARRAY_SIZE(outputs)] = {NULL};
	int rc = 0;
	for (size_t k = 0; k < ARRAY_SIZE(outputs) && rc == 0; k++) {
		if (outputs[k] == NULL)
			continue;
		if (*outputs[k] == '\0') {
			rc = cli_usage_error(st, "%s wants a file name, not ''", names[k]);
			break;
		}
		for (size_t i = 0; i < nargs + st->base.len && rc == 0; i++) {
			const char *in = i < nargs ? args[i] : st->base.items[i - nargs];
			if (output_same_file(outputs[k], in))
				rc = cli_usage_error(st, "%s is an input: refusing to write over it", outputs[k]);
		}
		if (rc != 0 || (k == 0 && strcmp(outputs[k], "-") == 0))
			continue;
		targets[k] = output_target(outputs[k]);
		struct stat sb;
		bool special = stat(targets[k], &sb) == 0 && !S_ISREG(sb.st_mode); /* /dev/null twice is fine */
		for (size_t j = 0; j < k && !special && rc == 0; j++)
			if (targets[j] != NULL && strcmp(targets[j], targets[k]) == 0)
				rc = cli_usage_error(st, "%s and %s both write %s: give each its own file", names[j],
						     names[k], outputs[k]);
	}
	for (size_t k = 0; k < ARRAY_SIZE(outputs); k++)
		free(targets[k]);
	return rc;
}

/* ---- running a command ---- */

static struct pattern_list patterns(const void *items, size_t len)
{
	return (struct pattern_list){.items = items, .count = len};
}

/* Each format's options, zero (its defaults) until an option of its own is given. */
static void format_stores_open(struct cli_state *st)
{
	for (size_t i = 0; i < PROFAN_FORMAT_OPTS_MAX && format_at(i); i++) {
		const struct input_format *f = format_at(i);
		st->format_store[i] = xcalloc(1, f->cli.opts_size ? f->cli.opts_size : 1);
		profan_set_format_opts(&st->opts, f, st->format_store[i]);
	}
}

/* Frees the stores and the pattern lists the declared options grew in them. */
static void format_stores_close(struct cli_state *st)
{
	for (size_t i = 0; i < PROFAN_FORMAT_OPTS_MAX && format_at(i); i++) {
		const struct input_format *f = format_at(i);
		for (size_t g = 0; g < ARRAY_SIZE(f->cli.groups); g++) {
			const struct format_opt_group *own = f->cli.groups[g].own;
			if (own != NULL && own->owner != NULL && own->owner != f)
				continue; /* another format's group: its owner frees what it grew */
			for (const struct format_opt *d = own ? own->opts : NULL; d && d->name; d++)
				if (d->kind == FOPT_PATTERNS)
					free((void *)((struct pattern_list *)((char *)st->format_store[i] + d->offset))->items);
		}
		free(st->format_store[i]);
	}
}

static struct driver_input *inputs_of(char **paths, size_t n)
{
	struct driver_input *in = xcalloc(n ? n : 1, sizeof(*in));
	for (size_t i = 0; i < n; i++)
		in[i].path = paths[i];
	return in;
}

static int run(struct cli_state *st, char **args, size_t nargs)
{
	const struct cli_command *cmd = st->cmd;
	struct profan_opts *o = &st->opts;
	o->symbols.symbol_paths = st->symbol_paths.items;
	o->symbols.symbol_path_count = st->symbol_paths.len;
	o->own.ours = patterns(st->ours.items, st->ours.len);
	o->annotate.source_paths = st->source_paths.items;
	o->annotate.source_path_count = st->source_paths.len;
	o->annotate.prefixes = st->source_prefixes.items;
	o->annotate.prefix_count = st->source_prefixes.len;
	if (st->top_given)
		o->annotate.functions = st->top;
	struct report r;
	report_init(&r);
	int rc;
	size_t ninputs = cmd->kind == CLI_READ ? nargs : 0; /* record's and ab's words are commands */
	if (check_outputs(st, args, ninputs) < 0) {
		rc = PF_EXIT_USAGE;
		goto out;
	}
	size_t stdins = 0;
	for (size_t i = 0; i < ninputs + st->base.len; i++)
		stdins += strcmp(i < ninputs ? args[i] : st->base.items[i - ninputs], "-") == 0;
	if (stdins > 1) { /* the second would read an empty stream */
		cli_usage_error(st, "standard input ('-') is given %zu times; it can be read once", stdins);
		rc = PF_EXIT_USAGE;
		goto out;
	}
	if (cmd->kind == CLI_RECORD) {
		if (nargs == 0) {
			cli_usage_error(st, "no program to record: give it after '--', as in 'profan record -- ./prog'");
			rc = PF_EXIT_USAGE;
			goto out;
		}
		rc = driver_record(o, &st->ab.rec, (const char *const *)args, nargs, &r);
	} else if (cmd->kind == CLI_AB) {
		if (nargs != 2) {
			cli_usage_error(st, "%s: give two commands, each one quoted string: profan ab 'CMD_A' 'CMD_B'",
					nargs < 2 ? "too few commands" : "too many commands");
			rc = PF_EXIT_USAGE;
			goto out;
		}
		st->ab.aa = o->aa; /* ab's --aa runs an A/A first; the A/B itself is no A/A */
		o->aa = false;
		rc = driver_ab(o, &st->ab, args[0], args[1], &r);
	} else if (cmd->format != NULL) {
		if (nargs == 0) {
			cli_usage_error(st, "no PROFILE given");
			rc = PF_EXIT_USAGE;
			goto out;
		}
		struct driver_input *in = inputs_of(args, nargs);
		rc = driver_run(cmd->format, o, in, nargs, &r);
		free(in);
	} else {
		char **base = args, **news = args + 1, **joined = NULL;
		size_t nb = 1, nn = 1;
		/* the arms as written: base files, "--", new files ("-- BASE NEW" only protects names) */
		if (st->before_dashdash != SIZE_MAX && (st->base.len > 0 || st->before_dashdash > 0)) {
			nb = st->base.len + st->before_dashdash;
			nn = nargs - st->before_dashdash;
			joined = xcalloc(nb + 1, sizeof(*joined));
			for (size_t i = 0; i < nb; i++)
				joined[i] = i < st->base.len ? (char *)st->base.items[i] : args[i - st->base.len];
			base = joined;
			news = args + st->before_dashdash;
			if (nb == 0 || nn == 0) {
				cli_usage_error(st, "no %s profile: write the arms as --base A1 A2 -- B1 B2, or "
						    "A1 A2 -- B1 B2", nb == 0 ? "base" : "new");
				free(joined);
				rc = PF_EXIT_USAGE;
				goto out;
			}
		} else if (st->base_followed) {
			cli_usage_error(st, "files follow --base %s directly (a shell glob?), so the arms cannot be told "
					    "apart: write them as --base A1 A2 A3 -- B1 B2 B3 ('--' between the arms), or give "
					    "--base before each base file",
					st->base.items[0]);
			rc = PF_EXIT_USAGE;
			goto out;
		} else if (st->base.len == 0 && nargs != 2) {
			cli_usage_error(st, "give BASE and NEW, --base A1 A2 -- B1 B2, or --base FILE (repeated) and the "
					    "new files");
			rc = PF_EXIT_USAGE;
			goto out;
		} else if (st->base.len > 0) {
			if (nargs == 0) {
				cli_usage_error(st, "no new profile to compare with the --base files");
				rc = PF_EXIT_USAGE;
				goto out;
			}
			base = (char **)st->base.items;
			nb = st->base.len;
			news = args;
			nn = nargs;
		}
		if (o->pprof || o->tree || o->inverted || o->callers || o->callees || o->per_file ||
		    o->annotate.pattern) {
			cli_usage_error(st, "--pprof, trees, --per-file and --annotate work on one side: use them "
					    "with the format's own command");
			free(joined);
			rc = PF_EXIT_USAGE;
			goto out;
		}
		struct driver_input *b = inputs_of(base, nb), *n = inputs_of(news, nn);
		rc = driver_diff(st->format ? format_find(st->format) : NULL, o, b, nb, n, nn, &r);
		free(b);
		free(n);
		free(joined);
	}
	if (rc == PF_EXIT_OK || ((cmd->format == NULL || cmd->kind == CLI_AB) && rc == DIFF_EXIT_SLOWER)) {
		/* the report, then 3 */
		int erc = emit(st, &r);
		rc = erc != PF_EXIT_OK ? erc : rc;
	}
out:
	report_release(&r);
	return rc;
}

static int run_command(const struct cli_command *cmd, int argc, char **argv)
{
	struct cli_state st = {.cmd = cmd, .top = 30};
	profan_opts_init(&st.opts);
	format_stores_open(&st);
	int first, rc;
	switch (parse(&st, argc, argv, &first)) {
	case PARSE_DONE: rc = PF_EXIT_OK; break;
	case PARSE_USAGE: rc = PF_EXIT_USAGE; break;
	case PARSE_OK:
	default:
		if (st.list_metrics) {
			st.list_metrics();
			rc = PF_EXIT_OK;
		} else {
			rc = run(&st, argv + first, (size_t)(argc - first));
		}
		break;
	}
	vec_free(&st.symbol_paths);
	vec_free(&st.ours);
	format_stores_close(&st);
	vec_free(&st.base);
	vec_free(&st.source_paths);
	for (size_t i = 0; i < st.source_prefixes.len; i++) {
		free((char *)st.source_prefixes.items[i].from);
		free((char *)st.source_prefixes.items[i].to);
	}
	vec_free(&st.source_prefixes);
	return rc;
}

/* A full disk or closed pipe must not look like success (jq and perf do the same). */
static int finish_stdout(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (rc == PF_EXIT_OK)
			pf_error("<stdout>: write error: %s", strerror(errno ? errno : EIO));
		return rc == PF_EXIT_OK ? PF_EXIT_FAIL : rc;
	}
	return rc;
}

int cli_main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage(stderr);
		return PF_EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		print_usage(stdout);
		return finish_stdout(PF_EXIT_OK);
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		printf("profan %s\n", PROFAN_VERSION);
		return finish_stdout(PF_EXIT_OK);
	}
	const struct cli_command *const *cmds = cli_command_list();
	for (size_t i = 0; cmds[i]; i++)
		if (strcmp(cmd, cmds[i]->name) == 0)
			return finish_stdout(run_command(cmds[i], argc - 1, argv + 1));
	pf_error("unknown command '%s'; see 'profan --help' for the list of commands", cmd);
	return PF_EXIT_USAGE;
}
