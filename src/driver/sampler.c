/* sampler.c: a program run under the recording format's sampler (sampler.h): fork and exec
 * without a shell, the time each run took from wait4 (wall clock around it, CPU from its
 * rusage), and SIGINT left to the program while profan waits. */
#include "sampler.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "profan/progress.h"
#include "profan/which.h"

static volatile sig_atomic_t got_sigint;

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}


const char *sampler_status(int status)
{
	static char text[96];
	if (WIFEXITED(status)) {
		if (WEXITSTATUS(status) == 0)
			return NULL;
		snprintf(text, sizeof(text), "exit status %d", WEXITSTATUS(status));
	} else if (WIFSIGNALED(status)) {
		snprintf(text, sizeof(text), "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	} else {
		snprintf(text, sizeof(text), "wait status %#x", (unsigned)status);
	}
	return text;
}

/* Waits for PID, keeping the progress line alive; the wall clock stops when it ends. A pidfd
 * wakes poll() exactly then; without one (old kernels) wait4 blocks. */
static int wait_for(const struct sampler *s, pid_t pid, int *status, struct rusage *ru, double *ended)
{
	int pfd = (int)syscall(SYS_pidfd_open, pid, 0);
	for (;;) {
		if (pfd >= 0) {
			struct pollfd p = {.fd = pfd, .events = POLLIN};
			int k = poll(&p, 1, 100);
			if (k == 0 || (k < 0 && errno == EINTR)) {
				if (s->tick)
					s->tick(s->tick_ctx);
				else
					progress_update(0);
				continue;
			}
		}
		pid_t w = wait4(pid, status, 0, ru);
		*ended = now();
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			if (pfd >= 0)
				close(pfd);
			return -1;
		}
	}
	if (pfd >= 0)
		close(pfd);
	return 0;
}

/* `sh -c CMD`, as ab runs its commands: the shell's own recording is no part of the command's. */
static bool shell_around(const char *const *cmd, size_t n)
{
	return n == 3 && strcmp(cmd[0], "/bin/sh") == 0 && strcmp(cmd[1], "-c") == 0;
}

int sampler_run(const struct sampler *s, const char *output, const char *const *cmd, size_t n, enum sampler_io io,
		const char *errfile, struct sampler_run *res)
{
	memset(res, 0, sizeof(*res));
	const char **argv;
	struct record_request rq = s->rq;
	rq.output = output;
	if (output != NULL) {
		argv = s->rec->argv(&rq, cmd, n);
	} else {
		argv = xcalloc(n + 1, sizeof(*argv));
		memcpy(argv, cmd, n * sizeof(*argv));
	}
	/* Ctrl-C goes to the whole foreground group: the sampler stops its program and writes
	 * what it has; profan waits for that, then decides (a shell does the same) */
	struct sigaction sa = {.sa_handler = on_sigint}, old;
	sigemptyset(&sa.sa_mask);
	got_sigint = 0;
	sigaction(SIGINT, &sa, &old);
	fflush(NULL);
	double started = now();
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		if (io == SAMPLER_TO_STDERR) {
			dup2(STDERR_FILENO, STDOUT_FILENO);
		} else {
			int null = open("/dev/null", O_RDWR);
			int err = errfile ? open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0644) : null;
			if (null >= 0) {
				dup2(null, STDIN_FILENO);
				dup2(null, STDOUT_FILENO);
			}
			if (err >= 0)
				dup2(err, STDERR_FILENO);
		}
		execvp(argv[0], (char *const *)argv);
		dprintf(STDERR_FILENO, "profan: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int rc = 0;
	if (pid < 0) {
		pf_error("cannot start %s: %s", argv[0], strerror(errno));
		rc = -1;
	} else {
		int status = 0;
		struct rusage ru;
		double ended = started;
		if (wait_for(s, pid, &status, &ru, &ended) < 0) {
			pf_error("waiting for %s: %s", argv[0], strerror(errno));
			rc = -1;
		}
		res->status = status;
		res->wall = ended - started;
		res->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
			   (double)ru.ru_stime.tv_usec / 1e6;
		/* collect tidies up after every run; its complaint is the run's error only when the
		 * run itself went well (a failed or interrupted one is said as such by the caller) */
		char why[300];
		bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && !got_sigint;
		if (rc == 0 && output != NULL && s->rec->collect != NULL &&
		    s->rec->collect(&rq, (long)pid, shell_around(cmd, n), why, sizeof(why)) < 0 && ok) {
			pf_error("%s: %s", s->who, why);
			rc = -1;
		}
	}
	sigaction(SIGINT, &old, NULL);
	res->interrupted = got_sigint != 0;
	free(argv);
	return rc;
}

const char *sampler_probe_text(const struct sampler *s)
{
	static char text[120];
	const char *const *p = s->rec->probe;
	if (p == NULL)
		return "true";
	size_t len = 0;
	text[0] = '\0';
	for (size_t i = 0; p[i] && len + 1 < sizeof(text); i++) {
		int k = snprintf(text + len, sizeof(text) - len, "%s%s", i ? " " : "", p[i]);
		if (k < 0)
			break;
		len += (size_t)k;
	}
	return text;
}

size_t sampler_runs(const struct sampler *s, size_t asked)
{
	return asked ? asked : s->rec->exact ? 1 : 5;
}

/* The last non-empty line of FILE's text, for a message (static storage). */
static const char *last_line(const char *text)
{
	static char line[240];
	const char *end = text + strlen(text);
	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	const char *start = end;
	while (start > text && start[-1] != '\n')
		start--;
	snprintf(line, sizeof(line), "%.*s", (int)(end - start), start);
	return line;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = xcalloc(4097, 1);
	if (f != NULL) {
		size_t got = fread(text, 1, 4096, f);
		text[got] = '\0';
		fclose(f);
	}
	return text;
}

/* One recording of `true`: does the sampler work here with these flags? 0 ok; else the
 * sampler's stderr in *ERR (caller frees). */
static int probe(struct sampler *s, char **err)
{
	char *out = xasprintf("%s/probe.data", s->dir), *errfile = xasprintf("%s/probe.err", s->dir);
	static const char *const true_cmd[] = {"true", NULL};
	const char *const *cmd = s->rec->probe ? s->rec->probe : true_cmd;
	size_t n = 0;
	while (cmd[n])
		n++;
	struct sampler_run res;
	int rc = sampler_run(s, out, cmd, n, SAMPLER_QUIET, errfile, &res);
	struct stat st;
	bool ok = rc == 0 && WIFEXITED(res.status) && WEXITSTATUS(res.status) == 0 && stat(out, &st) == 0 &&
		  st.st_size > 0;
	*err = slurp(errfile);
	s->probe_wall = res.wall;
	s->probe_cpu = res.cpu;
	unlink(out);
	unlink(errfile);
	free(out);
	free(errfile);
	return ok ? 0 : -1;
}

int sampler_open(struct sampler *s, const struct record_opts *ro, const char *who)
{
	memset(s, 0, sizeof(*s));
	s->who = who;
	s->format = ro->format ? ro->format : format_recording();
	s->rec = s->format ? s->format->recorder : NULL;
	if (s->rec == NULL) {
		pf_error("%s: no sampler profan knows how to run", who);
		return PF_EXIT_FAIL;
	}
	const char *needs = ro->call_graph && !(s->rec->takes & RECORD_CALL_GRAPH) ? "--call-graph"
			    : ro->freq && !(s->rec->takes & RECORD_FREQ)	      ? "--freq"
										      : NULL;
	if (needs != NULL) {
		pf_error("%s: %s does not apply to %s, which records %s", who, needs, s->rec->program,
			 s->rec->event);
		return PF_EXIT_USAGE;
	}
	s->rq = (struct record_request){.call_graph = ro->call_graph ? ro->call_graph : "dwarf",
					.freq = ro->freq ? ro->freq : 1000,
					.clock = true};
	if (!which_executable(s->rec->program)) {
		pf_error("%s: %s not found: install it (Debian package %s)", who, s->rec->program, s->rec->package);
		return PF_EXIT_FAIL;
	}
	const char *no = s->rec->refusal ? s->rec->refusal() : NULL;
	if (no != NULL) {
		pf_error("%s: %s", who, no);
		return PF_EXIT_FAIL;
	}
	return PF_EXIT_OK;
}

int sampler_try(struct sampler *s, const char *who)
{
	const char *tmp = getenv("TMPDIR");
	s->dir = xasprintf("%s/profan-probe-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(s->dir) == NULL) {
		pf_error("%s: cannot make a directory in %s: %s", who, tmp && *tmp ? tmp : "/tmp", strerror(errno));
		free(s->dir);
		s->dir = NULL;
		return PF_EXIT_FAIL;
	}
	s->rq.scratch = s->dir;
	char why[300];
	if (s->rec->prepare && s->rec->prepare(&s->rq, why, sizeof(why)) < 0) {
		pf_error("%s: %s", who, why);
		return PF_EXIT_FAIL;
	}
	char *err = NULL;
	int rc = probe(s, &err);
	if (rc < 0) { /* the monotonic clock is a nicety: try without it */
		free(err);
		s->rq.clock = false;
		rc = probe(s, &err);
	}
	if (rc < 0) {
		if (!s->rec->explain(err, why, sizeof(why)))
			snprintf(why, sizeof(why), "%s cannot record here: %s", s->rec->program,
				 *last_line(err) ? last_line(err) : "it failed without a message");
		pf_error("%s: %s", who, why);
		free(err);
		return PF_EXIT_FAIL;
	}
	free(err);
	return PF_EXIT_OK;
}

void sampler_close(struct sampler *s)
{
	DIR *d = s->dir ? opendir(s->dir) : NULL;
	for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) { /* prepare's files */
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *path = xasprintf("%s/%s", s->dir, e->d_name);
		unlink(path);
		free(path);
	}
	if (d != NULL)
		closedir(d);
	if (s->dir != NULL)
		rmdir(s->dir);
	free(s->dir);
	s->dir = NULL;
}

const char *sampler_describe(const struct sampler *s, struct report *r)
{
	struct record_request rq = s->rq;
	rq.output = "FILE";
	const char *note = s->rec->note ? s->rec->note() : NULL;
	const char *shown = s->rec->shown ? s->rec->shown(&rq) : NULL;
	if (shown != NULL)
		return note ? report_printf(r, "%s; %s", shown, note) : report_printf(r, "%s", shown);
	const char *cmd[] = {"CMD"};
	const char **argv = s->rec->argv(&rq, cmd, 1);
	char line[512] = "";
	size_t len = 0;
	for (size_t i = 0; argv[i] && len + 2 < sizeof(line); i++) {
		if (strcmp(argv[i], "-q") == 0)
			continue;
		int k = snprintf(line + len, sizeof(line) - len, "%s%s", len ? " " : "", argv[i]);
		if (k < 0 || (size_t)k >= sizeof(line) - len)
			break;
		len += (size_t)k;
	}
	free(argv);
	return note ? report_printf(r, "%s; %s", line, note) : report_printf(r, "%s", line);
}
