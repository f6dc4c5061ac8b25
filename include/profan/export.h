/* export.h: what profan writes for other tools, besides its own report:
 *
 *   folded      collapsed stacks (flamegraph.pl, inferno), one or two value columns
 *   pprof       gzipped profile.proto for `go tool pprof`
 *   flamegraph  an interactive SVG flame graph, plain or differential
 *
 * and the output files they go to. */
#ifndef PROFAN_EXPORT_H
#define PROFAN_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profan/calltree.h"
#include "profan/profile.h"

/* A file being written: into a temporary file beside PATH (or, for a symbolic
 * link, beside the file it names), renamed over it by output_close() once
 * everything is written. Special files such as /dev/null, and /dev/stdout or
 * /proc/self/fd/N, are written in place. */
struct output {
	FILE *f;
	char *path, *tmp;
	char *target; /* with TMP: the file it is renamed to, PATH's links followed */
};
/* Opens PATH for writing ("-" is refused: stdout carries the report; WHAT names
 * the option in that message). NULL after one error line. */
struct output *output_open(const char *path, const char *what);
/* Finishes and frees O; returns 0, or -1 after "profan: PATH: write error: ..."
 * (the file's previous contents, if any, are left as they were). */
int output_close(struct output *o);
/* Gives up on O (after an error of the caller's): the target is left as it was. */
void output_abort(struct output *o);
/* Are A and B the same existing regular file (device and inode)? */
bool output_same_file(const char *a, const char *b);
/* The file PATH writes to, its links followed and its folder made a real path
 * (malloc'd): two outputs with one target would leave only the last one. */
char *output_target(const char *path);

/* Each returns 0, or -1 after one error line. */
int export_folded(const char *path, const struct calltree *t, bool two_sides);
/* KEEP (NULL: all) selects samples, as in weights_compute(). */
int export_pprof(const char *path, const struct profile *p, size_t metric, const bool *keep);
struct flamegraph_opts {
	const char *title, *subtitle;
	enum pf_unit unit;
	bool diff; /* widths from side 1, colour from the change of each node's share */
};
int export_flamegraph(const char *path, const struct calltree *t, const struct flamegraph_opts *o);

#endif
