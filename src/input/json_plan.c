/* json_plan.c: the columns of an ingest plan (json_plan.h) read from the token stream: the
 * paths matched where a member's value is due, and each array read as its entry declares. */
#include "json_plan_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/column.h"

/* ---- paths ---- */

/* Whether PAT ("threads[].samples.stack") leads through the stream's levels 1 .. depth, each a key
 * or []; WHOLE: and ends there (else it goes on below). */
static bool path_is(const struct jstream *js, const char *pat, bool whole)
{
	size_t depth = jstream_depth(js), level = 0;
	const char *p = pat;
	while (*p != '\0' && level < depth) {
		const char *k = jstream_level_key(js, ++level);
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
	return level == depth && (whole ? *p == '\0' : *p != '\0');
}

/* Entry number N of OPTS's plans, or NULL past the last. */
static const struct jplan_entry *entry_at(const struct json_parse_opts *opts, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(opts->plan) && opts->plan[i] != NULL; i++) {
		if (n < opts->plan[i]->len)
			return &opts->plan[i]->entries[n];
		n -= opts->plan[i]->len;
	}
	return NULL;
}

uint32_t jplan_all(const struct json_parse_opts *opts)
{
	size_t n = 0;
	while (n < 32 && entry_at(opts, n) != NULL)
		n++;
	return n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1; /* 32 entries at most are carried out */
}

const struct jplan_entry *jplan_match(const struct jstream *js, const struct json_parse_opts *opts, uint32_t live)
{
	for (size_t n = 0; live != 0; n++, live >>= 1)
		if ((live & 1) && path_is(js, entry_at(opts, n)->path, true))
			return entry_at(opts, n);
	return NULL;
}

uint32_t jplan_enter(const struct jstream *js, const struct json_parse_opts *opts, uint32_t live)
{
	uint32_t in = 0;
	for (size_t n = 0; n < 32 && live >> n != 0; n++)
		if ((live >> n & 1) && path_is(js, entry_at(opts, n)->path, false))
			in |= UINT32_C(1) << n;
	return in;
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

static void jcol_free(struct jcol *c)
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

static struct jcol *read_column(struct jstream *js, const struct jplan_entry *e)
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

/* ---- rows ---- */

/* The rows' columns grow to many MB on big files: columns (column.h) keep their 2 MiB pages whole. */
static void rows_free(struct jrows *R)
{
	if (R == NULL)
		return;
	free(R->path);
	col_free(R->has);
	for (size_t m = 0; m < JPLAN_MEMBERS; m++)
		col_free(R->value[m]);
	col_free(R->at);
	col_free(R->pool);
	free(R->bad);
	free(R);
}

void jrows_drop_indices(struct jrows *R)
{
	col_free(R->at);
	col_free(R->pool);
	R->at = NULL;
	R->pool = NULL;
	R->pool_cap = 0;
}

/* Room for row LEN (and the AT entry after it). */
static void rows_grow(struct jrows *R)
{
	if (R->len + 1 < R->cap)
		return;
	size_t cap = grow_cap(R->cap, R->cap + 1, 4096);
	R->has = col_resize(R->has, cap, sizeof(*R->has));
	R->at = col_resize(R->at, cap, sizeof(*R->at));
	for (size_t m = 0; m < JPLAN_MEMBERS; m++)
		if (R->value[m] != NULL) {
			R->value[m] = col_resize(R->value[m], cap, sizeof(**R->value));
			memset(R->value[m] + R->cap, 0, (cap - R->cap) * sizeof(**R->value));
		}
	R->cap = cap;
}

static int64_t *value_column(struct jrows *R, size_t m)
{
	if (R->value[m] == NULL) {
		R->value[m] = col_resize(NULL, R->cap, sizeof(**R->value));
		memset(R->value[m], 0, R->cap * sizeof(**R->value));
	}
	return R->value[m];
}

static void add_bad(struct jrows *R, size_t m, size_t index, enum json_type type, const struct jnum *v)
{
	if (R->nbad == R->bad_cap) {
		R->bad_cap = grow_cap(R->bad_cap, R->nbad + 1, 16);
		R->bad = xreallocarray(R->bad, R->bad_cap, sizeof(*R->bad));
	}
	R->bad[R->nbad++] = (struct jbad){.row = R->len, .member = m, .index = index, .type = type,
					  .v = v ? *v : (struct jnum){.kind = JNUM_OTHER, .type = type}};
}

/* The elements of one row's index array, appended to the pool. */
struct indices {
	struct jrows *R;
	int64_t max;
	size_t n;         /* elements so far */
	size_t bad;       /* the last unfit one, or SIZE_MAX */
	struct jnum bad_v;
};

static int index_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	(void)first;
	struct indices *x = ctx;
	struct jrows *R = x->R;
	uint64_t at = R->at[R->len + 1];
	if (at + n > R->pool_cap) {
		size_t cap = grow_cap(R->pool_cap, at + n, 1 << 16);
		R->pool = col_resize(R->pool, cap, sizeof(*R->pool));
		R->pool_cap = cap;
	}
	for (size_t i = 0; i < n; i++, x->n++) {
		if (v[i].kind == JNUM_INT && v[i].i >= 0 && v[i].i <= x->max) {
			R->pool[at + i] = (uint32_t)v[i].i;
		} else {
			R->pool[at + i] = UINT32_MAX;
			x->bad = x->n;
			x->bad_v = v[i];
		}
	}
	R->at[R->len + 1] = at + n;
	return JNUM_SKIP;
}

/* Member keys met so far (the stream's interned ids) -> member, or -1. */
struct key_cache {
	uint32_t id[32];
	int member[32];
	size_t len;
};

static int member_of(const struct jplan_entry *e, struct key_cache *kc, const char *key, size_t len, uint32_t id)
{
	for (size_t i = 0; i < kc->len; i++)
		if (kc->id[i] == id)
			return kc->member[i];
	int m = -1;
	for (size_t k = 0; k < e->nmembers && m < 0; k++)
		if (strlen(e->members[k].key) == len && memcmp(e->members[k].key, key, len) == 0)
			m = (int)k;
	if (kc->len < ARRAY_SIZE(kc->id)) {
		kc->id[kc->len] = id;
		kc->member[kc->len++] = m;
	}
	return m;
}

/* One member's value, due in JS, of row R->len. */
static int read_member(struct jstream *js, struct jrows *R, size_t m)
{
	const struct jplan_member *pm = &R->entry->members[m];
	int t = jstream_peek(js);
	if (t < 0)
		return -1;
	R->has[R->len] |= UINT32_C(1) << m;
	if (pm->kind == JPLAN_INT && t == JSON_NUMBER) {
		struct jnum v;
		int64_t x;
		if (jstream_number(js, &v) < 0)
			return -1;
		if (jnum_i64(&v, &x) && x >= 0 && x <= pm->max)
			value_column(R, m)[R->len] = x;
		else
			add_bad(R, m, SIZE_MAX, JSON_NUMBER, &v);
		return 0;
	}
	if (pm->kind == JPLAN_INDICES && t == JSON_ARRAY) {
		struct indices x = {.R = R, .max = pm->max, .bad = SIZE_MAX};
		R->at[R->len + 1] = R->at[R->len];
		if (jstream_begin_array(js) < 0 || jstream_array_numbers(js, index_batch, &x) < 0)
			return -1;
		if (x.bad != SIZE_MAX)
			add_bad(R, m, x.bad, JSON_NUMBER, &x.bad_v);
		return 0;
	}
	add_bad(R, m, SIZE_MAX, (enum json_type)t, NULL);
	return jstream_skip(js);
}

static int read_row(struct jstream *js, struct jrows *R, struct key_cache *kc)
{
	rows_grow(R);
	R->has[R->len] = 0;
	R->at[R->len + 1] = R->at[R->len];
	if (jstream_begin_object(js) < 0)
		return -1;
	int r;
	const char *key;
	size_t len;
	uint32_t id;
	while ((r = jstream_next_key(js, &key, &len, &id)) == 1) {
		int m = member_of(R->entry, kc, key, len, id);
		if ((m < 0 ? jstream_skip(js) : read_member(js, R, (size_t)m)) < 0)
			return -1;
	}
	if (r < 0)
		return -1;
	R->len++;
	return 0;
}

static struct jrows *read_rows(struct jstream *js, const struct jplan_entry *e)
{
	struct jrows *R = xcalloc(1, sizeof(*R));
	char path[512];
	jstream_path(js, path, sizeof(path));
	R->path = xstrdup(path);
	R->entry = e;
	R->not_object = SIZE_MAX;
	R->numbers = true;
	rows_grow(R);
	R->at[0] = 0;
	struct key_cache kc = {0};
	int r = jstream_begin_array(js);
	while (r >= 0 && (r = jstream_next_elem(js)) == 1) {
		int t = jstream_peek(js);
		if (t < 0) {
			r = -1;
			break;
		}
		R->elements++;
		R->numbers = R->numbers && (t == JSON_NUMBER || t == JSON_NULL);
		if (t == JSON_OBJECT && R->not_object == SIZE_MAX) {
			r = read_row(js, R, &kc);
			continue;
		}
		if (R->not_object == SIZE_MAX) {
			R->not_object = R->len;
			R->not_object_type = (enum json_type)t;
		}
		r = jstream_skip(js);
	}
	if (r < 0) {
		rows_free(R);
		return NULL;
	}
	return R;
}

int jplan_read(struct jstream *js, const struct jplan_entry *e, struct jplan_value *out)
{
	*out = (struct jplan_value){0};
	if (e->kind == JPLAN_ROWS) {
		out->rows = read_rows(js, e);
		out->len = out->rows ? out->rows->elements : 0;
		return out->rows ? 0 : -1;
	}
	out->col = read_column(js, e);
	out->len = out->col ? out->col->len : 0;
	return out->col ? 0 : -1;
}

void jplan_value_free(struct jplan_value *v)
{
	jcol_free(v->col);
	rows_free(v->rows);
}
