/* cpuprof.c: placeholder until the cpuprof loader lands (its issue replaces this file). */
#include "profan/cli.h"

static int run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	pf_error("cpuprof: not implemented yet");
	return PF_EXIT_FAIL;
}

const struct cli_command cmd_cpuprof = {
	.name = "cpuprof",
	.summary = "V8 .cpuprofile (node --cpu-prof) and Chrome trace files",
	.usage = "cpuprof [options] PROFILE",
	.run = run,
};
