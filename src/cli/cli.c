/* cli.c: getopt_long over a subcommand's option table plus the common options,
 * --help generated from the same tables, and writing the report out. */
#include "profan/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "profan/progress.h"

enum { OPT_TOP = 0x1000, OPT_JSON, OPT_COLOR, OPT_WIDE };

static const struct cli_opt common_opts[] = {
	{"top", required_argument, OPT_TOP, "N", "rows per view (default 30; 0 shows all)"},
	{"json", no_argument, OPT_JSON, NULL, "write the report as JSON (schema in README.md)"},
	{"output", required_argument, 'o', "FILE", "write the report to FILE instead of stdout"},
	{"color", optional_argument, OPT_COLOR, "[=WHEN]", "color: auto (default: on a terminal), always, never"},
	{"wide", no_argument, OPT_WIDE, NULL, "never shorten long names to the terminal width"},
	{"quiet", no_argument, 'q', NULL, "no warnings or progress on stderr"},
	{"help", no_argument, 'h', NULL, "show this help"},
	{NULL, 0, 0, NULL, NULL},
};

/* A subcommand's own option shadows a pipeline option of the same name (dhat's --tree). */
static bool shadowed(const struct cli_command *cmd, const struct cli_opt *o, const struct cli_opt *set)
{
	if (set != pipeline_cli_options())
		return false;
	for (const struct cli_opt *c = cmd->opts; c && c->name; c++)
		if (strcmp(c->name, o->name) == 0)
			return true;
	return false;
}

static void print_opts(FILE *out, const struct cli_command *cmd, const struct cli_opt *opts)
{
	for (const struct cli_opt *o = opts; o && o->name; o++) {
		if (shadowed(cmd, o, opts))
			continue;
		char lhs[64], shortname[8] = "    ";
		if (o->val > 0 && o->val < 0x80)
			snprintf(shortname, sizeof(shortname), "-%c, ", o->val);
		snprintf(lhs, sizeof(lhs), "%s--%s%s%s", shortname, o->name,
			 o->arg && o->has_arg == required_argument ? " " : "", o->arg ? o->arg : "");
		fprintf(out, "  %-26s %s\n", lhs, o->help);
	}
}

void cli_print_help(FILE *out, const struct cli_command *cmd)
{
	fprintf(out, "Usage: profan %s\n\n%s\n", cmd->usage, cmd->summary);
	if (cmd->description)
		fprintf(out, "\n%s\n", cmd->description);
	fprintf(out, "\nOptions:\n");
	print_opts(out, cmd, cmd->opts);
	fprintf(out, "\nCommon options:\n");
	print_opts(out, cmd, common_opts);
	fprintf(out, "\nFilters, trees and exports (filters apply in the order given):\n");
	print_opts(out, cmd, pipeline_cli_options());
	if (cmd->examples)
		fprintf(out, "\nExamples:\n%s", cmd->examples);
	fprintf(out, "\nExit status: 0 ok, 1 unreadable or malformed input or write error, 2 usage error.\n");
}

enum cli_result cli_usage_error(const struct cli_command *cmd, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pf_error("%s: %s", cmd->name, msg);
	fprintf(stderr, "Try 'profan %s --help' for more information.\n", cmd->name);
	return CLI_USAGE;
}

int cli_parse_size(const struct cli_command *cmd, const char *opt, const char *arg, size_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(arg, &end, 10);
	if (*arg == '\0' || *arg == '-' || *end != '\0' || errno != 0 || v > SIZE_MAX / 2) {
		cli_usage_error(cmd, "--%s wants a non-negative integer, not '%s'", opt, arg);
		return -1;
	}
	*out = (size_t)v;
	return 0;
}

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

static size_t count_opts(const struct cli_opt *o)
{
	size_t n = 0;
	while (o && o[n].name)
		n++;
	return n;
}

enum cli_result cli_parse(const struct cli_command *cmd, int argc, char **argv, struct cli_common *common,
			  cli_handler handle, void *ctx, int *first_arg)
{
	*common = (struct cli_common){.top = 30};
	pipeline_opts_init(&common->pipeline);
	size_t n_cmd = count_opts(cmd->opts), n_common = count_opts(common_opts);
	size_t n_pipe = count_opts(pipeline_cli_options());
	struct option *longopts = xcalloc(n_cmd + n_common + n_pipe + 1, sizeof(*longopts));
	char shortopts[128] = ":"; /* permute: options may follow the PROFILE, as users type them */
	size_t sl = 1;
	const struct cli_opt *all[3] = {cmd->opts, common_opts, pipeline_cli_options()};
	size_t k = 0;
	for (size_t set = 0; set < 3; set++) {
		for (const struct cli_opt *o = all[set]; o && o->name; o++) {
			if (shadowed(cmd, o, all[set]))
				continue;
			longopts[k++] = (struct option){o->name, o->has_arg, NULL, o->val};
			if (o->val > 0 && o->val < 0x80 && sl + 3 < sizeof(shortopts)) {
				shortopts[sl++] = (char)o->val;
				if (o->has_arg == required_argument)
					shortopts[sl++] = ':';
			}
		}
	}
	shortopts[sl] = '\0';
	enum cli_result res = CLI_OK;
	optind = 0; /* full reinitialisation: main may parse several commands in tests */
	opterr = 0;
	int c;
	int li = -1; /* which long option: the pipeline's are the last table */
	while (res == CLI_OK && (c = getopt_long(argc, argv, shortopts, longopts, &li)) != -1) {
		if (li >= (int)(n_cmd + n_common)) {
			li = -1;
			if (pipeline_parse_opt(&common->pipeline, cmd, c, optarg) < 0)
				res = CLI_USAGE;
			continue;
		}
		li = -1;
		switch (c) {
		case OPT_TOP:
			if (cli_parse_size(cmd, "top", optarg, &common->top) < 0)
				res = CLI_USAGE;
			break;
		case OPT_JSON: common->json = true; break;
		case OPT_WIDE: common->wide = true; break;
		case OPT_COLOR:
			if (optarg == NULL || strcmp(optarg, "always") == 0)
				common->color = CLI_COLOR_ALWAYS;
			else if (strcmp(optarg, "never") == 0)
				common->color = CLI_COLOR_NEVER;
			else if (strcmp(optarg, "auto") == 0)
				common->color = CLI_COLOR_AUTO;
			else
				res = cli_usage_error(cmd, "--color wants auto, always or never, not '%s'", optarg);
			break;
		case 'o': common->output = optarg; break;
		case 'q': common->quiet = true; pf_set_quiet(true); break;
		case 'h':
			cli_print_help(stdout, cmd);
			res = CLI_DONE;
			break;
		case '?':
			if (optopt > 0 && optopt < 0x80)
				res = cli_usage_error(cmd, "unknown option '-%c'", optopt);
			else
				res = cli_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
			break;
		case ':':
			res = cli_usage_error(cmd, "option '%s' needs a value", argv[optind - 1]);
			break;
		default:
			if (handle == NULL || handle(c, optarg, ctx) < 0)
				res = CLI_USAGE;
			break;
		}
	}
	free(longopts);
	*first_arg = optind;
	/* TERM=dumb (an editor's shell buffer) shows escape sequences raw: no color, and no
	 * progress line, which needs "erase line" to vanish. */
	bool err_tty = isatty(STDERR_FILENO) && !term_is_dumb();
	pf_set_color(common->color == CLI_COLOR_ALWAYS ||
		     (common->color == CLI_COLOR_AUTO && err_tty && !no_color()));
	progress_enable(res == CLI_OK && !common->quiet && err_tty);
	return res;
}

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

int cli_emit(const struct cli_common *common, const struct report *r)
{
	FILE *out = stdout;
	const char *name = "<stdout>";
	if (common->output != NULL && strcmp(common->output, "-") != 0) {
		name = common->output;
		out = fopen(common->output, "w");
		if (out == NULL) {
			pf_error("%s: cannot write: %s", name, strerror(errno));
			return PF_EXIT_FAIL;
		}
	}
	struct report_style style = {0};
	style.color = common->color == CLI_COLOR_ALWAYS ||
		      (common->color == CLI_COLOR_AUTO && isatty(fileno(out)) && !no_color() && !term_is_dumb());
	if (!common->wide)
		style.width = output_width(out);
	int rc = common->json ? report_print_json(out, r) : report_print_text_styled(out, r, &style);
	if (fflush(out) != 0 || ferror(out))
		rc = -1;
	int saved = errno;
	if (out != stdout && fclose(out) != 0)
		rc = -1, saved = errno;
	if (rc < 0) {
		pf_error("%s: write error: %s", name, strerror(saved ? saved : EIO));
		return PF_EXIT_FAIL;
	}
	return PF_EXIT_OK;
}
