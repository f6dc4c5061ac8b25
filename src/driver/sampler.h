/* sampler.h: running a program under the recording format's sampler (format.h's
 * format_recorder), for `profan record` (record.c) and `profan ab` (ab.c): found, checked and
 * tried once before the first real run, so what stops recording is said in one line. */
#ifndef PROFAN_DRIVER_SAMPLER_H
#define PROFAN_DRIVER_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/driver.h"
#include "profan/format.h"

struct sampler {
	const struct input_format *format; /* whose files it records */
	const struct format_recorder *rec;
	const char *who;                   /* the command, in messages: "ab" */
	struct record_request rq;          /* .output set per run */
	char *dir;                         /* scratch directory for the probe's files */
	double probe_wall, probe_cpu;      /* what recording `true` took: the sampler's own cost */
	/* Called about 10 times a second while a run goes on (the progress line), or NULL. */
	void (*tick)(void *ctx);
	void *tick_ctx;
};

/* One finished run of a program. */
struct sampler_run {
	double wall, cpu; /* seconds: wall clock, user + system CPU (the sampler's own included) */
	int status;       /* wait status of the sampler, which exits as its program did */
	bool interrupted; /* SIGINT came during the run */
};

/* Finds the sampler and checks what the machine allows, without running anything (WHO names
 * the command in messages): 0, or PF_EXIT_FAIL after one line. sampler_close() either way. */
int sampler_open(struct sampler *s, const struct record_opts *ro, const char *who);
/* Records `true` once (dropping the monotonic clock if it is refused): 0, or PF_EXIT_FAIL after
 * one line saying why the sampler cannot record here. */
int sampler_try(struct sampler *s, const char *who);
void sampler_close(struct sampler *s);

/* Where a run's standard output and error go. */
enum sampler_io {
	SAMPLER_TO_STDERR, /* both to profan's stderr: stdout is the report's */
	SAMPLER_QUIET,     /* stdout to /dev/null, stderr into the run's ERRFILE */
};

/* Runs CMD[0..n) (no shell) under the sampler into OUTPUT (NULL: unrecorded, the program
 * alone: a warm-up run), its output as IO says (ERRFILE: kept by the caller). While it runs,
 * SIGINT is the program's and the sampler's (res->interrupted says it came). Returns 0, or
 * -1 after one line (it could not start). */
int sampler_run(const struct sampler *s, const char *output, const char *const *cmd, size_t n, enum sampler_io io,
		const char *errfile, struct sampler_run *res);


/* What a finished run's status says about its program, "exit status 3" / "killed by signal
 * 11 (Segmentation fault)", or NULL for exit 0. Static storage. */
const char *sampler_status(int status);

/* The program recorded to try the sampler, for messages: "true". Static storage. */
const char *sampler_probe_text(const struct sampler *s);
/* Runs per arm of ab: ASKED, or the default (5; 1 for an exact recorder). */
size_t sampler_runs(const struct sampler *s, size_t asked);

/* The header's line of how runs were recorded: "perf record -e cpu-clock -F 1000 ...". */
const char *sampler_describe(const struct sampler *s, struct report *r);

#endif
