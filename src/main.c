/* main.c: the command table and global flags; everything else lives in profan_core.
 * Each subcommand names an input format and runs its own driver (src/cmd/). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "profan/cli.h"
#include "profan/diag.h"

static const struct cli_command *const commands[] = {&cmd_samply, &cmd_dhat, &cmd_cpuprof, &cmd_diff};

static void print_usage(FILE *out)
{
	fprintf(out, "Usage: profan COMMAND [options] PROFILE...\n\n"
		     "Reads a profile, symbolicates it where needed, and prints where the time or memory went.\n\n"
		     "Commands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "  %-9s %s\n", commands[i]->name, commands[i]->summary);
	fprintf(out, "\nRun 'profan COMMAND --help' for the options and examples of one command.\n"
		     "Input may be plain or gzip-compressed JSON; '-' reads standard input.\n"
		     "Exit status: 0 ok, 1 unreadable or malformed input or write error, 2 usage error.\n");
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

int main(int argc, char **argv)
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
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (strcmp(cmd, commands[i]->name) == 0)
			return finish_stdout(commands[i]->run(argc - 1, argv + 1));
	pf_error("unknown command '%s'", cmd);
	fprintf(stderr, "Try 'profan --help' for the list of commands.\n");
	return PF_EXIT_USAGE;
}
