/* cpuprof_nodes.c: a .cpuprofile's nodes read from the token stream into the columns of
 * cpuprof_nodes.h. */
#include "cpuprof_nodes.h"

#include <string.h>

#include "profan/column.h"

#define CPN_TAG 0x43504e31u /* "CPN1": this hook's stubs among other formats' */

struct cpn_stub {
	uint32_t tag;
	struct cpn c;
};

static void cpn_release(void *data)
{
	struct cpn_stub *s = data;
	struct cpn *c = &s->c;
	free(c->path);
	col_free(c->nodes.items);
	vec_free(&c->kid_ids);
	vec_free(&c->ticks);
	strmap_release(&c->strings);
	json_doc_free(c->side);
	free(s);
}

const struct cpn *cpn_of(const struct json *arr)
{
	struct cpn_stub *s = json_stub_data(arr);
	return s != NULL && s->tag == CPN_TAG ? &s->c : NULL;
}

/* ---- one element: what the loader would accept, read as it would read it ---- */

enum verdict {
	CPN_REGULAR, /* read into the columns: the tree is not needed */
	CPN_KEEP,    /* the loader reads this node's tree (it may complain about it later) */
	CPN_FATAL,   /* read_node() refuses it: the loader stops here */
};

static bool absent(const struct json *v)
{
	return v == NULL || json_type(v) == JSON_NULL;
}

/* V as jr_int() accepts it: an exact integer in [MIN, MAX]. */
static bool int_in(const struct json *v, int64_t min, int64_t max, int64_t *out)
{
	return json_type(v) == JSON_NUMBER && json_i64(v, out) && *out >= min && *out <= max;
}

/* An optional integer member in [MIN, MAX] within int32, as jr_int(.., MIN, MAX, true, DEFLT) reads it. */
static bool opt_int(const struct json *v, int64_t min, int64_t max, int32_t deflt, int32_t *out)
{
	int64_t x = deflt;
	if (!absent(v) && !int_in(v, min, max, &x))
		return false;
	*out = (int32_t)x;
	return true;
}

/* An optional string member, interned. */
static bool opt_str(struct cpn *c, const struct json *v, uint32_t *out)
{
	if (absent(v)) {
		*out = 0;
		return true;
	}
	if (json_type(v) != JSON_STRING)
		return false;
	*out = strmap_intern_len(&c->strings, json_str(v), json_str_len(v));
	return true;
}

/* The members of OBJ by name, in one pass (a stream refuses duplicate keys). SEEN[k] is the
 * stream's interned text of KEYS[k] once met: one text per key, so a pointer then tells it. */
static void members(const struct json *obj, const char *const *keys, const char **seen, size_t nkeys,
		    const struct json **out)
{
	for (size_t k = 0; k < nkeys; k++)
		out[k] = NULL;
	for (size_t i = 0; i < json_len(obj); i++) {
		const char *key;
		const struct json *v = json_member(obj, i, &key);
		for (size_t k = 0; k < nkeys; k++)
			if (seen[k] ? key == seen[k] : strcmp(key, keys[k]) == 0) {
				seen[k] = key;
				out[k] = v;
				break;
			}
	}
}

enum { M_ID, M_PARENT, M_FRAME, M_CHILDREN, M_HITS, M_TICKS, M_COUNT };
static const char *const node_keys[] = {[M_ID] = "id",       [M_PARENT] = "parent",
					[M_FRAME] = "callFrame", [M_CHILDREN] = "children",
					[M_HITS] = "hitCount",   [M_TICKS] = "positionTicks"};
enum { F_NAME, F_URL, F_LINE, F_COL, F_COUNT };
_Static_assert(M_COUNT + F_COUNT + 2 <= ARRAY_SIZE(((struct cpn *)0)->seen), "cpn.seen: one per key");
static const char *const frame_keys[] = {[F_NAME] = "functionName", [F_URL] = "url",
					 [F_LINE] = "lineNumber", [F_COL] = "columnNumber"};

/* The columns' entry for node E (*N), or false when the loader must read E's tree. */
static bool read_regular(struct cpn *c, const struct json **m, struct cpn_node *n)
{
	const struct json *f[F_COUNT];
	members(m[M_FRAME], frame_keys, c->seen + M_COUNT, F_COUNT, f);
	if (!opt_str(c, f[F_NAME], &n->name) || !opt_str(c, f[F_URL], &n->url) ||
	    !opt_int(f[F_LINE], INT32_MIN, INT32_MAX, -1, &n->line) ||
	    !opt_int(f[F_COL], INT32_MIN, INT32_MAX, -1, &n->col) ||
	    !opt_int(m[M_HITS], 0, INT32_MAX, -1, &n->hits))
		return false;
	const struct json *kids = m[M_CHILDREN], *pt = m[M_TICKS];
	size_t nk = json_len(kids), nt = json_len(pt);
	if (c->kid_ids.len + nk > UINT32_MAX || c->ticks.len / 2 + nt > UINT32_MAX)
		return false;
	n->kids = (uint32_t)c->kid_ids.len;
	n->nkids = (uint32_t)nk;
	vec_reserve(&c->kid_ids, c->kid_ids.len + nk);
	for (size_t k = 0; k < nk; k++) {
		int64_t id;
		if (json_i64_at(kids, k, &id) != JSON_ELEM_OK || id == INT64_MIN)
			return false;
		c->kid_ids.items[c->kid_ids.len++] = id;
	}
	n->has_ticks = !absent(pt);
	if (n->has_ticks && json_type(pt) != JSON_ARRAY)
		return false;
	n->ticks = (uint32_t)(c->ticks.len / 2);
	n->nticks = (uint32_t)nt;
	vec_reserve(&c->ticks, c->ticks.len + 2 * nt);
	for (size_t k = 0; k < nt; k++) {
		static const char *const tick_keys[] = {"line", "ticks"};
		const struct json *o = json_at(pt, k), *lt[2];
		int64_t line, ticks;
		if (json_type(o) != JSON_OBJECT)
			return false;
		members(o, tick_keys, c->seen + M_COUNT + F_COUNT, 2, lt);
		if (!int_in(lt[0], 0, INT32_MAX, &line) || !int_in(lt[1], 0, INT32_MAX, &ticks))
			return false;
		c->ticks.items[c->ticks.len++] = (int32_t)line;
		c->ticks.items[c->ticks.len++] = (int32_t)ticks;
	}
	return true;
}

/* The node columns grow to many MB: a column (column.h), freed by cpn_release. */
static void push_node(struct cpn *c, const struct cpn_node *n)
{
	if (c->nodes.len == c->nodes.cap) {
		c->nodes.items = col_reserve(c->nodes.items, c->nodes.len + 1, sizeof(*c->nodes.items));
		c->nodes.cap = col_cap(c->nodes.items, sizeof(*c->nodes.items));
	}
	c->nodes.items[c->nodes.len++] = *n;
}

/* Element E of the array, built as a tree in C->side. */
static enum verdict add_node(struct cpn *c, const struct json *e)
{
	struct cpn_node n = {.tree = e, .parent = CPN_NO_ID};
	const struct json *m[M_COUNT];
	if (json_type(e) != JSON_OBJECT) {
		push_node(c, &n);
		return CPN_FATAL;
	}
	members(e, node_keys, c->seen, M_COUNT, m);
	/* what read_node() checks: an integer id, parent and callFrame, children an array */
	if (!int_in(m[M_ID], INT64_MIN + 1, INT64_MAX, &n.id) ||
	    (!absent(m[M_PARENT]) && !int_in(m[M_PARENT], INT64_MIN + 1, INT64_MAX, &n.parent)) ||
	    json_type(m[M_FRAME]) != JSON_OBJECT ||
	    (!absent(m[M_CHILDREN]) && json_type(m[M_CHILDREN]) != JSON_ARRAY)) {
		push_node(c, &n);
		return CPN_FATAL;
	}
	size_t kids = c->kid_ids.len, ticks = c->ticks.len;
	if (!read_regular(c, m, &n)) {
		c->kid_ids.len = kids;
		c->ticks.len = ticks;
		n = (struct cpn_node){.tree = e, .id = n.id, .parent = n.parent};
		push_node(c, &n);
		return CPN_KEEP;
	}
	n.tree = NULL;
	push_node(c, &n);
	return CPN_REGULAR;
}

/* ---- the rest of an array after its fatal element ---- */

struct rest {
	size_t n;
	bool other, dbl, wide;
};

static int rest_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	(void)first;
	struct rest *r = ctx;
	r->n += n;
	for (size_t i = 0; i < n; i++) {
		r->other |= v[i].kind == JNUM_OTHER;
		r->dbl |= v[i].kind == JNUM_DOUBLE;
		bool wide = v[i].i > (INT64_C(1) << 53) || v[i].i < -(INT64_C(1) << 53);
		r->wide |= v[i].kind == JNUM_INT && wide;
	}
	return JNUM_SKIP;
}

/* Reads past the elements after element *N - 1, the first the loader refuses, adding them to *N. */
static int skip_rest(struct jstream *js, struct cpn *c, const struct json *fatal, size_t *n)
{
	struct rest r = {0};
	if (jstream_array_numbers(js, rest_batch, &r) < 0)
		return -1;
	*n += r.n;
	/* the tree packs an array of numbers and nulls unless a double meets an integer beyond 2^53 */
	c->packed_null = *n - r.n == 1 && json_type(fatal) == JSON_NULL && !r.other && !(r.dbl && r.wide);
	return 0;
}

/* ---- the divert hook ---- */

static bool level_key_is(const struct jstream *js, size_t level, const char *key)
{
	const char *k = jstream_level_key(js, level);
	return k != NULL && strcmp(k, key) == 0;
}

/* nodes (a .cpuprofile) or profile.nodes (a Profiler.stop result), when it is an array. */
static int divert_nodes(void *ctx, struct jstream *js, struct json_stub *stub)
{
	(void)ctx;
	size_t depth = jstream_depth(js);
	if (!(depth == 1 && level_key_is(js, 1, "nodes")) &&
	    !(depth == 2 && level_key_is(js, 1, "profile") && level_key_is(js, 2, "nodes")))
		return 0;
	int t = jstream_peek(js);
	if (t != JSON_ARRAY)
		return t < 0 ? -1 : 0;
	struct cpn_stub *s = xcalloc(1, sizeof(*s));
	struct cpn *c = &s->c;
	s->tag = CPN_TAG;
	char path[512];
	jstream_path(js, path, sizeof(path));
	c->path = xstrdup(path);
	strmap_init(&c->strings);
	c->side = json_doc_new(js);
	size_t n = 0;
	int r = jstream_begin_array(js);
	while (r >= 0 && (r = jstream_next_elem(js)) == 1) {
		struct json_mark mark = json_doc_mark(c->side);
		const struct json *e = json_tree(js, c->side, NULL);
		if (e == NULL) {
			r = -1;
			break;
		}
		n++;
		enum verdict v = add_node(c, e);
		if (v == CPN_REGULAR)
			json_doc_rewind(c->side, mark); /* the scratch serves the next element */
		if (v == CPN_FATAL) {
			r = skip_rest(js, c, e, &n);
			break;
		}
	}
	if (r < 0) {
		cpn_release(s);
		return -1;
	}
	/* kept to the end of the run: without the unused part of the last doubling */
	if (c->nodes.len > 0 && c->nodes.len < c->nodes.cap) {
		c->nodes.items = col_resize(c->nodes.items, c->nodes.len, sizeof(*c->nodes.items));
		c->nodes.cap = c->nodes.len;
	}
	if (c->kid_ids.len > 0 && c->kid_ids.len < c->kid_ids.cap) {
		c->kid_ids.items = xreallocarray(c->kid_ids.items, c->kid_ids.len, sizeof(int64_t));
		c->kid_ids.cap = c->kid_ids.len;
	}
	*stub = (struct json_stub){.type = JSON_ARRAY, .len = n, .data = s, .release = cpn_release};
	return 1;
}

const struct json_divert cpuprof_divert = {.fn = divert_nodes, .max_depth = 2};
