/* samply_columns.c: samply's sample columns read from the token stream (or a tree) into the
 * compact form of samply_columns.h. */
#include "samply_columns.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/column.h"

static struct scol *scol_new(enum scol_kind k)
{
	struct scol *c = xcalloc(1, sizeof(*c));
	c->kind = k;
	c->bad = SIZE_MAX;
	c->t_min = INFINITY;
	c->t_max = -INFINITY;
	return c;
}

void scol_free(struct scol *c)
{
	if (c != NULL)
		col_free(c->data);
	free(c);
}

/* Room for CAP values of the width in use (the columns of big profiles: column.h). */
static void resize(struct scol *c, size_t cap)
{
	c->data = col_resize(c->data, cap, c->width);
	c->cap = cap;
}

static void scol_release(void *c)
{
	scol_free(c);
}

static unsigned width_for(uint64_t v)
{
	return v <= UINT8_MAX ? 1 : v <= UINT16_MAX ? 2 : v <= UINT32_MAX ? 4 : 8;
}

/* Stores the column in WIDTH bytes a value from now on. */
static void widen(struct scol *c, unsigned width)
{
	size_t cap = c->cap > c->len ? c->cap : c->len + 1024;
	void *to = col_resize(NULL, cap, width);
	for (size_t i = 0; i < c->len; i++) {
		uint64_t v = scol_get(c, i);
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

static void push(struct scol *c, uint64_t v)
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

static void note_bad(struct scol *c, const struct jnum *v)
{
	if (c->bad == SIZE_MAX) {
		c->bad = c->len;
		c->bad_value = *v;
	}
}

static int64_t col_max(enum scol_kind k)
{
	return k == SCOL_STACK ? SCOL_STACK_MAX : k == SCOL_WEIGHT ? SCOL_WEIGHT_MAX : SCOL_CPU_MAX;
}

/* One element of an integer column. */
static void int_elem(struct scol *c, const struct jnum *v)
{
	int64_t max = col_max(c->kind);
	int64_t x;
	if (v->kind == JNUM_NULL) {
		push(c, c->kind == SCOL_WEIGHT ? 1 : 0);
		return;
	}
	bool integer = jnum_i64(v, &x);
	if (c->kind == SCOL_WEIGHT && !(integer && x == 1))
		c->any_not_one = true;
	if (!integer || x < 0 || x > max) {
		note_bad(c, v);
		x = 0; /* never read: the loader stops at the first bad element */
	}
	push(c, c->kind == SCOL_STACK ? (uint64_t)x + 1 : (uint64_t)x);
}

/* One element of a time column, as sample_times() reads it. */
static void time_elem(struct scol *c, const struct jnum *v)
{
	if (c->bad == SIZE_MAX) {
		if (v->kind != JNUM_INT && v->kind != JNUM_DOUBLE) {
			note_bad(c, v);
		} else {
			c->acc = c->kind == SCOL_TIME ? v->d : c->acc + v->d;
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
static inline bool put(struct scol *c, uint64_t x)
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

static int scol_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	(void)first; /* elements come in order, each once */
	struct scol *c = ctx;
	if (c->kind == SCOL_TIME || c->kind == SCOL_TIME_DELTAS) {
		for (size_t i = 0; i < n; i++)
			time_elem(c, &v[i]);
	} else {
		int64_t max = col_max(c->kind);
		uint64_t plus = c->kind == SCOL_STACK; /* stack indices are kept + 1 */
		for (size_t i = 0; i < n; i++) {
			/* the common case: an integer in range that fits the width in use */
			if (v[i].kind == JNUM_INT && v[i].i >= 0 && v[i].i <= max) {
				uint64_t x = (uint64_t)v[i].i + plus;
				c->any_not_one |= x != 1;
				if (put(c, x))
					continue;
			}
			int_elem(c, &v[i]);
		}
	}
	return JNUM_SKIP;
}

/* A run of plain integers (jstream_array_runs): the common case handled a run at a time,
 * anything out of the ordinary element by element as scol_batch() does it. */
static void scol_uints(void *ctx, const uint64_t *v, size_t n)
{
	struct scol *c = ctx;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (size_t i = 0; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	if (hi > (uint64_t)col_max(c->kind)) {
		for (size_t i = 0; i < n; i++) {
			struct jnum e = {.kind = JNUM_INT, .i = (int64_t)v[i], .d = (double)v[i]};
			scol_batch(c, c->len, &e, 1);
		}
		return;
	}
	uint64_t plus = c->kind == SCOL_STACK; /* stack indices are kept + 1 */
	lo += plus, hi += plus;
	if (c->kind == SCOL_WEIGHT)
		c->any_not_one |= lo != 1 || hi != 1;
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
			((uint8_t *)c->data)[c->len + i] = (uint8_t)(v[i] + plus);
		break;
	case 2:
		for (size_t i = 0; i < n; i++)
			((uint16_t *)c->data)[c->len + i] = (uint16_t)(v[i] + plus);
		break;
	case 4:
		for (size_t i = 0; i < n; i++)
			((uint32_t *)c->data)[c->len + i] = (uint32_t)(v[i] + plus);
		break;
	default:
		for (size_t i = 0; i < n; i++)
			((uint64_t *)c->data)[c->len + i] = v[i] + plus;
		break;
	}
	c->len += n;
}

/* A run of plain numbers of a time column: the times' range, as time_elem() keeps it. */
static void scol_reals(void *ctx, const double *v, size_t n)
{
	struct scol *c = ctx;
	bool deltas = c->kind == SCOL_TIME_DELTAS;
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

static const struct jnum_runs int_runs = {.uints = scol_uints}, time_runs = {.reals = scol_reals};

static void trim(struct scol *c)
{
	if (c->width > 0 && c->len > 0 && c->len < c->cap)
		resize(c, c->len);
}

/* Element I of tree array ARR as the stream would have delivered it. */
static struct jnum tree_elem(const struct json *arr, size_t i)
{
	int64_t x;
	double d = 0;
	switch (json_i64_at(arr, i, &x)) {
	case JSON_ELEM_OK: return (struct jnum){.kind = JNUM_INT, .i = x, .d = (double)x};
	case JSON_ELEM_NULL: return (struct jnum){.kind = JNUM_NULL};
	case JSON_ELEM_NOT_NUMBER:
		return (struct jnum){.kind = JNUM_OTHER, .type = json_type(json_at(arr, i))};
	case JSON_ELEM_NOT_INTEGER: break;
	}
	json_f64_at(arr, i, &d);
	return (struct jnum){.kind = JNUM_DOUBLE, .d = d};
}

const struct scol *scol_of(const struct json *arr, enum scol_kind k, struct scol **own)
{
	*own = NULL;
	if (arr == NULL)
		return NULL;
	struct scol *c = json_stub_data(arr);
	if (c != NULL && c->kind == k)
		return c;
	c = *own = scol_new(k);
	struct jnum batch[256];
	size_t n = json_len(arr);
	for (size_t i = 0; i < n; i += 256) {
		size_t m = n - i < 256 ? n - i : 256;
		for (size_t j = 0; j < m; j++)
			batch[j] = tree_elem(arr, i + j);
		scol_batch(c, i, batch, m);
	}
	trim(c);
	return c;
}

/* ---- the divert hook ---- */

static bool level_key_is(const struct jstream *js, size_t level, const char *key)
{
	const char *k = jstream_level_key(js, level);
	return k != NULL && strcmp(k, key) == 0;
}

/* threads[i].samples.KEY, read from the stream when it is an array. */
static int divert_sample_column(void *ctx, struct jstream *js, struct json_stub *stub)
{
	(void)ctx;
	if (jstream_depth(js) != 4 || !level_key_is(js, 1, "threads") || jstream_level_key(js, 2) != NULL ||
	    !level_key_is(js, 3, "samples"))
		return 0;
	static const char *const keys[] = {[SCOL_STACK] = "stack", [SCOL_WEIGHT] = "weight",
					   [SCOL_CPU] = "threadCPUDelta", [SCOL_TIME] = "time",
					   [SCOL_TIME_DELTAS] = "timeDeltas"};
	size_t k = 0;
	while (k < ARRAY_SIZE(keys) && !level_key_is(js, 4, keys[k]))
		k++;
	if (k == ARRAY_SIZE(keys))
		return 0;
	int t = jstream_peek(js);
	if (t != JSON_ARRAY)
		return t < 0 ? -1 : 0;
	struct scol *c = scol_new((enum scol_kind)k);
	const struct jnum_runs *runs = k == SCOL_TIME || k == SCOL_TIME_DELTAS ? &time_runs : &int_runs;
	if (jstream_begin_array(js) < 0 || jstream_array_runs(js, runs, scol_batch, c) < 0) {
		scol_free(c);
		return -1;
	}
	trim(c);
	*stub = (struct json_stub){.type = JSON_ARRAY, .len = c->len, .data = c, .release = scol_release};
	return 1;
}

const struct json_divert samply_divert = {.fn = divert_sample_column, .max_depth = 4};
