/* dhat.c: placeholder until the dhat loader lands (its issue replaces this file). */
#include "profan/cli.h"

static int run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	pf_error("dhat: not implemented yet");
	return PF_EXIT_FAIL;
}

const struct cli_command cmd_dhat = {
	.name = "dhat",
	.summary = "valgrind --tool=dhat output (dhat.out.*.json)",
	.usage = "dhat [options] PROFILE",
	.run = run,
};
