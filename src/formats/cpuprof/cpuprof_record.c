/* cpuprof_record.c: how `profan record --cpuprof` and `profan ab --cpuprof` run node's CPU
 * profiler (format.h's format_recorder). node refuses --cpu-prof in NODE_OPTIONS, and a
 * command is a shell string, so a stand-in `node` first in PATH runs node with the profiler on;
 * the run's recording is the profile of the one node it started. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpuprof.h"
#include "profan/alloc.h"
#include "profan/format.h"

#define DIR_VAR "PROFAN_CPU_PROF_DIR"

/* The stand-in: takes itself out of PATH (node's own children run node as it is), notes its pid
 * (the process whose profile is the run's) and becomes node with the profiler on. */
static int prepare(const struct record_request *rq, char *why, size_t cap)
{
	if (strchr(rq->scratch, '\'') != NULL) {
		snprintf(why, cap, "%s: a temporary directory with a quote in its name", rq->scratch);
		return -1;
	}
	char *path = xasprintf("%s/node", rq->scratch);
	FILE *f = fopen(path, "w");
	if (f != NULL) {
		fprintf(f, "#!/bin/sh\n"
			   "# profan's stand-in for node: node itself with the CPU profiler on\n"
			   "PATH=${PATH#'%s':}\n"
			   "export PATH\n"
			   "mkdir -p \"$" DIR_VAR "\" && echo $$ >>\"$" DIR_VAR "/pids\" || exit 126\n"
			   "exec node --cpu-prof --cpu-prof-dir=\"$" DIR_VAR "\" --cpu-prof-interval=%u \"$@\"\n",
			rq->scratch, rq->freq ? 1000000 / rq->freq : 1000);
	}
	int rc = f != NULL && fclose(f) == 0 && chmod(path, 0755) == 0 ? 0 : -1;
	if (rc < 0)
		snprintf(why, cap, "%s: %s", path, strerror(errno));
	free(path);
	return rc;
}

/* OUTPUT.d: where node writes the run's profiles; absolute, since the command may change
 * directory. */
static const char *profile_dir(const char *output)
{
	static char dir[4200];
	char cwd[4096] = "";
	if (output[0] != '/' && getcwd(cwd, sizeof(cwd)) == NULL)
		cwd[0] = '\0';
	snprintf(dir, sizeof(dir), "%s%s%s.d", cwd, cwd[0] ? "/" : "", output);
	return dir;
}

static const char **record_argv(const struct record_request *rq, const char *const *cmd, size_t n)
{
	static char path[8400], dir[4300];
	const char *old = getenv("PATH");
	snprintf(path, sizeof(path), "PATH=%s:%s", rq->scratch ? rq->scratch : ".",
		 old && *old ? old : "/usr/bin:/bin");
	snprintf(dir, sizeof(dir), DIR_VAR "=%s", profile_dir(rq->output));
	const char **a = xcalloc(n + 4, sizeof(*a));
	size_t k = 0;
	a[k++] = "env";
	a[k++] = path;
	a[k++] = dir;
	for (size_t i = 0; i < n; i++)
		a[k++] = cmd[i];
	a[k] = NULL;
	return a;
}

/* Is NAME, CPU.DATE.TIME.PID.TID.SEQ.cpuprofile, the main thread's profile of a pid in PIDS? */
static bool started_here(const char *name, const char *pids)
{
	unsigned long pid, tid;
	if (sscanf(name, "CPU.%*u.%*u.%lu.%lu.", &pid, &tid) != 2 || tid != 0)
		return false;
	char line[32];
	snprintf(line, sizeof(line), "\n%lu\n", pid);
	return strstr(pids, line) != NULL;
}

static int collect(const struct record_request *rq, long pid, bool shell, char *why, size_t cap)
{
	(void)pid;
	(void)shell;
	char *dir = xstrdup(profile_dir(rq->output));
	char *pidfile = xasprintf("%s/pids", dir);
	char pids[4096] = "\n";
	FILE *f = fopen(pidfile, "r");
	if (f != NULL) {
		size_t got = fread(pids + 1, 1, sizeof(pids) - 2, f);
		pids[got + 1] = '\0';
		fclose(f);
	}
	unlink(pidfile);
	free(pidfile);
	size_t started = 0;
	for (const char *c = pids; *c; c++)
		started += *c == '\n' && c[1] != '\0';
	DIR *d = opendir(dir);
	char *chosen = NULL;
	for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		if (chosen == NULL && started == 1 && started_here(e->d_name, pids)) {
			chosen = path;
			continue;
		}
		unlink(path);
		free(path);
	}
	if (d != NULL)
		closedir(d);
	int rc = 0;
	if (started == 0) {
		snprintf(why, cap, "the command started no node (the profiler is on for a node found through PATH)");
		rc = -1;
	} else if (started > 1) {
		snprintf(why, cap, "the command started node %zu times; a V8 profile compares one per run: give one "
				   "node program", started);
		rc = -1;
	}
	rc = format_keep_recording(chosen, rc, rq->output, why, cap);
	rmdir(dir);
	free(dir);
	return rc;
}

static bool explain(const char *err, char *why, size_t cap)
{
	if (strstr(err, "bad option: --cpu-prof") != NULL) {
		snprintf(why, cap, "this node has no --cpu-prof (node 12 or later has it)");
		return true;
	}
	return false;
}

static const char *shown(const struct record_request *rq)
{
	static char line[160];
	snprintf(line, sizeof(line), "node --cpu-prof --cpu-prof-interval=%u (a stand-in node first in PATH "
				     "turns it on)", rq->freq ? 1000000 / rq->freq : 1000);
	return line;
}

static const char *const probe[] = {"node", "-e", "0", NULL};

const struct format_recorder cpuprof_recorder = {
	.program = "node",
	.package = "nodejs",
	.default_output = "profile.cpuprofile",
	.event = "V8's CPU profiler",
	.argv = record_argv,
	.explain = explain,
	.suffix = ".cpuprofile",
	.probe = probe,
	.takes = RECORD_FREQ,
	.choice = "record node with --cpu-prof: V8's sampler, for node programs",
	.prepare = prepare,
	.collect = collect,
	.shown = shown,
};
