/* driver.h: the one path every subcommand takes, from inputs to a report:
 *
 *   load each input (file, stdin or bytes; gzip; JSON; the format's loader)
 *   -> merge the runs -> symbolicate (native frames) -> transforms (filters)
 *   -> the format's views -> trees, per-file shares -> exports (files)
 *
 * `profan diff` takes the same path for each side and compares them. The
 * driver reads a struct profan_opts (options.h), never argv, so tests, benches
 * and fuzzers run exactly what the binary runs. */
#ifndef PROFAN_DRIVER_H
#define PROFAN_DRIVER_H

#include <stddef.h>

#include "profan/format.h"
#include "profan/json.h"
#include "profan/options.h"
#include "profan/report.h"

/* One input: a file (PATH; "-" reads stdin), or bytes already in memory
 * (DATA, LEN), in which case PATH only names them in messages. */
struct driver_input {
	const char *path;
	const char *data;
	size_t len;
};

/* Analyses INPUTS[0..N) (runs of one program, merged) as FORMAT (NULL:
 * recognise it) and fills R. Returns PF_EXIT_OK, or PF_EXIT_FAIL /
 * PF_EXIT_USAGE after one error line. */
int driver_run(const struct input_format *format, const struct profan_opts *o, const struct driver_input *inputs,
	       size_t n, struct report *r);

/* Compares BASE[0..NB) with NEW[0..NN) (each file taken through the same
 * loading, symbolication and transforms) and fills R with diff.h's tables. */
int driver_diff(const struct input_format *format, const struct profan_opts *o, const struct driver_input *base,
		size_t nb, const struct driver_input *new_side, size_t nn, struct report *r);

/* The same stages for profiles already in memory (built by a test or a bench):
 * transforms (P is changed in place), the views of P's format (the generic
 * ones for a format the driver does not know), trees and exports. NAME(S)
 * stand for the inputs in the report. */
int driver_run_profile(const struct profan_opts *o, struct profile *p, const char *name, struct report *r);
int driver_diff_profiles(const struct profan_opts *o, struct profile *base, size_t nb,
			 const char *const *base_names, struct profile *news, size_t nn, const char *const *new_names,
			 struct report *r);

/* profan record and profan ab: programs run under the sampler of the format that has one
 * (format.h's format_recorder), then the same analysis as the format's command or diff. */
struct record_opts {
	const char *output;     /* the recording (record only); NULL: the sampler's default name */
	const char *call_graph; /* "dwarf" (NULL: the default) or "fp" */
	unsigned freq;          /* samples per second; 0: 1000 */
	const struct input_format *format; /* whose recorder; NULL: format_recording()'s */
};

/* Records CMD[0..N) (no shell), keeps the recording and analyses it as the format's own
 * command would, into R. Returns an exit status after one error line, as driver_run. */
int driver_record(const struct profan_opts *o, const struct record_opts *ro, const char *const *cmd, size_t n,
		  struct report *r);

struct ab_opts {
	struct record_opts rec;
	size_t runs;      /* recorded runs per arm; 0: 5, or 1 for an exact recorder */
	size_t warmup;    /* unrecorded runs per arm first */
	bool aa;          /* first A against itself, in the same order, as the harness' noise */
	const char *keep; /* directory to keep the recordings in; NULL: a temporary one */
};

/* Options that name a side input or a feature of another format than F, or that F cannot
 * carry out: 0, or PF_EXIT_USAGE after one error line (asked before recording anything). */
int driver_check_options(const struct input_format *f, const struct profan_opts *o);

/* Runs the shell commands CMD_A and CMD_B (sh -c) interleaved A B B A ..., records each run,
 * and compares the arms as driver_diff does (O's diff options), with each arm's times in the
 * header. Returns as driver_diff (DIFF_EXIT_SLOWER with --fail-on-change). */
int driver_ab(const struct profan_opts *o, const struct ab_opts *ab, const char *cmd_a, const char *cmd_b,
	      struct report *r);

#endif
