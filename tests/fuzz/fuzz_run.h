/* fuzz_run.h: runs a whole subcommand (options, loader, views, pipeline,
 * report) on the fuzz input, so the views, trees, exports and renderers see
 * every hostile-but-valid model a loader accepts. The bytes go into one memfd
 * that the command opens by path; the report goes to /dev/null. Header-only:
 * tests/fuzz/CMakeLists.txt builds each fuzz_*.c on its own. Include it first
 * (it needs _GNU_SOURCE). */
#ifndef PROFAN_FUZZ_RUN_H
#define PROFAN_FUZZ_RUN_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "profan/cli.h"
#include "profan/diag.h"

/* Options of the shared pipeline (filters, trees, exports), one set per run.
 * In these and in ARGS below, "@IN" stands for the input file, so a second
 * copy makes a two-file run. */
#define FUZZ_PIPELINE_VARIANTS 7
#define FUZZ_DIFF_VARIANTS 4 /* the first ones: `profan diff` takes no trees, --pprof or --per-file */
static const char *const fuzz_pipeline[FUZZ_PIPELINE_VARIANTS][14] = {
	{NULL},
	{"--focus", "0x|a", "--hide", "1", "--by", "lib", NULL},
	{"--root-at", "a", "--collapse-recursion", "--by", "line", "--json", NULL},
	{"--folded", "/dev/null", "--flamegraph", "/dev/null", "--ignore", "z", "--by", "file", NULL},
	{"--tree", "--inverted", "--tree-threshold", "0", "--callers", ".", "--callees", "0x", NULL},
	{"--per-file", "--tree", "--pprof", "/dev/null", "@IN", NULL},
	{"--json", "--tree", "--inverted", "--collapse-recursion", "--hide", "^[a-f]", NULL},
};

/* Runs `profan CMD ARGS... PIPELINE... --quiet -o /dev/null /proc/self/fd/N`
 * (ARGS ends with NULL; PIPELINE is fuzz_pipeline[VARIANT % FUZZ_PIPELINE_VARIANTS]).
 * Returns the exit code; aborts if it is above MAX_RC: 1 normally, 2 where a
 * usage error can depend on the input (a dhat metric the file's mode lacks). */
static inline int fuzz_run_command(const struct cli_command *cmd, const uint8_t *data, size_t size,
				   const char *const *args, size_t variant, int max_rc)
{
	static int fd = -1;
	if (fd < 0 && (fd = memfd_create("profan-fuzz", 0)) < 0) {
		perror("memfd_create");
		abort();
	}
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) {
		perror("memfd write");
		abort();
	}
	char path[64];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	char *argv[48];
	int argc = 0;
	argv[argc++] = (char *)cmd->name;
	for (size_t i = 0; args[i] != NULL && argc < 20; i++)
		argv[argc++] = strcmp(args[i], "@IN") == 0 ? path : (char *)args[i];
	const char *const *pipe = fuzz_pipeline[variant % FUZZ_PIPELINE_VARIANTS];
	for (size_t i = 0; pipe[i] != NULL && argc < 40; i++)
		argv[argc++] = strcmp(pipe[i], "@IN") == 0 ? path : (char *)pipe[i];
	argv[argc++] = "--quiet";
	argv[argc++] = "-o";
	argv[argc++] = "/dev/null";
	argv[argc++] = path;
	argv[argc] = NULL;
	int rc = cmd->run(argc, argv);
	pf_set_quiet(true);
	if (rc < 0 || rc > max_rc)
		abort();
	return rc;
}

#endif
