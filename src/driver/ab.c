/* ab.c: `profan ab`: two shell commands run in turn under the sampler (sampler.h), arms
 * interleaved A B B A so neither always runs first, each arm's times measured, and the runs
 * compared by the same path as `profan diff` (driver_diff) with their order given to it. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "profan/diff.h"
#include "profan/driver.h"
#include "profan/progress.h"
#include "profan/which.h"
#include "sampler.h"

/* The recorded runs of one comparison: the files of each arm and the order they were made. */
struct arms {
	const char *prefix;       /* "" for A/B, "aa-" for the A/A */
	VEC(char *) files[2];     /* arm 0 (A, base) and arm 1 (B, new) */
	VEC(double) wall[2], cpu[2];
	char *order;              /* 'A'/'B' per recorded run, in run order */
	size_t made;
};

struct ab_run {
	const struct ab_opts *ab;
	const struct sampler *s;
	size_t runs; /* per arm */
	const char *dir;
	const char *cmd[2];
	double started;
	size_t done, total; /* runs made and to make, over every phase (progress) */
	bool interrupted;
	/* the run under way, for the progress line */
	const char *what;
	int arm;
	size_t k, n;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ABBA: the I-th run (from 0) of a comparison is arm 0 or 1: pairs alternate which arm
 * goes first, so a drift over time or a cost of going second falls on both arms alike. */
static int arm_of(size_t i)
{
	return (int)(((i / 2) % 2) ^ (i % 2));
}

/* The progress line: the run under way and the time since the first. */
static void progress_tick(void *ctx)
{
	const struct ab_run *x = ctx;
	/* the whole seconds since the first run: the line changes once a second */
	char line[128];
	snprintf(line, sizeof(line), "ab: %s%c run %zu of %zu (%zu of %zu in all), %.0f s", x->what, "AB"[x->arm], x->k,
		 x->n, x->done + 1, x->total, now() - x->started);
	static char last[128];
	if (strcmp(line, last) != 0) { /* a new phase restarts its delay: only when the text changes */
		memcpy(last, line, sizeof(last));
		progress_phase(line, 0, false);
	}
	progress_update(0);
}

static void progress_run(struct ab_run *x, const char *what, int arm, size_t k, size_t n)
{
	x->what = what;
	x->arm = arm;
	x->k = k;
	x->n = n;
	progress_tick(x);
}

/* Runs arm ARM's command once; with FILE recorded into it. Returns 0, 1 when Ctrl-C stopped
 * it (its recording is dropped), or -1 after one error line. */
static int run_once(struct ab_run *x, int arm, const char *file, struct sampler_run *res)
{
	const char *argv[] = {"/bin/sh", "-c", x->cmd[arm]};
	char *errfile = xasprintf("%s/run.err", x->dir);
	int rc = sampler_run(x->s, file, argv, 3, SAMPLER_QUIET, errfile, res);
	x->done++;
	if (rc == 0 && res->interrupted) {
		x->interrupted = true;
		rc = 1;
	} else if (rc == 0 && sampler_status(res->status) != NULL) {
		char last[240] = "";
		FILE *f = fopen(errfile, "r");
		for (char line[240]; f != NULL && fgets(line, sizeof(line), f) != NULL;)
			if (strspn(line, " \n") != strlen(line))
				snprintf(last, sizeof(last), "%.*s", (int)strcspn(line, "\n"), line);
		if (f != NULL)
			fclose(f);
		pf_error("ab: command %c (%s) failed with %s%s%s", "AB"[arm], x->cmd[arm], sampler_status(res->status),
			 *last ? ": " : "", last);
		rc = -1;
	}
	unlink(errfile);
	free(errfile);
	return rc;
}

/* The runs of one comparison, N per arm in ABBA order, into A. Returns 0 (Ctrl-C may have
 * stopped it early: x->interrupted), or -1 after one error line. */
static int record_arms(struct ab_run *x, struct arms *a)
{
	size_t n = x->runs;
	a->order = xcalloc(2 * n + 1, 1);
	size_t k[2] = {0, 0};
	for (size_t i = 0; i < 2 * n && !x->interrupted; i++) {
		int arm = arm_of(i);
		k[arm]++;
		progress_run(x, a->prefix[0] ? "A/A: " : "", arm, k[arm], n);
		char *file = xasprintf("%s/%s%c-%02zu%s", x->dir, a->prefix, "ab"[arm], k[arm], x->s->rec->suffix);
		struct sampler_run res;
		int rc = run_once(x, a->prefix[0] ? 0 : arm, file, &res);
		struct stat st;
		if (rc == 0 && (stat(file, &st) != 0 || st.st_size == 0)) {
			pf_error("ab: %s: %s wrote no recording", file, x->s->rec->program);
			rc = -1;
		}
		if (rc != 0) { /* a failed or interrupted run is no run of the comparison */
			unlink(file);
			free(file);
			if (rc < 0)
				return -1;
			break;
		}
		vec_push(&a->files[arm], file);
		vec_push(&a->wall[arm], res.wall);
		vec_push(&a->cpu[arm], res.cpu);
		a->order[a->made++] = "AB"[arm];
	}
	return 0;
}

static void arms_release(struct arms *a, bool remove)
{
	for (int arm = 0; arm < 2; arm++) {
		for (size_t i = 0; i < a->files[arm].len; i++) {
			if (remove)
				unlink(a->files[arm].items[i]);
			free(a->files[arm].items[i]);
		}
		vec_free(&a->files[arm]);
		vec_free(&a->wall[arm]);
		vec_free(&a->cpu[arm]);
	}
	free(a->order);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* "0.212 s (0.205 to 0.230)": the median and the range of V[0..N). */
static const char *spread(struct report *r, const double *v, size_t n)
{
	double *s = xcalloc(n + 1, sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	double med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	const char *text = n == 1 ? report_printf(r, "%.3f s", med)
				  : report_printf(r, "%.3f s (%.3f to %.3f)", med, s[0], s[n - 1]);
	free(s);
	return text;
}

static void time_lines(struct report *r, const struct arms *a)
{
	for (int arm = 0; arm < 2; arm++) {
		size_t n = a->wall[arm].len;
		report_header(r, arm ? "B time" : "A time", "wall %s, CPU %s per run, median (min to max) of %zu run%s",
			      spread(r, a->wall[arm].items, n), spread(r, a->cpu[arm].items, n), n, n == 1 ? "" : "s");
	}
}

/* The comparison of A's runs, through driver_diff with their order given. */
static int compare(const struct profan_opts *o, const struct sampler *s, const struct arms *a, bool aa,
		   struct report *r)
{
	struct profan_opts d = *o;
	d.aa = aa;
	d.order = a->order;
	size_t nb = a->files[0].len, nn = a->files[1].len;
	struct driver_input *b = xcalloc(nb, sizeof(*b)), *n = xcalloc(nn, sizeof(*n));
	for (size_t i = 0; i < nb; i++)
		b[i].path = a->files[0].items[i];
	for (size_t i = 0; i < nn; i++)
		n[i].path = a->files[1].items[i];
	int rc = driver_diff(s->format, &d, b, nb, n, nn, r);
	free(b);
	free(n);
	return rc;
}

/* --keep DIR: made if missing; an existing one must hold no runs of an earlier comparison,
 * which the globs of a later `profan diff` would mix in. */
static int keep_dir(const char *dir, const char *suffix)
{
	if (mkdir(dir, 0777) == 0)
		return 0;
	if (errno != EEXIST) {
		pf_error("ab: --keep %s: %s", dir, strerror(errno));
		return -1;
	}
	DIR *d = opendir(dir);
	if (d == NULL) {
		pf_error("ab: --keep %s: %s", dir, strerror(errno));
		return -1;
	}
	bool runs = false;
	size_t slen = strlen(suffix);
	for (struct dirent *e; (e = readdir(d)) != NULL && !runs;) {
		size_t len = strlen(e->d_name);
		runs = len > slen && strcmp(e->d_name + len - slen, suffix) == 0;
	}
	closedir(d);
	if (runs) {
		pf_error("ab: --keep %s: it holds recordings already; give a new or empty directory", dir);
		return -1;
	}
	return 0;
}

static int warm_up(struct ab_run *x)
{
	for (size_t i = 0; i < 2 * x->ab->warmup && !x->interrupted; i++) {
		int arm = (int)(i % 2);
		progress_run(x, "warm-up ", arm, i / 2 + 1, x->ab->warmup);
		struct sampler_run res;
		if (run_once(x, arm, NULL, &res) < 0)
			return -1;
	}
	return 0;
}

/* Enough runs to compare after Ctrl-C: one of each arm. */
static bool comparable(const struct arms *a)
{
	return a->files[0].len > 0 && a->files[1].len > 0;
}

int driver_ab(const struct profan_opts *o, const struct ab_opts *ab, const char *cmd_a, const char *cmd_b,
	      struct report *r)
{
	if (o->order != NULL) {
		pf_error("ab: --order is what ab decides (A B B A ...): leave it out");
		return PF_EXIT_USAGE;
	}
	struct sampler s;
	int rc = sampler_open(&s, &ab->rec, "ab");
	if (rc == PF_EXIT_OK)
		rc = driver_check_options(s.format, o);
	const char *cmds[2] = {cmd_a, cmd_b};
	for (int arm = 0; arm < 2 && rc == PF_EXIT_OK; arm++) {
		/* a command that is a path and its arguments (no shell syntax): is it there? */
		const char *c = cmds[arm] + strspn(cmds[arm], " \t");
		size_t word = strcspn(c, " \t");
		char *first = xstrndup(c, word);
		bool missing = strchr(first, '/') != NULL && strpbrk(c, "|&;<>()$`\\\"'*?[#~={}\n") == NULL &&
			       !which_executable(first);
		if (missing)
			pf_error("ab: command %c: %s: no such executable", "AB"[arm], first);
		free(first);
		if (missing)
			rc = PF_EXIT_FAIL;
	}
	if (rc == PF_EXIT_OK)
		rc = sampler_try(&s, "ab");
	if (rc != PF_EXIT_OK) {
		sampler_close(&s);
		return rc;
	}
	char *dir = NULL;
	if (ab->keep != NULL) {
		if (keep_dir(ab->keep, s.rec->suffix) < 0) {
			sampler_close(&s);
			return PF_EXIT_FAIL;
		}
		dir = xstrdup(ab->keep);
	} else {
		const char *tmp = getenv("TMPDIR");
		dir = xasprintf("%s/profan-ab-XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(dir) == NULL) {
			pf_error("ab: cannot make a directory in %s: %s", tmp && *tmp ? tmp : "/tmp", strerror(errno));
			free(dir);
			sampler_close(&s);
			return PF_EXIT_FAIL;
		}
	}
	struct ab_run x = {.ab = ab, .s = &s, .runs = sampler_runs(&s, ab->runs), .dir = dir, .cmd = {cmd_a, cmd_b},
			   .started = now()};
	s.tick = progress_tick;
	s.tick_ctx = &x;
	x.total = 2 * ab->warmup + 2 * x.runs * (ab->aa ? 2 : 1);
	struct arms aa = {.prefix = "aa-"}, main = {.prefix = ""};
	rc = PF_EXIT_FAIL;
	if (warm_up(&x) < 0 || (ab->aa && record_arms(&x, &aa) < 0) || record_arms(&x, &main) < 0)
		goto out;
	progress_end();
	if (x.interrupted && !comparable(&main)) {
		pf_error("ab: interrupted before each arm had a recorded run: nothing to compare");
		goto out;
	}
	report_header(r, "A", "%s", cmd_a);
	report_header(r, "B", "%s", cmd_b);
	time_lines(r, &main);
	report_header(r, "Sampler cost", "included above: recording `%s` took %.3f s wall, %.3f s CPU",
		      sampler_probe_text(&s), s.probe_wall, s.probe_cpu);
	report_header(r, "Recorded", "%zu + %zu runs in the order %s%s, by %s%s", main.files[0].len,
		      main.files[1].len, main.order,
		      ab->warmup ? report_printf(r, " after %zu warm-up runs each", ab->warmup) : "",
		      sampler_describe(&s, r), ab->keep ? "" : "; the recordings are removed after the report (--keep DIR keeps them)");
	if (x.interrupted)
		report_warning(r, "interrupted (Ctrl-C): comparing the %zu runs recorded before it", main.made);
	if (ab->keep != NULL)
		report_header(r, "Kept", "%s: profan diff --order %s --base %s/a-*%s -- %s/b-*%s", dir, main.order,
			      dir, s.rec->suffix, dir, s.rec->suffix);
	if (ab->aa && comparable(&aa)) {
		struct report ra;
		report_init(&ra);
		struct profan_opts quiet = *o;
		quiet.fail_on_change = false;
		int arc = compare(&quiet, &s, &aa, true, &ra);
		for (size_t i = 0; arc == PF_EXIT_OK && i < ra.header.len; i++)
			if (strcmp(ra.header.items[i].key, "A/A") == 0)
				report_header(r, "A/A", "A against itself, %zu + %zu runs (%s): %s", aa.files[0].len,
					      aa.files[1].len, aa.order, ra.header.items[i].value);
		report_release(&ra);
		if (arc != PF_EXIT_OK) {
			rc = arc;
			goto out;
		}
	} else if (ab->aa) {
		report_warning(r, "interrupted before the A/A had a run of each arm: no A/A");
	}
	rc = compare(o, &s, &main, false, r);
out:
	progress_end();
	arms_release(&aa, ab->keep == NULL);
	arms_release(&main, ab->keep == NULL);
	if (ab->keep == NULL)
		rmdir(dir);
	free(dir);
	sampler_close(&s);
	return rc;
}
