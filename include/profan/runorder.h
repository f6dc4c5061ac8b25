/* runorder.h: the order in which a comparison's runs were made, and the ABBA rule.
 *
 * A drift over time (a machine warming up, a neighbour starting a job) looks like a
 * change when one arm always runs first. The rule of thumb: alternate the order
 * within each pair of runs (A B, B A, ...). An order is a text of 'A' (base) and
 * 'B' (new), one letter per run in the order the runs were made; the runs of each
 * arm are taken in the order they were given. */
#ifndef PROFAN_RUNORDER_H
#define PROFAN_RUNORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --order TEXT for NB base and NN new runs: letters A and B (either case), with
 * spaces, commas, dashes or slashes between them for readability ("ABBA-ABBA").
 * Returns the bare letters (caller frees), or NULL with a reason in ERR. */
char *runorder_parse(const char *text, size_t nb, size_t nn, char *err, size_t errlen);

/* The time a file name says a run was made, as a sortable number (YYYYMMDDhhmmss),
 * from a date and time in its last path component: node's CPU.20250101.120000...,
 * ISO 2025-01-01T12:00:00, 20250101-120000. False when there is none. */
bool runorder_time_in_name(const char *path, int64_t *when);

/* The order from one time per run (base runs first, then new ones): NULL unless
 * all NB + NN times are known and, in time order, each is at least MIN_GAP after
 * the one before (files copied or checked out together are not runs in order).
 * Caller frees. */
char *runorder_from_times(const int64_t *when, const bool *known, size_t nb, size_t nn, int64_t min_gap);

/* Pairs the i-th base run with the i-th new run, both in time order: 'A' when the
 * base ran first in every pair, 'B' when the new arm did, 0 when the order
 * alternates (or there are fewer than two pairs to tell). */
char runorder_always_first(const char *order);

#endif
