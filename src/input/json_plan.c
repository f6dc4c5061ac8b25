/* json_plan.c: the columns of an ingest plan (json_plan.h) read from the token stream: the
 * paths matched where a member's value is due, and each array read as its entry declares. */
#include "json_plan_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/column.h"

/* ---- paths ---- */

/* PAT ("threads[].samples.stack") is the stream's place: as many levels, each a key or []. */
static bool path_is(const struct jstream *js, const char *pat)
{
	size_t depth = jstream_depth(js), level = 0;
	const char *p = pat;
	while (*p != '\0') {
		if (++level > depth)
			return false;
		const char *k = jstream_level_key(js, level);
		if (p[0] == '[') {
			if (k != NULL || p[1] != ']')
				return false;
			p += 2;
		} else {
			size_t n = strcspn(p, ".[");
			if (k == NULL || strncmp(k, p, n) != 0 || k[n] != '\0')
				return false;
			p += n;
		}
		if (*p == '.')
			p++;
	}
	return level == depth;
}

const struct jplan_entry *jplan_match(const struct jstream *js, const struct json_parse_opts *opts)
{
	if (jstream_depth(js) == 0)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(opts->plan) && opts->plan[i] != NULL; i++)
		for (size_t e = 0; e < opts->plan[i]->len; e++)
			if (path_is(js, opts->plan[i]->entries[e].path))
				return &opts->plan[i]->entries[e];
	return NULL;
}

/* ---- columns ---- */

static struct jcol *jcol_new(const struct jplan_entry *e)
{
	struct jcol *c = xcalloc(1, sizeof(*c));
	c->entry = e;
	c->bad = SIZE_MAX;
	c->t_min = INFINITY;
	c->t_max = -INFINITY;
	return c;
}

void jcol_free(struct jcol *c)
{
	if (c != NULL)
		col_free(c->data);
	free(c);
}

/* Room for CAP values of the width in use (the columns of big profiles: column.h). */
static void resize(struct jcol *c, size_t cap)
{
	c->data = col_resize(c->data, cap, c->width);
	c->cap = cap;
}

static unsigned width_for(uint64_t v)
{
	return v <= UINT8_MAX ? 1 : v <= UINT16_MAX ? 2 : v <= UINT32_MAX ? 4 : 8;
}

/* Stores the column in WIDTH bytes a value from now on. */
static void widen(struct jcol *c, unsigned width)
{
	size_t cap = c->cap > c->len ? c->cap : c->len + 1024;
	void *to = col_resize(NULL, cap, width);
	for (size_t i = 0; i < c->len; i++) {
		uint64_t v = jcol_get(c, i);
		switch (width) {
		case 1: ((uint8_t *)to)[i] = (uint8_t)v; break;
		case 2: ((uint16_t *)to)[i] = (uint16_t)v; break;
		case 4: ((uint32_t *)to)[i] = (uint32_t)v; break;
		default: ((uint64_t *)to)[i] = v; break;
		}
	}
	col_free(c->data);
	c->data = to;
	c->cap = cap;
	c->width = width;
}

static void push(struct jcol *c, uint64_t v)
{
	if (c->width == 0) {
		if (c->len == 0)
			c->konst = v;
		if (v == c->konst) {
			c->len++;
			return;
		}
		widen(c, width_for(v > c->konst ? v : c->konst));
	} else if (c->width < 8 && v >> (8 * c->width) != 0) {
		widen(c, width_for(v));
	}
	if (c->len == c->cap)
		resize(c, grow_cap(c->cap, c->len + 1, 1024));
	switch (c->width) {
	case 1: ((uint8_t *)c->data)[c->len] = (uint8_t)v; break;
	case 2: ((uint16_t *)c->data)[c->len] = (uint16_t)v; break;
	case 4: ((uint32_t *)c->data)[c->len] = (uint32_t)v; break;
	default: ((uint64_t *)c->data)[c->len] = v; break;
	}
	c->len++;
}

static void note_bad(struct jcol *c, const struct jnum *v)
{
	if (c->bad == SIZE_MAX) {
		c->bad = c->len;
		c->bad_value = *v;
	}
}

/* One element of an integer column. */
static void uint_elem(struct jcol *c, const struct jnum *v)
{
	const struct jplan_entry *e = c->entry;
	int64_t x;
	if (v->kind == JNUM_NULL) {
		push(c, e->null_as);
		return;
	}
	if (!jnum_i64(v, &x) || x < 0 || x > e->max) {
		note_bad(c, v);
		x = 0; /* never read: the loader stops at the first bad element */
	}
	push(c, (uint64_t)x + e->bias);
}

/* One element of a time column. */
static void time_elem(struct jcol *c, const struct jnum *v)
{
	if (c->bad == SIZE_MAX) {
		if (v->kind != JNUM_INT && v->kind != JNUM_DOUBLE) {
			note_bad(c, v);
		} else {
			c->acc = c->entry->deltas ? c->acc + v->d : v->d;
			if (!isfinite(c->acc)) {
				note_bad(c, v);
				c->not_finite = true;
			} else {
				c->t_min = fmin(c->t_min, c->acc);
				c->t_max = fmax(c->t_max, c->acc);
			}
		}
	}
	c->len++;
}

/* Stores X at the end if it fits the width in use and the room left. */
static inline bool put(struct jcol *c, uint64_t x)
{
	if (c->len == c->cap)
		return false;
	switch (c->width) {
	case 1:
		if (x > UINT8_MAX)
			return false;
		((uint8_t *)c->data)[c->len++] = (uint8_t)x;
		return true;
	case 2:
		if (x > UINT16_MAX)
			return false;
		((uint16_t *)c->data)[c->len++] = (uint16_t)x;
		return true;
	case 4:
		if (x > UINT32_MAX)
			return false;
		((uint32_t *)c->data)[c->len++] = (uint32_t)x;
		return true;
	case 8:
		((uint64_t *)c->data)[c->len++] = x;
		return true;
	}
	return false; /* width 0: a constant so far */
}

static int time_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	(void)first; /* elements come in order, each once */
	for (size_t i = 0; i < n; i++)
		time_elem(ctx, &v[i]);
	return JNUM_SKIP;
}

static int uint_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	(void)first;
	struct jcol *c = ctx;
	int64_t max = c->entry->max;
	uint64_t bias = c->entry->bias;
	for (size_t i = 0; i < n; i++) {
		/* the common case: an integer in range that fits the width in use */
		if (v[i].kind == JNUM_INT && v[i].i >= 0 && v[i].i <= max && put(c, (uint64_t)v[i].i + bias))
			continue;
		uint_elem(c, &v[i]);
	}
	return JNUM_SKIP;
}

/* A run of plain integers (jstream_array_runs): the common case handled a run at a time,
 * anything out of the ordinary element by element as uint_batch() does it. */
static void uint_run(void *ctx, const uint64_t *v, size_t n)
{
	struct jcol *c = ctx;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (size_t i = 0; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	if (hi > (uint64_t)c->entry->max) {
		for (size_t i = 0; i < n; i++) {
			struct jnum e = {.kind = JNUM_INT, .i = (int64_t)v[i], .d = (double)v[i]};
			uint_batch(c, c->len, &e, 1);
		}
		return;
	}
	uint64_t bias = c->entry->bias;
	lo += bias, hi += bias;
	if (c->width == 0) {
		if (lo == hi && (c->len == 0 || lo == c->konst)) {
			c->konst = lo;
			c->len += n;
			return;
		}
		widen(c, width_for(hi > c->konst ? hi : c->konst));
	} else if (c->width < 8 && hi >> (8 * c->width) != 0) {
		widen(c, width_for(hi));
	}
	if (c->cap - c->len < n)
		resize(c, grow_cap(c->cap, c->len + n, 1024));
	switch (c->width) {
	case 1:
		for (size_t i = 0; i < n; i++)
			((uint8_t *)c->data)[c->len + i] = (uint8_t)(v[i] + bias);
		break;
	case 2:
		for (size_t i = 0; i < n; i++)
			((uint16_t *)c->data)[c->len + i] = (uint16_t)(v[i] + bias);
		break;
	case 4:
		for (size_t i = 0; i < n; i++)
			((uint32_t *)c->data)[c->len + i] = (uint32_t)(v[i] + bias);
		break;
	default:
		for (size_t i = 0; i < n; i++)
			((uint64_t *)c->data)[c->len + i] = v[i] + bias;
		break;
	}
	c->len += n;
}

/* A run of plain numbers of a time column: the times' range, as time_elem() keeps it. */
static void time_run(void *ctx, const double *v, size_t n)
{
	struct jcol *c = ctx;
	bool deltas = c->entry->deltas;
	double acc = c->acc, lo = c->t_min, hi = c->t_max;
	size_t i = 0;
	if (c->bad == SIZE_MAX) {
		for (; i < n; i++) {
			double t = deltas ? acc + v[i] : v[i];
			if (!isfinite(t))
				break; /* time_elem() notes it */
			acc = t;
			lo = t < lo ? t : lo; /* no NaN here, and no -0: as fmin() and fmax() */
			hi = t > hi ? t : hi;
		}
		c->acc = acc, c->t_min = lo, c->t_max = hi;
		c->len += i;
	}
	for (; i < n; i++) {
		struct jnum e = {.kind = JNUM_DOUBLE, .d = v[i]};
		time_elem(c, &e);
	}
}

static const struct jnum_runs uint_runs = {.uints = uint_run}, time_runs = {.reals = time_run};

struct jcol *jplan_read(struct jstream *js, const struct jplan_entry *e)
{
	struct jcol *c = jcol_new(e);
	bool times = e->kind == JPLAN_TIMES;
	if (jstream_begin_array(js) < 0 ||
	    jstream_array_runs(js, times ? &time_runs : &uint_runs, times ? time_batch : uint_batch, c) < 0) {
		jcol_free(c);
		return NULL;
	}
	/* kept to the end of the run: without the unused part of the last doubling */
	if (c->width > 0 && c->len > 0 && c->len < c->cap)
		resize(c, c->len);
	return c;
}
