/* fuzz_run.h: runs a whole subcommand (options, loader, views, report) on the
 * fuzz input, so the views and renderers see every hostile-but-valid model a
 * loader accepts. The bytes go into one memfd that the command opens by path;
 * the report goes to /dev/null. Header-only: tests/fuzz/CMakeLists.txt builds
 * each fuzz_*.c on its own. Include it first (it needs _GNU_SOURCE). */
#ifndef PROFAN_FUZZ_RUN_H
#define PROFAN_FUZZ_RUN_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "profan/cli.h"
#include "profan/diag.h"

/* Runs `profan CMD ARGS... --quiet -o /dev/null /proc/self/fd/N` (ARGS ends with NULL).
 * Returns the exit code; aborts if it is above MAX_RC: 1 normally, 2 where a
 * usage error can depend on the input (a dhat metric the file's mode lacks). */
static inline int fuzz_run_command(const struct cli_command *cmd, const uint8_t *data, size_t size,
				   const char *const *args, int max_rc)
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
	char *argv[32];
	int argc = 0;
	argv[argc++] = (char *)cmd->name;
	for (size_t i = 0; args[i] != NULL && argc < 26; i++)
		argv[argc++] = (char *)args[i];
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
