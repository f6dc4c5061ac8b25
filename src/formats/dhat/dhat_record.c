/* dhat_record.c: how `profan record --dhat` and `profan ab --dhat` run valgrind's DHAT
 * (format.h's format_recorder): every heap allocation with 40 callers and whole paths, children
 * followed (ab's commands are shell strings), and the run's one recording picked from the
 * files of its processes. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dhat.h"
#include "profan/alloc.h"
#include "profan/format.h"

/* valgrind expands %p (the pid) and %q{VAR} in --dhat-out-file; a '%' of the path is %%. */
static const char **record_argv(const struct record_request *rq, const char *const *cmd, size_t n)
{
	static char out[4200];
	size_t len = (size_t)snprintf(out, sizeof(out), "--dhat-out-file=");
	for (const char *c = rq->output; *c && len + 8 < sizeof(out); c++) {
		if (*c == '%')
			out[len++] = '%';
		out[len++] = *c;
	}
	snprintf(out + len, sizeof(out) - len, ".%%p");
	const char **a = xcalloc(n + 10, sizeof(*a));
	size_t k = 0;
	a[k++] = "valgrind";
	a[k++] = "--tool=dhat";
	a[k++] = "-q";
	a[k++] = "--num-callers=40";
	a[k++] = "--fullpath-after=";
	a[k++] = "--trace-children=yes";
	a[k++] = out;
	a[k++] = "--";
	for (size_t i = 0; i < n; i++)
		a[k++] = cmd[i];
	a[k] = NULL;
	return a;
}

/* Is the recording PATH the shell's own around an ab command (its "cmd" is "/bin/sh -c ...")?
 * A command that execs its program (`exec ./prog`) leaves the program's in its place. */
static bool shell_recording(const char *path)
{
	char head[2048] = "";
	FILE *f = fopen(path, "r");
	if (f != NULL) {
		size_t got = fread(head, 1, sizeof(head) - 1, f);
		head[got] = '\0';
		fclose(f);
	}
	return strstr(head, "\"cmd\":\"/bin/sh -c ") != NULL;
}

/* The files OUTPUT.PID of one run: the program's (PID), or with SHELL the one process the
 * command ran; the others removed. */
static int collect(const struct record_request *rq, long pid, bool shell, char *why, size_t cap)
{
	const char *slash = strrchr(rq->output, '/');
	char *dir = slash ? xstrndup(rq->output, (size_t)(slash - rq->output) + (slash == rq->output)) : xstrdup(".");
	const char *base = slash ? slash + 1 : rq->output;
	size_t blen = strlen(base);
	DIR *d = opendir(dir);
	char *chosen = NULL;
	size_t programs = 0;
	int rc = 0;
	for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
		const char *tail = e->d_name + blen + 1;
		if (strncmp(e->d_name, base, blen) != 0 || e->d_name[blen] != '.' || *tail == '\0' ||
		    strspn(tail, "0123456789") != strlen(tail))
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		bool top = strtol(tail, NULL, 10) == pid;
		bool keep = shell ? !(top && shell_recording(path)) : top;
		if (keep && shell)
			programs++;
		if (keep && chosen == NULL) {
			chosen = path;
			continue;
		}
		unlink(path);
		free(path);
	}
	if (d != NULL)
		closedir(d);
	if (programs > 1) {
		snprintf(why, cap, "the command ran %zu programs under valgrind; DHAT compares one per run: give the "
				   "program itself, or run the others outside the compared command", programs);
		rc = -1;
	}
	free(dir);
	return format_keep_recording(chosen, rc, rq->output, why, cap);
}

static bool explain(const char *err, char *why, size_t cap)
{
	if (strstr(err, "failed to start tool") != NULL) {
		snprintf(why, cap, "this valgrind has no DHAT tool (valgrind 3.15 or later has it)");
		return true;
	}
	return false;
}

const struct format_recorder dhat_recorder = {
	.program = "valgrind",
	.package = "valgrind",
	.default_output = "dhat.json",
	.event = "every heap allocation",
	.argv = record_argv,
	.explain = explain,
	.suffix = ".json",
	.exact = true,
	.choice = "record with valgrind --tool=dhat: heap allocations, counted exactly (ab: 1 run per arm)",
	.collect = collect,
};
