/* json_plan.h: a format's declared ingest plan: which arrays of a document become columns.
 *
 * A profile's bulk is a few long arrays of numbers at paths the format knows in advance
 * ("threads[].samples.stack"). A format declares them here, each with what its elements may
 * be, and json_parse() (json_parse_opts.plan) reads every array found at one of those paths
 * straight from the token stream into a column (struct jcol) as the document streams by:
 * the tree keeps only the array's node (its type, length and place, for the jr_* readers'
 * error lines) and json_column() (json.h) gives the column. An array of objects may be read as
 * rows (JPLAN_ROWS: DHAT's program points), each declared member a column; json_rows() gives
 * them. A value of another type at the path is left to the tree, where the reader's type check
 * meets it. The loader reads the columns and nothing else: there is no second way in.
 *
 * Nothing is reported while a column fills: the first element out of the declared range is
 * kept as it was read (jcol.bad, .bad_value; of rows, every unfit member: struct jbad), and
 * the loader reports it in its own order with jr_elem_error() or jr_member_error(), in the
 * words the tree readers use for a tree's element or member. */
#ifndef PROFAN_JSON_PLAN_H
#define PROFAN_JSON_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/jstream.h"

enum jplan_kind {
	/* nulls and integers in [0, MAX]: a null stores NULL_AS, an integer itself + BIAS (stack
	 * indices kept + 1, so 0 stays for null), in as few bytes a value as the largest needs */
	JPLAN_UINTS,
	/* numbers read as times: only their range is kept (jcol.t_min, .t_max); with DELTAS each
	 * element adds to the sum before it. An element that is no number, or that makes a time
	 * that is not finite, is the column's bad element (and NOT_FINITE says which). */
	JPLAN_TIMES,
	/* an array of objects, a row each, whose MEMBERS become columns (struct jrows) */
	JPLAN_ROWS,
	/* a member of a row: an integer in [0, MAX] (struct jrows.value) */
	JPLAN_INT,
	/* a member of a row: an array of integers in [0, MAX < 2^32 - 1] (struct jrows.pool); one per row */
	JPLAN_INDICES,
};

struct jplan_member {
	const char *key;
	enum jplan_kind kind; /* JPLAN_INT or JPLAN_INDICES */
	int64_t max;
};
#define JPLAN_MEMBERS 16

struct jplan_entry {
	const char *path; /* member keys, and [] for any element of an array: "threads[].samples.stack" */
	enum jplan_kind kind;
	int64_t max;      /* JPLAN_UINTS */
	uint64_t null_as; /* JPLAN_UINTS */
	uint64_t bias;    /* JPLAN_UINTS */
	bool deltas;      /* JPLAN_TIMES */
	const struct jplan_member *members; /* JPLAN_ROWS: up to JPLAN_MEMBERS; other keys are skipped */
	size_t nmembers;
};

struct json_plan {
	const struct jplan_entry *entries;
	size_t len;
};

/* An array read by a plan. */
struct jcol {
	const struct jplan_entry *entry; /* the plan's entry that matched the array */
	size_t len;
	/* JPLAN_UINTS: element I as jcol_get() gives it; WIDTH bytes each, 0 while every value is KONST */
	unsigned width;
	uint64_t konst;
	void *data;
	size_t cap;
	/* The first element out of the declared range (SIZE_MAX: none), as read. */
	size_t bad;
	struct jnum bad_value;
	/* JPLAN_TIMES: the times up to the bad element */
	double acc, t_min, t_max;
	bool not_finite;
};

/* A member of a row that is not what its declaration says (the member itself: INDEX is SIZE_MAX,
 * TYPE its type; a number as V), or an element of an index array (element INDEX, as V). */
struct jbad {
	size_t row;
	size_t member; /* its place in jplan_entry.members */
	size_t index;
	enum json_type type;
	struct jnum v;
};

/* An array of objects read by a JPLAN_ROWS entry. Up to the first element that is no object:
 * the loader stops there, so the rest is only checked by the stream. */
struct jrows {
	const struct jplan_entry *entry;
	char *path;        /* the array's JSON path ("pps"), for error lines */
	size_t len;        /* the rows (objects) before the first element that is none */
	size_t elements;   /* every element */
	size_t not_object; /* the first element that is no object (LEN), or SIZE_MAX */
	enum json_type not_object_type;
	bool numbers;      /* every element is a number or null: the tree would have packed them */
	uint32_t *has;     /* per row: bit M set when member M was there, fit or not */
	int64_t *value[JPLAN_MEMBERS]; /* JPLAN_INT member M per row (0 when absent or unfit); NULL
					* when no row had it */
	/* the JPLAN_INDICES member: row I's elements are pool[at[I] .. at[I + 1]); an unfit element
	 * is UINT32_MAX there */
	uint64_t *at;
	uint32_t *pool;
	/* the unfit members in row order (per row in member order of the file); of an index array
	 * only the last unfit element */
	struct jbad *bad;
	size_t nbad;
	size_t cap, pool_cap, bad_cap;
};

/* Frees ROWS's index pool (AT and POOL) once the loader has made what it needs of them. */
void jrows_drop_indices(struct jrows *rows);

static inline uint64_t jcol_get(const struct jcol *c, size_t i)
{
	switch (c->width) {
	case 0: return c->konst;
	case 1: return ((const uint8_t *)c->data)[i];
	case 2: return ((const uint16_t *)c->data)[i];
	case 4: return ((const uint32_t *)c->data)[i];
	default: return ((const uint64_t *)c->data)[i];
	}
}

/* Every element of C stores V (true for an empty column). */
static inline bool jcol_all(const struct jcol *c, uint64_t v)
{
	return c->len == 0 || (c->width == 0 && c->konst == v);
}

#endif
