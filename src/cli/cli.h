/* cli.h: the command line, the only place that knows argv.
 *
 * Each command lists option groups (an option table and the function that
 * stores an option's value into the run's struct profan_opts or the render
 * settings); one parser reads them all, and --help is generated from the same
 * tables. The command then hands the options to the driver (driver.h) and
 * renders its report (render.h). */
#ifndef PROFAN_CLI_H
#define PROFAN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "profan/driver.h"
#include "profan/options.h"

struct cli_opt {
	const char *name; /* long name without "--" */
	int has_arg;      /* no_argument / required_argument / optional_argument from <getopt.h> */
	int val;          /* the group's own code; a printable char doubles as the short option */
	const char *arg;  /* argument name for --help, or NULL */
	const char *help; /* one line */
};

enum cli_color { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER };

/* Everything one command line asks for. */
struct cli_state {
	const struct cli_command *cmd;
	struct profan_opts opts;
	/* rendering */
	size_t top;
	bool top_given; /* --top also says how many functions --annotate lists */
	bool json, quiet, wide, no_pager;
	enum cli_color color;
	const char *output; /* -o FILE, or NULL for stdout */
	/* storage behind opts' lists (argv strings) */
	VEC(const char *) symbol_paths, ours, base, source_paths;
	void *format_store[PROFAN_FORMAT_OPTS_MAX]; /* each format's options (format_at order) */
	VEC(struct source_prefix) source_prefixes; /* their strings are the state's */
	const char *format; /* diff --format */
	/* diff's arms as written: how many PROFILEs stand before a "--" (SIZE_MAX: no "--"),
	 * and whether files follow a --base value directly (a shell glob's expansion) */
	size_t before_dashdash;
	bool base_followed;
	/* while parsing: the word after the option (NULL: none); a handler that
	 * takes it as an optional value ("--color never") sets took_next */
	const char *next_arg;
	bool took_next;
	void (*list_metrics)(void); /* --metric list: prints a format's metrics */
	struct ab_opts ab;          /* profan ab's options; .rec also profan record's */
};

struct cli_group {
	const struct cli_opt *opts; /* ends with an entry whose name is NULL */
	/* Stores option VAL; returns 0, or -1 after a usage error. */
	int (*handle)(struct cli_state *st, int val, const char *arg);
	/* A format's own group (format.h), which the command line parses from its data:
	 * option VAL is DECL[VAL - 0x100], stored into FORMAT's options. */
	const struct format_opt *decl;
	const struct input_format *format;
};

/* What a command does with its arguments. */
enum cli_kind {
	CLI_READ,   /* a format's command, or diff (format NULL): profiles */
	CLI_RECORD, /* record: a program and its arguments */
	CLI_AB,     /* ab: two shell commands */
};

struct cli_command {
	const char *name;
	const char *summary;     /* one line for `profan --help` */
	const char *usage;       /* "samply [options] PROFILE..." */
	const char *description; /* a paragraph for `profan CMD --help` */
	const char *examples;    /* lines for `profan CMD --help` */
	const struct cli_group *const *own; /* its options, NULL-terminated */
	const struct input_format *format; /* the format it reads (format.h), or NULL: diff */
	enum cli_kind kind;
};

/* Runs `profan ARGV...`; returns the exit status. */
int cli_main(int argc, char **argv);

/* For the option groups: a usage error, on one line like every diagnostic:
 * "profan: CMD: message; see 'profan CMD --help'". Returns -1. */
int cli_usage_error(const struct cli_state *st, const char *fmt, ...) PF_PRINTF(2, 3);
/* Parses a non-negative integer option value; -1 after a usage error. */
int cli_parse_size(const struct cli_state *st, const char *opt, const char *arg, size_t *out);
/* Checks that ARG compiles as a regex; -1 after a usage error naming OPT. */
int cli_check_regex(const struct cli_state *st, const char *opt, const char *arg);

/* The commands, in --help order (NULL-terminated): each format's, then diff. */
const struct cli_command *const *cli_command_list(void);
/* The option groups every command has. */
extern const struct cli_group cli_common_group, cli_analysis_group;

#endif
