/* cli.h: command-line parsing shared by every subcommand.
 *
 * Each subcommand describes its own options in a table; the options common to
 * all of them (--top, --json, -o, --quiet, --help) are added here, parsed by
 * one piece of code, and the --help text is generated from the same tables. */
#ifndef PROFAN_CLI_H
#define PROFAN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "profan/pipeline.h"
#include "profan/report.h"

struct cli_opt {
	const char *name;   /* long name without "--" */
	int has_arg;        /* no_argument / required_argument from <getopt.h> */
	int val;            /* returned to the handler; a printable char doubles as the short option */
	const char *arg;    /* argument name for --help, or NULL */
	const char *help;   /* one line */
};

enum cli_color { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER };

struct cli_common {
	size_t top;          /* rows per view; default 30 */
	bool json;
	const char *output;  /* -o FILE, or NULL for stdout */
	bool quiet;
	enum cli_color color; /* auto: only on a terminal, and never with NO_COLOR set */
	bool wide;           /* never shorten names, even on a terminal */
	struct pipeline_opts pipeline; /* filters, trees, exports (pipeline.h) */
};

struct cli_command {
	const char *name;
	const char *summary;        /* one line for `profan --help` */
	const char *usage;          /* "samply [options] PROFILE..." */
	const char *description;    /* a paragraph for `profan CMD --help` */
	const char *examples;       /* lines for `profan CMD --help` */
	const struct cli_opt *opts; /* terminated by an entry with name == NULL; may be NULL */
	int (*run)(int argc, char **argv); /* argv[0] is the command name */
};

enum cli_result { CLI_OK, CLI_DONE /* --help printed: exit 0 */, CLI_USAGE /* message printed: exit 2 */ };

/* Option handler: returns 0, or -1 after printing a usage error. */
typedef int (*cli_handler)(int val, const char *arg, void *ctx);

/* Parses ARGV for CMD. Positional arguments are left in argv[*first_arg..argc). */
enum cli_result cli_parse(const struct cli_command *cmd, int argc, char **argv, struct cli_common *common,
			  cli_handler handle, void *ctx, int *first_arg);
void cli_print_help(FILE *out, const struct cli_command *cmd);
/* A usage error: "profan: CMD: message" plus a hint line; returns CLI_USAGE. */
enum cli_result cli_usage_error(const struct cli_command *cmd, const char *fmt, ...) PF_PRINTF(2, 3);
/* Parses a non-negative integer option value; prints a usage error on failure. */
int cli_parse_size(const struct cli_command *cmd, const char *opt, const char *arg, size_t *out);

/* Writes the report to -o FILE or stdout, as text or JSON. Returns an exit code. */
int cli_emit(const struct cli_common *common, const struct report *r);

/* The subcommands (one per input format), for main.c and the man page test. */
extern const struct cli_command cmd_samply, cmd_dhat, cmd_cpuprof, cmd_diff;

#endif
