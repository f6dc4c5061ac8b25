/* transform.h: the user's reshaping of a profile before any view reads it:
 *
 *   focus RE   keep samples with a function matching RE on the stack
 *   ignore RE  drop samples with a function matching RE on the stack
 *   hide RE    take matching functions out of stacks (their self goes to the caller)
 *   root-at RE cut everything above the outermost matching frame
 *   collapse-recursion   f > f > f becomes f (direct recursion)
 *   by G       rebuild functions at another granularity (function, file, line, lib)
 *
 * Each step rewrites the stack table and sample columns in place (strings,
 * functions and frames stay, new ones are added), so every view, tree and
 * export downstream reads an ordinary profile. */
#ifndef PROFAN_TRANSFORM_H
#define PROFAN_TRANSFORM_H

#include <stddef.h>

#include "profan/profile.h"

enum transform_kind {
	TRANSFORM_FOCUS,
	TRANSFORM_IGNORE,
	TRANSFORM_HIDE,
	TRANSFORM_ROOT_AT,
	TRANSFORM_COLLAPSE_RECURSION,
	TRANSFORM_BY,
};

enum transform_by { TRANSFORM_BY_FUNCTION, TRANSFORM_BY_FILE, TRANSFORM_BY_LINE, TRANSFORM_BY_LIB };

#define TRANSFORM_MAX_STEPS 32

struct transform_step {
	enum transform_kind kind;
	const char *pattern; /* the regex, for the kinds that take one */
	enum transform_by by;
	const char *option;  /* the option as typed ("under" for a focus), or NULL: the kind's name */
};

/* The option's name ("focus", "root-at"). */
const char *transform_kind_name(enum transform_kind k);
/* The granularity called NAME; returns 0, or -1 when there is none. */
int transform_by_parse(const char *name, enum transform_by *out);

/* Applies STEPS[0..N) to P in order, records them in P's header ("Filters:
 * focus=RE, by=file (kept 1.20 ms of 3.00 ms, 40.00%)") and warns about a
 * pattern that matches no function. Returns 0, or -1 after one error line. */
int transform_apply(struct profile *p, const struct transform_step *steps, size_t n);

#endif
