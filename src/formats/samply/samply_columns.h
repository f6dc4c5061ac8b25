/* samply_columns.h: a thread's sample columns (samples.stack, weight, threadCPUDelta, time,
 * timeDeltas) as the samply loader reads them, without the JSON tree's copy.
 *
 * samply_divert (below) reads each column straight from the token stream while the
 * document is parsed and leaves a stub in the tree; a column the tree holds after all (a tree
 * built without the hook, or a value the hook left alone) is read into the same form by
 * scol_from_tree(). Integer columns keep their values in as few bytes as the largest needs;
 * time columns keep only the range of the times. Nothing is reported while reading: the
 * first element the loader will refuse is kept with what it was, and the loader reports it
 * in its own order, with the message the tree's jr_int_at() would print. */
#ifndef PROFAN_SAMPLY_COLUMNS_H
#define PROFAN_SAMPLY_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/json.h"

enum scol_kind { SCOL_STACK, SCOL_WEIGHT, SCOL_CPU, SCOL_TIME, SCOL_TIME_DELTAS };

/* What an integer column's elements may be: nulls and integers in [0, max]. */
#define SCOL_STACK_MAX INT32_MAX
#define SCOL_WEIGHT_MAX INT32_MAX
#define SCOL_CPU_MAX (INT64_C(1) << 40) /* 12 days per sample: anything more is corrupt */

struct scol {
	enum scol_kind kind;
	size_t len;
	/* Integer columns: element I as scol_get() gives it, nulls replaced (stack: index + 1, 0 for
	 * null; weight: 1; CPU: 0); WIDTH bytes each, 0 while every value is KONST. */
	unsigned width;
	uint64_t konst;
	void *data;
	size_t cap;
	/* The first element that is not a null or an integer in [0, max] (SIZE_MAX: none), as read. */
	size_t bad;
	struct jnum bad_value;
	bool any_not_one; /* weight: an element that is neither null nor 1 */
	/* Time columns: the times up to the first element sample_times() refuses (BAD), which is
	 * not a number (TIME_NOT_NUMBER) or makes a time that is not finite. */
	double acc, t_min, t_max;
	bool not_finite;
};

static inline uint64_t scol_get(const struct scol *c, size_t i)
{
	switch (c->width) {
	case 0: return c->konst;
	case 1: return ((const uint8_t *)c->data)[i];
	case 2: return ((const uint16_t *)c->data)[i];
	case 4: return ((const uint32_t *)c->data)[i];
	default: return ((const uint64_t *)c->data)[i];
	}
}

/* The column that stub or array ARR of kind K holds: the stub's own, or a fresh one read from
 * the tree (*OWN then points to it; scol_free() it). NULL when ARR is NULL. */
const struct scol *scol_of(const struct json *arr, enum scol_kind k, struct scol **own);
void scol_free(struct scol *c);

/* Reads the sample columns (threads[i].samples.stack, time, timeDeltas, weight,
 * threadCPUDelta) straight from the token stream while a document is parsed
 * (json_parse_opts.divert): the tree keeps a stub of each, not 16 bytes a sample.
 * samply_load() reads documents parsed with or without it alike. */
extern const struct json_divert samply_divert;

#endif
