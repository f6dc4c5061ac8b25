/* samply.c: placeholder until the samply loader lands (its issue replaces this file). */
#include "profan/cli.h"

static int run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	pf_error("samply: not implemented yet");
	return PF_EXIT_FAIL;
}

const struct cli_command cmd_samply = {
	.name = "samply",
	.summary = "samply --save-only profiles (Firefox Profiler processed JSON, .json or .json.gz)",
	.usage = "samply [options] PROFILE",
	.run = run,
};
