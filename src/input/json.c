/* json.c: the compact tree of a JSON value (see json.h for the design), built
 * from a jstream, and the jr_* readers.
 *
 * Arrays start out "packed" (a typed column of numbers, filled by
 * jstream_array_numbers); the first element that is not a number or null
 * converts the array to ordinary nodes. */
#include "profan/json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/source.h"
#include "json_plan_int.h"
#include "json_test.h"

/* NF_STUB: a value read without its elements, by a divert hook or (NF_COLUMN) a plan */
enum { NF_INT = 1, NF_PACKED = 2, NF_STUB = 4, NF_COLUMN = 8 };
enum pack_kind { PACK_I32, PACK_I64, PACK_F64 };

struct json {
	uint8_t type, flags;
	uint32_t parent; /* node index; UINT32_MAX at the root of a tree */
	union {
		int64_t i;
		double d;
		struct {
			uint64_t off;
			uint32_t len;
		} s;
		struct {
			uint32_t first; /* into doc->kids (pairs for objects), or doc->packs */
			uint32_t count;
		} c;
	} u;
};

/* Nodes live in chunks aligned to their own size, so a node finds its chunk
 * (and so its document) by masking its address: no back pointer per node,
 * and chunks never move while the tree grows. */
#define CHUNK_SHIFT 15
#define CHUNK_NODES (1u << CHUNK_SHIFT)
#define CHUNK_ALIGN ((size_t)1 << 20)

struct node_chunk {
	const struct json_doc *doc;
	uint32_t base; /* index of nodes[0] */
	struct json nodes[];
};

_Static_assert(sizeof(struct node_chunk) + CHUNK_NODES * sizeof(struct json) <= CHUNK_ALIGN,
	       "a node chunk must fit its alignment");

/* The innermost array while it is still packed. */
struct pack {
	enum pack_kind kind;
	bool has_wide_int; /* an integer beyond 2^53: widening to double would round it */
	bool has_null;     /* in this array (the bitmap is kept, zeroed, for the next ones) */
	size_t len, cap;
	void *data;
	uint64_t *nulls; /* bitmap, NULL until some array had a null */
};

/* A finished packed array as the tree keeps it. */
struct packed {
	uint8_t kind;   /* enum pack_kind */
	bool owned;     /* data and nulls are heap buffers of their own (big arrays) */
	bool has_nulls;
	uint32_t len;
	void *data;     /* owned */
	uint64_t *nulls;
	size_t off, nulls_off; /* not owned: into doc->packpool */
};

/* Arrays up to this size are copied into the document's pack pool, so the
 * builder's scratch buffer is reused and small arrays cost no malloc each. */
#define PACK_POOL_MAX 16384

/* A tree of the document and where it sits in the input ("" for a whole document). */
struct subtree {
	uint32_t node;
	size_t path; /* into doc->paths */
};

struct tframe {
	uint32_t node;
	bool is_object;
	bool packed;
	size_t kid_start; /* into the builder's kid stack */
	uint32_t key;     /* the member being built */
	uint32_t live;    /* the plan's entries whose paths lead through this container (json_plan_int.h) */
};

struct json_doc {
	char *origin;
	struct json_keys *keys;
	struct node_chunk **chunks;
	size_t chunk_count, node_count;
	uint32_t *kids;
	size_t kid_count, kid_cap;
	struct packed *packs;
	size_t pack_count, pack_cap;
	struct jbuf packpool; /* data of small packed arrays */
	struct jbuf pool;     /* string bytes, each NUL-terminated */
	VEC(struct subtree) trees;
	struct jbuf paths;
	VEC(struct json_stub) stubs; /* what divert hooks made of the values they read */
	VEC(struct jplan_value) cols; /* the arrays the ingest plan read */
	size_t repairs;
	/* the builder's scratch, kept for the next tree */
	VEC(struct tframe) stack;
	VEC(uint32_t) kidstack; /* children of open containers; pairs (key, node) for objects */
	struct pack cur;
};

/* ---------------------------------------------------------------- packs */

static size_t pack_elem_size(enum pack_kind k)
{
	return k == PACK_I32 ? 4 : 8;
}

static void pack_reserve(struct pack *p, size_t need)
{
	if (need <= p->cap)
		return;
	size_t ncap = grow_cap(p->cap, need, 64);
	p->data = xreallocarray(p->data, ncap, pack_elem_size(p->kind));
	if (p->nulls != NULL) {
		p->nulls = xreallocarray(p->nulls, (ncap + 63) / 64, 8);
		memset(p->nulls + (p->cap + 63) / 64, 0, ((ncap + 63) / 64 - (p->cap + 63) / 64) * 8);
	}
	p->cap = ncap;
}

/* Widen the element type in place, converting from the end backwards. */
static void pack_widen(struct pack *p, enum pack_kind to)
{
	if (p->kind == PACK_I32) {
		p->data = xreallocarray(p->data, p->cap ? p->cap : 1, 8);
		int32_t *src = p->data;
		for (size_t i = p->len; i-- > 0;) {
			int32_t v = src[i];
			if (to == PACK_I64)
				((int64_t *)p->data)[i] = v;
			else
				((double *)p->data)[i] = v;
		}
	} else if (p->kind == PACK_I64 && to == PACK_F64) {
		int64_t *src = p->data;
		for (size_t i = 0; i < p->len; i++) {
			double d = (double)src[i];
			memcpy((double *)p->data + i, &d, 8);
		}
	}
	p->kind = to;
}

static inline void pack_push_int(struct pack *p, int64_t v)
{
	if (v > (1LL << 53) || v < -(1LL << 53))
		p->has_wide_int = true;
	if (p->kind == PACK_I32 && (v < INT32_MIN || v > INT32_MAX))
		pack_widen(p, PACK_I64);
	pack_reserve(p, p->len + 1);
	switch (p->kind) {
	case PACK_I32: ((int32_t *)p->data)[p->len++] = (int32_t)v; break;
	case PACK_I64: ((int64_t *)p->data)[p->len++] = v; break;
	case PACK_F64: ((double *)p->data)[p->len++] = (double)v; break;
	}
}

static void pack_push_double(struct pack *p, double d)
{
	if (p->kind != PACK_F64)
		pack_widen(p, PACK_F64);
	pack_reserve(p, p->len + 1);
	((double *)p->data)[p->len++] = d;
}

static void pack_push_null(struct pack *p)
{
	pack_reserve(p, p->len + 1);
	if (p->nulls == NULL)
		p->nulls = xcalloc((p->cap + 63) / 64, 8);
	p->nulls[p->len / 64] |= 1ULL << (p->len % 64);
	p->has_null = true;
	pack_push_int(p, 0);
}

static bool bit_is_set(const uint64_t *bits, size_t i)
{
	return bits != NULL && (bits[i / 64] >> (i % 64) & 1);
}

/* Empty the scratch pack for the next array, keeping its buffers. */
static void pack_reset(struct pack *p)
{
	if (p->nulls)
		memset(p->nulls, 0, (p->len + 63) / 64 * 8);
	p->len = 0;
	p->kind = PACK_I32;
	p->has_wide_int = false;
	p->has_null = false;
}

static const void *pack_data(const struct json_doc *d, const struct packed *p)
{
	return p->owned ? p->data : d->packpool.data + p->off;
}

static const uint64_t *pack_nulls(const struct json_doc *d, const struct packed *p)
{
	if (!p->has_nulls)
		return NULL;
	return p->owned ? p->nulls : (const uint64_t *)(d->packpool.data + p->nulls_off);
}

/* ---------------------------------------------------------------- documents */

static const struct node_chunk *chunk_of(const struct json *v)
{
	return (const struct node_chunk *)((uintptr_t)v & ~(uintptr_t)(CHUNK_ALIGN - 1));
}

static const struct json_doc *doc_of(const struct json *v)
{
	return chunk_of(v)->doc;
}

static uint32_t index_of(const struct json *v)
{
	const struct node_chunk *c = chunk_of(v);
	return c->base + (uint32_t)(v - c->nodes);
}

static struct json *node_at(const struct json_doc *d, uint32_t idx)
{
	return &d->chunks[idx >> CHUNK_SHIFT]->nodes[idx & (CHUNK_NODES - 1)];
}

static void jbuf_reserve(struct jbuf *b, size_t extra)
{
	if (b->len + extra <= b->cap)
		return;
	size_t ncap = grow_cap(b->cap, b->len + extra, 4096);
	b->data = xrealloc(b->data, ncap);
	b->cap = ncap;
}

struct json_doc *json_doc_new(struct jstream *js)
{
	struct json_doc *d = xcalloc(1, sizeof(*d));
	d->origin = xstrdup(jstream_origin(js));
	d->keys = json_keys_ref(jstream_keys(js));
	return d;
}

struct json_mark json_doc_mark(const struct json_doc *d)
{
	return (struct json_mark){.nodes = d->node_count,
				  .kids = d->kid_count,
				  .packs = d->pack_count,
				  .packpool = d->packpool.len,
				  .pool = d->pool.len,
				  .paths = d->paths.len,
				  .trees = d->trees.len,
				  .stubs = d->stubs.len,
				  .cols = d->cols.len};
}

void json_doc_rewind(struct json_doc *d, struct json_mark m)
{
	for (size_t i = m.packs; i < d->pack_count; i++) {
		if (d->packs[i].owned) {
			free(d->packs[i].data);
			free(d->packs[i].nulls);
		}
	}
	for (size_t i = m.stubs; i < d->stubs.len; i++)
		if (d->stubs.items[i].release)
			d->stubs.items[i].release(d->stubs.items[i].data);
	d->stubs.len = m.stubs;
	for (size_t i = m.cols; i < d->cols.len; i++)
		jplan_value_free(&d->cols.items[i]);
	d->cols.len = m.cols;
	d->node_count = m.nodes;
	d->kid_count = m.kids;
	d->pack_count = m.packs;
	d->packpool.len = m.packpool;
	d->pool.len = m.pool;
	d->paths.len = m.paths;
	d->trees.len = m.trees;
}

/* Forgets every tree in D, keeping its memory for the next ones. */
static void json_doc_clear(struct json_doc *d)
{
	json_doc_rewind(d, (struct json_mark){0});
}

void json_doc_free(struct json_doc *d)
{
	if (d == NULL)
		return;
	json_doc_clear(d);
	free(d->packs);
	free(d->packpool.data);
	for (size_t i = 0; i < d->chunk_count; i++)
		free(d->chunks[i]);
	free(d->chunks);
	free(d->kids);
	free(d->pool.data);
	free(d->paths.data);
	vec_free(&d->trees);
	vec_free(&d->stubs);
	vec_free(&d->cols);
	vec_free(&d->stack);
	vec_free(&d->kidstack);
	free(d->cur.data);
	free(d->cur.nulls);
	json_keys_unref(d->keys);
	free(d->origin);
	free(d);
}

const struct json *json_doc_root(const struct json_doc *d)
{
	return d->node_count ? node_at(d, 0) : NULL;
}

const char *json_doc_origin(const struct json_doc *d)
{
	return d->origin;
}

size_t json_doc_repairs(const struct json_doc *d)
{
	return d->repairs;
}

size_t json_doc_memory(const struct json_doc *d)
{
	size_t m = d->chunk_count * CHUNK_NODES * sizeof(struct json) + d->kid_cap * 4 + d->pool.cap +
		   d->packpool.cap + d->pack_cap * sizeof(struct packed);
	for (size_t i = 0; i < d->pack_count; i++)
		if (d->packs[i].owned)
			m += d->packs[i].len * pack_elem_size(d->packs[i].kind) +
			     (d->packs[i].nulls ? (d->packs[i].len + 63) / 64 * 8 : 0);
	return m;
}

/* ---------------------------------------------------------------- building */

static uint32_t new_node(struct json_doc *d, enum json_type t)
{
	if (d->node_count == d->chunk_count * CHUNK_NODES) {
		struct node_chunk *c = NULL;
		if (posix_memalign((void **)&c, CHUNK_ALIGN, CHUNK_ALIGN) != 0 || c == NULL) {
			fprintf(stderr, "profan: out of memory (allocating a JSON node chunk)\n");
			abort();
		}
		c->doc = d;
		c->base = (uint32_t)d->node_count;
		d->chunks = xreallocarray(d->chunks, d->chunk_count + 1, sizeof(*d->chunks));
		d->chunks[d->chunk_count++] = c;
	}
	uint32_t idx = (uint32_t)d->node_count++;
	struct json *n = node_at(d, idx);
	memset(n, 0, sizeof(*n));
	n->type = (uint8_t)t;
	n->parent = d->stack.len ? d->stack.items[d->stack.len - 1].node : UINT32_MAX;
	return idx;
}

static void add_child(struct json_doc *d, uint32_t idx)
{
	if (d->stack.len == 0)
		return;
	struct tframe *f = &d->stack.items[d->stack.len - 1];
	if (f->is_object)
		vec_push(&d->kidstack, f->key);
	vec_push(&d->kidstack, idx);
}

static uint32_t number_node(struct json_doc *d, const struct jnum *v)
{
	uint32_t idx = new_node(d, JSON_NUMBER);
	struct json *n = node_at(d, idx);
	if (v->kind == JNUM_INT) {
		n->flags = NF_INT;
		n->u.i = v->i;
	} else {
		n->u.d = v->d;
	}
	return idx;
}

/* Convert the packed array on top of the stack to nodes. */
static void unpack_current(struct json_doc *d)
{
	struct pack *p = &d->cur;
	for (size_t i = 0; i < p->len; i++) {
		uint32_t idx;
		if (bit_is_set(p->nulls, i)) {
			idx = new_node(d, JSON_NULL);
		} else {
			idx = new_node(d, JSON_NUMBER);
			struct json *n = node_at(d, idx);
			switch (p->kind) {
			case PACK_I32: n->u.i = ((int32_t *)p->data)[i]; n->flags = NF_INT; break;
			case PACK_I64: n->u.i = ((int64_t *)p->data)[i]; n->flags = NF_INT; break;
			case PACK_F64: n->u.d = ((double *)p->data)[i]; break;
			}
		}
		vec_push(&d->kidstack, idx);
	}
	pack_reset(p);
	d->stack.items[d->stack.len - 1].packed = false;
}

/* Elements of the array on top of the stack, as jstream_array_numbers() reads them. */
static int pack_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	(void)first;
	struct json_doc *d = ctx;
	struct tframe *top = &d->stack.items[d->stack.len - 1];
	for (size_t i = 0; i < n; i++) {
		if (v[i].kind == JNUM_OTHER)
			return JNUM_STOP;
		if (top->packed) {
			bool wide = v[i].kind == JNUM_INT && (v[i].i > (1LL << 53) || v[i].i < -(1LL << 53));
			if ((v[i].kind == JNUM_DOUBLE && d->cur.has_wide_int) || (wide && d->cur.kind == PACK_F64)) {
				unpack_current(d); /* keep big integers exact: store this array as nodes */
				top = &d->stack.items[d->stack.len - 1];
			}
		}
		if (top->packed) {
			if (v[i].kind == JNUM_NULL)
				pack_push_null(&d->cur);
			else if (v[i].kind == JNUM_INT)
				pack_push_int(&d->cur, v[i].i);
			else
				pack_push_double(&d->cur, v[i].d);
			continue;
		}
		vec_push(&d->kidstack, v[i].kind == JNUM_NULL ? new_node(d, JSON_NULL) : number_node(d, &v[i]));
	}
	return JNUM_SKIP;
}

static void *packpool_add(struct json_doc *d, const void *src, size_t bytes, size_t *off)
{
	d->packpool.len = (d->packpool.len + 7) & ~(size_t)7;
	jbuf_reserve(&d->packpool, bytes);
	*off = d->packpool.len;
	memcpy(d->packpool.data + d->packpool.len, src, bytes);
	d->packpool.len += bytes;
	return d->packpool.data + *off;
}

static int close_packed(struct jstream *js, struct json_doc *d, struct json *n)
{
	struct pack *p = &d->cur;
	if (p->len > UINT32_MAX)
		return jstream_fail(js, "array with more than 4294967295 elements");
	struct packed rec = {.kind = (uint8_t)p->kind, .len = (uint32_t)p->len, .has_nulls = p->has_null};
	size_t bytes = p->len * pack_elem_size(p->kind), null_bytes = (p->len + 63) / 64 * 8;
	if (p->len == 0) {
		rec.has_nulls = false;
		pack_reset(p);
	} else if (bytes <= PACK_POOL_MAX) {
		packpool_add(d, p->data, bytes, &rec.off);
		if (p->has_null)
			packpool_add(d, p->nulls, null_bytes, &rec.nulls_off);
		pack_reset(p);
	} else {
		/* a big array: hand the buffers over, trimmed, and start a new scratch */
		rec.owned = true;
		rec.data = xreallocarray(p->data, p->len, pack_elem_size(p->kind));
		if (p->has_null) {
			rec.nulls = xreallocarray(p->nulls, (p->len + 63) / 64, 8);
		} else {
			free(p->nulls); /* zeroed, left from an earlier array that had a null */
			rec.nulls = NULL;
		}
		memset(p, 0, sizeof(*p));
	}
	if (d->pack_count == d->pack_cap) {
		d->pack_cap = grow_cap(d->pack_cap, d->pack_count + 1, 64);
		d->packs = xreallocarray(d->packs, d->pack_cap, sizeof(*d->packs));
	}
	n->flags |= NF_PACKED;
	n->u.c.first = (uint32_t)d->pack_count;
	n->u.c.count = rec.len;
	d->packs[d->pack_count++] = rec;
	return 0;
}

static int close_nodes(struct jstream *js, struct json_doc *d, const struct tframe *f, struct json *n)
{
	size_t nk = d->kidstack.len - f->kid_start;
	if (d->kid_count + nk > UINT32_MAX)
		return jstream_fail(js, "more than 4294967295 values");
	vec_grow_((void **)&d->kids, &d->kid_cap, sizeof(*d->kids), d->kid_count + nk);
	if (nk > 0)
		memcpy(d->kids + d->kid_count, d->kidstack.items + f->kid_start, nk * sizeof(uint32_t));
	n->u.c.first = (uint32_t)d->kid_count;
	n->u.c.count = (uint32_t)(f->is_object ? nk / 2 : nk);
	d->kid_count += nk;
	d->kidstack.len = f->kid_start;
	return 0;
}

/* The container on top of the stack has just closed in the stream. */
static int close_container(struct jstream *js, struct json_doc *d)
{
	struct tframe f = d->stack.items[d->stack.len - 1];
	struct json *n = node_at(d, f.node);
	int rc = f.packed ? close_packed(js, d, n) : close_nodes(js, d, &f, n);
	d->stack.len--;
	if (rc < 0)
		return -1;
	add_child(d, f.node);
	return 0;
}

/* Enters the container of type T that is due, LIVE: the plan's entries that lead into it. */
static int open_container(struct jstream *js, struct json_doc *d, enum json_type t, uint32_t live)
{
	if ((t == JSON_OBJECT ? jstream_begin_object(js) : jstream_begin_array(js)) < 0)
		return -1;
	if (d->node_count >= UINT32_MAX - 1)
		return jstream_fail(js, "more than 4294967294 values");
	uint32_t idx = new_node(d, t);
	struct tframe f = {.node = idx, .is_object = t == JSON_OBJECT, .packed = t == JSON_ARRAY,
			   .kid_start = d->kidstack.len, .live = live};
	vec_push(&d->stack, f);
	return 0;
}

/* A scalar of type T (already peeked) as a node, added to its parent. */
static int scalar(struct jstream *js, struct json_doc *d, int t)
{
	uint32_t idx;
	switch (t) {
	case JSON_STRING: {
		size_t off = d->pool.len, len;
		if (jstream_string_into(js, &d->pool, &len) < 0)
			return -1;
		if (len > UINT32_MAX)
			return jstream_fail(js, "string longer than 4 GiB");
		idx = new_node(d, JSON_STRING);
		node_at(d, idx)->u.s.off = off;
		node_at(d, idx)->u.s.len = (uint32_t)len;
		break;
	}
	case JSON_NUMBER: {
		struct jnum v;
		if (jstream_number(js, &v) < 0)
			return -1;
		idx = number_node(d, &v);
		break;
	}
	case JSON_BOOL: {
		bool b;
		if (jstream_bool(js, &b) < 0)
			return -1;
		idx = new_node(d, JSON_BOOL);
		node_at(d, idx)->u.i = b;
		break;
	}
	default:
		if (jstream_null(js) < 0)
			return -1;
		idx = new_node(d, JSON_NULL);
		break;
	}
	add_child(d, idx);
	return 0;
}

static size_t record_tree(struct jstream *js, struct json_doc *d)
{
	char path[512];
	jstream_path(js, path, sizeof(path));
	size_t len = strlen(path);
	jbuf_reserve(&d->paths, len + 1);
	size_t off = d->paths.len;
	memcpy(d->paths.data + off, path, len + 1);
	d->paths.len += len + 1;
	struct subtree t = {.node = (uint32_t)d->node_count, .path = off};
	vec_push(&d->trees, t);
	return off;
}

/* The member's value due in JS, an array at a path of the plan, read into a column as a node of
 * its own: 1 when read, 0 when the plan leaves it to the tree, -1 when the stream failed. */
static int planned(struct jstream *js, struct json_doc *d, const struct json_parse_opts *o, uint32_t live)
{
	const struct jplan_entry *e = jplan_match(js, o, live);
	if (e == NULL)
		return 0;
	int t = jstream_peek(js);
	if (t != JSON_ARRAY)
		return t < 0 ? -1 : 0; /* the loader's type check meets it in the tree */
	struct jplan_value v;
	if (jplan_read(js, e, &v) < 0)
		return -1;
	vec_push(&d->cols, v); /* the document owns it from here, failed or not */
	if (v.len > UINT32_MAX)
		return jstream_fail(js, "more than 4294967295 values");
	uint32_t idx = new_node(d, JSON_ARRAY);
	struct json *n = node_at(d, idx);
	n->flags = NF_STUB | NF_COLUMN;
	n->u.c.count = (uint32_t)v.len;
	n->u.c.first = (uint32_t)(d->cols.len - 1);
	add_child(d, idx);
	return 1;
}

/* The value due in JS as a tree in D; LIVE: the entries of the stream's plan carried out in it
 * (none, or all of them for a whole document). */
static const struct json *build_tree(struct jstream *js, struct json_doc *d, const struct json_divert *dv,
				     uint32_t live)
{
	if (jstream_failed(js))
		return NULL;
	d->stack.len = d->kidstack.len = 0;
	pack_reset(&d->cur);
	record_tree(js, d);
	uint32_t root = (uint32_t)d->node_count;
	const struct json_parse_opts *o = jstream_opts(js);
	for (;;) {
		/* a value is due: as a column, a stub, a container to enter, or a scalar */
		struct tframe *top = d->stack.len ? &d->stack.items[d->stack.len - 1] : NULL;
		bool done = false;
		if (top != NULL && top->is_object && top->live != 0) {
			int r = planned(js, d, o, top->live);
			if (r < 0)
				return NULL;
			done = r == 1;
		}
		if (!done && dv != NULL && (top == NULL || top->is_object) && jstream_depth(js) <= dv->max_depth) {
			struct json_stub st = {0};
			int r = dv->fn(dv->ctx, js, &st);
			if (r == 1 && st.data != NULL)
				vec_push(&d->stubs, st); /* the document owns it from here, failed or not */
			if (r < 0)
				return NULL;
			if (r == 1) {
				if (st.len > UINT32_MAX) {
					jstream_fail(js, "more than 4294967295 values");
					return NULL;
				}
				uint32_t idx = new_node(d, st.type);
				struct json *n = node_at(d, idx);
				n->flags = NF_STUB;
				n->u.c.count = (uint32_t)st.len;
				n->u.c.first = st.data != NULL ? (uint32_t)(d->stubs.len - 1) : UINT32_MAX;
				add_child(d, idx);
				done = true;
			}
		}
		if (!done) {
			int t = jstream_peek(js);
			if (t < 0)
				return NULL;
			if (t == JSON_OBJECT || t == JSON_ARRAY) {
				uint32_t in = top ? top->live : live;
				if (open_container(js, d, (enum json_type)t, in ? jplan_enter(js, o, in) : 0) < 0)
					return NULL;
			} else if (scalar(js, d, t) < 0) {
				return NULL;
			}
		}
		/* close what is finished, down to the next value that is due */
		for (;;) {
			if (d->stack.len == 0)
				return node_at(d, root);
			top = &d->stack.items[d->stack.len - 1];
			int r;
			if (top->is_object) {
				uint32_t key;
				r = jstream_next_key(js, NULL, NULL, &key);
				if (r == 1)
					d->stack.items[d->stack.len - 1].key = key;
			} else if (top->packed) {
				r = jstream_array_numbers(js, pack_batch, d);
				if (r == 1)
					unpack_current(d);
			} else {
				r = jstream_next_elem(js);
			}
			if (r < 0)
				return NULL;
			if (r == 1)
				break;
			uint32_t closed = top->node;
			if (close_container(js, d) < 0)
				return NULL;
			if (d->stack.len == 1 && d->stack.items[0].is_object && o->root_member != NULL)
				o->root_member(o->root_member_ctx, strmap_str(&d->keys->map, d->stack.items[0].key),
					       node_at(d, closed));
		}
	}
}

/* A loader's own tree of a sub-value: the plan is the whole document's, carried out by json_parse(). */
const struct json *json_tree(struct jstream *js, struct json_doc *d, const struct json_divert *dv)
{
	return build_tree(js, d, dv, 0);
}

/* Reads the whole source as one tree; DV may be NULL. */
static struct json_doc *json_parse_diverted(struct source *src, const struct json_parse_opts *opts,
					    const struct json_divert *dv)
{
	struct jstream *js = jstream_open(src, opts);
	struct json_doc *d = json_doc_new(js);
	const struct json *root = build_tree(js, d, dv, jplan_all(jstream_opts(js)));
	if (root == NULL || jstream_end(js) < 0) {
		json_doc_free(d);
		d = NULL;
	} else {
		d->repairs = jstream_repairs(js);
	}
	jstream_close(js);
	return d;
}

struct json_doc *json_parse(struct source *src, const struct json_parse_opts *opts)
{
	return json_parse_diverted(src, opts, opts ? opts->divert : NULL);
}

struct json_doc *json_parse_buffer(const char *buf, size_t len, const char *origin,
				   const struct json_parse_opts *opts)
{
	struct source *src = source_open_buffer(buf, len, origin);
	if (src == NULL)
		return NULL;
	struct json_doc *d = json_parse(src, opts);
	source_close(src);
	return d;
}

/* ---------------------------------------------------------------- access */

enum json_type json_type(const struct json *v)
{
	return v ? (enum json_type)v->type : JSON_NULL;
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
	return names[t];
}

size_t json_len(const struct json *v)
{
	return v && (v->type == JSON_ARRAY || v->type == JSON_OBJECT) ? v->u.c.count : 0;
}

bool json_is_packed(const struct json *arr)
{
	return arr && arr->type == JSON_ARRAY && (arr->flags & NF_PACKED);
}

bool json_is_stub(const struct json *v)
{
	return v && (v->flags & NF_STUB);
}

void *json_stub_data(const struct json *v)
{
	if (!json_is_stub(v) || (v->flags & NF_COLUMN) || v->u.c.first == UINT32_MAX)
		return NULL;
	return doc_of(v)->stubs.items[v->u.c.first].data;
}

const struct jcol *json_column(const struct json *arr)
{
	if (arr == NULL || !(arr->flags & NF_COLUMN))
		return NULL;
	return doc_of(arr)->cols.items[arr->u.c.first].col;
}

struct jrows *json_rows(const struct json *arr)
{
	if (arr == NULL || !(arr->flags & NF_COLUMN))
		return NULL;
	return doc_of(arr)->cols.items[arr->u.c.first].rows;
}

const struct json *json_get(const struct json *obj, const char *key)
{
	if (obj == NULL || obj->type != JSON_OBJECT || (obj->flags & NF_STUB))
		return NULL;
	const struct json_doc *d = doc_of(obj);
	uint32_t k = strmap_find(&d->keys->map, key, strlen(key));
	if (k == UINT32_MAX)
		return NULL;
	const uint32_t *pairs = d->kids + obj->u.c.first;
	for (uint32_t i = 0; i < obj->u.c.count; i++)
		if (pairs[2 * i] == k)
			return node_at(d, pairs[2 * i + 1]);
	return NULL;
}

const struct json *json_member(const struct json *obj, size_t i, const char **key)
{
	if (obj == NULL || obj->type != JSON_OBJECT || (obj->flags & NF_STUB) || i >= obj->u.c.count)
		return NULL;
	const struct json_doc *d = doc_of(obj);
	const uint32_t *pairs = d->kids + obj->u.c.first;
	if (key)
		*key = strmap_str(&d->keys->map, pairs[2 * i]);
	return node_at(d, pairs[2 * i + 1]);
}

const struct json *json_at(const struct json *arr, size_t i)
{
	if (arr == NULL || arr->type != JSON_ARRAY || (arr->flags & (NF_PACKED | NF_STUB)) || i >= arr->u.c.count)
		return NULL;
	const struct json_doc *d = doc_of(arr);
	return node_at(d, d->kids[arr->u.c.first + i]);
}

bool json_bool(const struct json *v)
{
	return v && v->type == JSON_BOOL && v->u.i;
}

const char *json_str(const struct json *v)
{
	return v && v->type == JSON_STRING ? doc_of(v)->pool.data + v->u.s.off : NULL;
}

size_t json_str_len(const struct json *v)
{
	return v && v->type == JSON_STRING ? v->u.s.len : 0;
}

double json_f64(const struct json *v)
{
	if (v == NULL || v->type != JSON_NUMBER)
		return 0;
	return (v->flags & NF_INT) ? (double)v->u.i : v->u.d;
}

static bool double_to_i64(double d, int64_t *out)
{
	if (d != floor(d) || !(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
		return false;
	*out = (int64_t)d;
	return true;
}

bool json_i64(const struct json *v, int64_t *out)
{
	if (v == NULL || v->type != JSON_NUMBER)
		return false;
	if (v->flags & NF_INT) {
		*out = v->u.i;
		return true;
	}
	return double_to_i64(v->u.d, out);
}

static const void *packed_plain(const struct json *arr, enum pack_kind kind)
{
	if (!json_is_packed(arr))
		return NULL;
	const struct json_doc *d = doc_of(arr);
	const struct packed *p = &d->packs[arr->u.c.first];
	return p->kind == kind && !p->has_nulls && p->len > 0 ? pack_data(d, p) : NULL;
}

const int32_t *json_packed_i32(const struct json *arr)
{
	return packed_plain(arr, PACK_I32);
}

const double *json_packed_f64(const struct json *arr)
{
	return packed_plain(arr, PACK_F64);
}

enum json_elem json_i64_at(const struct json *arr, size_t i, int64_t *out)
{
	if (json_is_packed(arr)) {
		const struct json_doc *d = doc_of(arr);
		const struct packed *p = &d->packs[arr->u.c.first];
		const void *data = pack_data(d, p);
		if (bit_is_set(pack_nulls(d, p), i))
			return JSON_ELEM_NULL;
		switch (p->kind) {
		case PACK_I32: *out = ((const int32_t *)data)[i]; return JSON_ELEM_OK;
		case PACK_I64: *out = ((const int64_t *)data)[i]; return JSON_ELEM_OK;
		case PACK_F64:
			return double_to_i64(((const double *)data)[i], out) ? JSON_ELEM_OK : JSON_ELEM_NOT_INTEGER;
		}
	}
	const struct json *v = json_at(arr, i);
	if (v == NULL || v->type == JSON_NULL)
		return JSON_ELEM_NULL;
	if (v->type != JSON_NUMBER)
		return JSON_ELEM_NOT_NUMBER;
	return json_i64(v, out) ? JSON_ELEM_OK : JSON_ELEM_NOT_INTEGER;
}

enum json_elem json_f64_at(const struct json *arr, size_t i, double *out)
{
	if (json_is_packed(arr)) {
		const struct json_doc *d = doc_of(arr);
		const struct packed *p = &d->packs[arr->u.c.first];
		const void *data = pack_data(d, p);
		if (bit_is_set(pack_nulls(d, p), i))
			return JSON_ELEM_NULL;
		switch (p->kind) {
		case PACK_I32: *out = ((const int32_t *)data)[i]; break;
		case PACK_I64: *out = (double)((const int64_t *)data)[i]; break;
		case PACK_F64: *out = ((const double *)data)[i]; break;
		}
		return JSON_ELEM_OK;
	}
	const struct json *v = json_at(arr, i);
	if (v == NULL || v->type == JSON_NULL)
		return JSON_ELEM_NULL;
	if (v->type != JSON_NUMBER)
		return JSON_ELEM_NOT_NUMBER;
	*out = json_f64(v);
	return JSON_ELEM_OK;
}

/* Where the tree holding node IDX sits in its input ("" for a whole document). */
static const char *tree_path(const struct json_doc *d, uint32_t idx)
{
	size_t lo = 0, hi = d->trees.len;
	while (hi - lo > 1) { /* the last tree starting at or before IDX */
		size_t mid = lo + (hi - lo) / 2;
		if (d->trees.items[mid].node <= idx)
			lo = mid;
		else
			hi = mid;
	}
	return d->trees.len ? d->paths.data + d->trees.items[lo].path : "";
}

void json_path(const struct json_doc *d, const struct json *v, char *buf, size_t cap)
{
	d = doc_of(v); /* V knows its document */
	/* collect the chain root..v, then print it */
	uint32_t chain[64];
	size_t depth = 0;
	bool cut = false;
	uint32_t idx = index_of(v);
	while (node_at(d, idx)->parent != UINT32_MAX) {
		if (depth == ARRAY_SIZE(chain)) {
			cut = true;
			break;
		}
		chain[depth++] = idx;
		idx = node_at(d, idx)->parent;
	}
	const char *base = cut ? "" : tree_path(d, idx);
	size_t n = 0;
	buf[0] = '\0';
	if (cut)
		n += (size_t)snprintf(buf, cap, "...");
	else if (base[0] != '\0')
		n += (size_t)snprintf(buf, cap, "%s", base);
	if (depth == 0 && n == 0) {
		snprintf(buf, cap, "(root)");
		return;
	}
	for (size_t k = depth; k-- > 0 && n < cap;) {
		uint32_t child = chain[k];
		const struct json *parent = node_at(d, node_at(d, child)->parent);
		const uint32_t *kids = d->kids + parent->u.c.first;
		int w = 0;
		if (parent->type == JSON_OBJECT) {
			for (uint32_t i = 0; i < parent->u.c.count; i++)
				if (kids[2 * i + 1] == child)
					w = snprintf(buf + n, cap - n, "%s%s", n ? "." : "",
						     strmap_str(&d->keys->map, kids[2 * i]));
		} else {
			for (uint32_t i = 0; i < parent->u.c.count; i++)
				if (kids[i] == child)
					w = snprintf(buf + n, cap - n, "[%u]", i);
		}
		if (w < 0)
			break;
		n += (size_t)w;
	}
}

/* ---------------------------------------------------------------- jr_* */

/* The error line of R for PATH (and [INDEX]). */
static int jr_emit(struct jr *r, const char *path_in, size_t index, const char *fmt, va_list ap)
{
	if (r->failed)
		return -1;
	r->failed = true;
	char path[512], msg[512];
	snprintf(path, sizeof(path), "%s", path_in);
	if (index != SIZE_MAX) {
		size_t n = strlen(path);
		if (strcmp(path, "(root)") == 0)
			n = 0;
		snprintf(path + n, sizeof(path) - n, "[%zu]", index);
	}
	vsnprintf(msg, sizeof(msg), fmt, ap);
	pf_error("%s: %s: %s", r->origin, path, msg);
	return -1;
}

int jr_error(struct jr *r, const struct json *v, size_t index, const char *fmt, ...)
{
	if (r->failed)
		return -1;
	char path[512];
	if (v != NULL)
		json_path(r->doc, v, path, sizeof(path));
	else
		snprintf(path, sizeof(path), "(root)");
	va_list ap;
	va_start(ap, fmt);
	jr_emit(r, path, index, fmt, ap);
	va_end(ap);
	return -1;
}

int jr_error_at(struct jr *r, const char *path, size_t index, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	jr_emit(r, path[0] ? path : "(root)", index, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *type_article(enum json_type t)
{
	return t == JSON_ARRAY || t == JSON_OBJECT ? "an " : "a ";
}

bool jr_is(struct jr *r, const struct json *v, enum json_type t)
{
	if (json_type(v) == t && v != NULL)
		return true;
	if (v == NULL)
		jr_error(r, NULL, SIZE_MAX, "expected %s%s", type_article(t), json_type_name(t));
	else
		jr_error(r, v, SIZE_MAX, "expected %s%s, got %s%s", type_article(t), json_type_name(t),
			 type_article(json_type(v)), json_type_name(json_type(v)));
	return false;
}

static const struct json *member(struct jr *r, const struct json *obj, const char *key, enum json_type t,
				 bool optional)
{
	if (r->failed || obj == NULL)
		return NULL;
	const struct json *v = json_get(obj, key);
	if (v == NULL || (optional && v->type == JSON_NULL)) {
		if (!optional)
			jr_error(r, obj, SIZE_MAX, "missing key \"%s\"", key);
		return NULL;
	}
	if (v->type != t) {
		jr_error(r, v, SIZE_MAX, "expected %s%s, got %s%s", type_article(t), json_type_name(t),
			 type_article(json_type(v)), json_type_name(json_type(v)));
		return NULL;
	}
	return v;
}

const struct json *jr_need(struct jr *r, const struct json *obj, const char *key, enum json_type t)
{
	return member(r, obj, key, t, false);
}

const struct json *jr_opt(struct jr *r, const struct json *obj, const char *key, enum json_type t)
{
	return member(r, obj, key, t, true);
}

bool jr_int(struct jr *r, const struct json *obj, const char *key, int64_t min, int64_t max, bool optional,
	    int64_t deflt, int64_t *out)
{
	const struct json *v = member(r, obj, key, JSON_NUMBER, optional);
	if (v == NULL) {
		*out = deflt;
		return !r->failed;
	}
	if (!json_i64(v, out))
		return jr_error(r, v, SIZE_MAX, "expected an integer, got %g", json_f64(v)), false;
	if (*out < min || *out > max)
		return jr_error(r, v, SIZE_MAX, "%lld is out of range [%lld, %lld]", (long long)*out,
				(long long)min, (long long)max),
		       false;
	return true;
}

bool jr_num(struct jr *r, const struct json *obj, const char *key, bool optional, double deflt, double *out)
{
	const struct json *v = member(r, obj, key, JSON_NUMBER, optional);
	*out = v ? json_f64(v) : deflt;
	return !r->failed;
}

const char *jr_str(struct jr *r, const struct json *obj, const char *key, bool optional)
{
	return json_str(member(r, obj, key, JSON_STRING, optional));
}

bool jr_int_at(struct jr *r, const struct json *arr, size_t i, int64_t min, int64_t max, bool null_ok,
	       int64_t nullval, int64_t *out)
{
	if (r->failed)
		return false;
	switch (json_i64_at(arr, i, out)) {
	case JSON_ELEM_OK:
		if (*out < min || *out > max)
			return jr_error(r, arr, i, "%lld is out of range [%lld, %lld]", (long long)*out,
					(long long)min, (long long)max),
			       false;
		return true;
	case JSON_ELEM_NULL:
		if (null_ok) {
			*out = nullval;
			return true;
		}
		return jr_error(r, arr, i, "expected an integer, got null"), false;
	case JSON_ELEM_NOT_NUMBER:
		return jr_error(r, arr, i, "expected an integer, got %s%s", type_article(json_type(json_at(arr, i))),
				json_type_name(json_type(json_at(arr, i)))),
		       false;
	case JSON_ELEM_NOT_INTEGER: {
		double d = 0;
		json_f64_at(arr, i, &d);
		return jr_error(r, arr, i, "expected an integer, got %g", d), false;
	}
	}
	return false;
}

/* What is wrong with V as an integer in [MIN, MAX], into MSG[0..CAP): false when nothing is. */
static bool elem_problem(const struct jnum *v, int64_t min, int64_t max, char *msg, size_t cap)
{
	int64_t x;
	if (v->kind == JNUM_NULL)
		snprintf(msg, cap, "expected an integer, got null");
	else if (v->kind == JNUM_OTHER)
		snprintf(msg, cap, "expected an integer, got %s%s", type_article(v->type), json_type_name(v->type));
	else if (!jnum_i64(v, &x))
		snprintf(msg, cap, "expected an integer, got %g", v->d);
	else if (x < min || x > max)
		snprintf(msg, cap, "%lld is out of range [%lld, %lld]", (long long)x, (long long)min, (long long)max);
	else
		return false;
	return true;
}

int jr_elem_error(struct jr *r, const struct json *arr, size_t i, const struct jnum *v, int64_t min,
		  int64_t max)
{
	char msg[160];
	return elem_problem(v, min, max, msg, sizeof(msg)) ? jr_error(r, arr, i, "%s", msg) : 0;
}

int jr_elem_error_at(struct jr *r, const char *path, size_t i, const struct jnum *v, int64_t min, int64_t max)
{
	char msg[160];
	return elem_problem(v, min, max, msg, sizeof(msg)) ? jr_error_at(r, path, i, "%s", msg) : 0;
}

int jr_member_error(struct jr *r, const char *obj, const char *key, enum json_type want, enum json_type type,
		    const struct jnum *v, int64_t min, int64_t max)
{
	char path[512];
	snprintf(path, sizeof(path), "%s%s%s", obj, obj[0] ? "." : "", key);
	/* as member() and jr_int() say it */
	if (type != want)
		return jr_error_at(r, path, SIZE_MAX, "expected %s%s, got %s%s", type_article(want),
				   json_type_name(want), type_article(type), json_type_name(type));
	int64_t x;
	if (!jnum_i64(v, &x))
		return jr_error_at(r, path, SIZE_MAX, "expected an integer, got %g", v->d);
	if (x < min || x > max)
		return jr_error_at(r, path, SIZE_MAX, "%lld is out of range [%lld, %lld]", (long long)x,
				   (long long)min, (long long)max);
	return 0;
}

int64_t *jr_int_column(struct jr *r, const struct json *arr, int64_t min, int64_t max, bool null_ok,
		       int64_t nullval, size_t *len)
{
	if (r->failed || !jr_is(r, arr, JSON_ARRAY))
		return NULL;
	size_t n = json_len(arr);
	int64_t *out = xreallocarray(NULL, n ? n : 1, sizeof(*out));
	const struct json_doc *d = json_is_packed(arr) ? doc_of(arr) : NULL;
	const struct packed *pk = d ? &d->packs[arr->u.c.first] : NULL;
	if (pk && pk->kind == PACK_I32 && !pk->has_nulls && min <= INT32_MIN && max >= INT32_MAX) {
		const int32_t *src = pack_data(d, pk);
		for (size_t i = 0; i < n; i++)
			out[i] = src[i];
	} else {
		for (size_t i = 0; i < n; i++) {
			if (!jr_int_at(r, arr, i, min, max, null_ok, nullval, &out[i])) {
				free(out);
				return NULL;
			}
		}
	}
	*len = n;
	return out;
}

double *jr_num_column(struct jr *r, const struct json *arr, bool null_ok, double nullval, size_t *len)
{
	if (r->failed || !jr_is(r, arr, JSON_ARRAY))
		return NULL;
	size_t n = json_len(arr);
	double *out = xreallocarray(NULL, n ? n : 1, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		switch (json_f64_at(arr, i, &out[i])) {
		case JSON_ELEM_OK:
			break;
		case JSON_ELEM_NULL:
			if (null_ok) {
				out[i] = nullval;
				break;
			}
			jr_error(r, arr, i, "expected a number, got null");
			free(out);
			return NULL;
		default:
			jr_error(r, arr, i, "expected a number, got %s%s", type_article(json_type(json_at(arr, i))),
				 json_type_name(json_type(json_at(arr, i))));
			free(out);
			return NULL;
		}
	}
	*len = n;
	return out;
}
