/* dhat_points.c: DHAT's program points read from the token stream into the columns of
 * dhat_points.h. */
#include "dhat_points.h"

#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/column.h"

static const char *const key_names[DHAT_KEYS] = {
	[DHAT_KEY_TB] = "tb",   [DHAT_KEY_TBK] = "tbk", [DHAT_KEY_TL] = "tl",   [DHAT_KEY_TLI] = "tli",
	[DHAT_KEY_MB] = "mb",   [DHAT_KEY_MBK] = "mbk", [DHAT_KEY_GB] = "gb",   [DHAT_KEY_GBK] = "gbk",
	[DHAT_KEY_EB] = "eb",   [DHAT_KEY_EBK] = "ebk", [DHAT_KEY_FB] = "fb",   [DHAT_KEY_FBK] = "fbk",
	[DHAT_KEY_RB] = "rb",   [DHAT_KEY_WB] = "wb",
};

_Static_assert(DHAT_KEYS < 16, "a point's counters are a 16-bit set");

#define KEY_FS DHAT_KEYS

int dhat_key_of(const char *key)
{
	for (int k = 0; k < DHAT_KEYS; k++)
		if (strcmp(key, key_names[k]) == 0)
			return k;
	return -1;
}

/* The columns grow to many MB on big files: columns (column.h) keep their 2 MiB pages whole. */
static void points_free(void *data)
{
	struct dhat_points *pts = data;
	col_free(pts->has);
	for (int k = 0; k < DHAT_KEYS; k++)
		col_free(pts->value[k]);
	col_free(pts->fs_at);
	col_free(pts->fs);
	free(pts->odd_point);
	free(pts->odd_tree);
	json_doc_free(pts->trees);
	free(pts);
}

void dhat_points_drop_stacks(struct dhat_points *pts)
{
	col_free(pts->fs_at);
	col_free(pts->fs);
	pts->fs_at = NULL;
	pts->fs = NULL;
	pts->fs_cap = 0;
}

const struct json *dhat_points_tree(const struct dhat_points *pts, size_t i, size_t *odd_next)
{
	size_t o = *odd_next;
	if (o < pts->odd_len && pts->odd_point[o] == i) {
		*odd_next = o + 1;
		return pts->odd_tree[o];
	}
	return NULL;
}

/* Room for point LEN (and the fs_at entry after it). */
static void grow(struct dhat_points *pts)
{
	if (pts->len + 1 < pts->cap)
		return;
	size_t cap = grow_cap(pts->cap, pts->cap + 1, 4096);
	pts->has = col_resize(pts->has, cap, sizeof(*pts->has));
	pts->fs_at = col_resize(pts->fs_at, cap, sizeof(*pts->fs_at));
	for (int k = 0; k < DHAT_KEYS; k++)
		if (pts->value[k] != NULL) {
			pts->value[k] = col_resize(pts->value[k], cap, sizeof(**pts->value));
			memset(pts->value[k] + pts->cap, 0, (cap - pts->cap) * sizeof(**pts->value));
		}
	pts->cap = cap;
}

static int64_t *column(struct dhat_points *pts, int k)
{
	if (pts->value[k] == NULL) {
		pts->value[k] = col_resize(NULL, pts->cap, sizeof(**pts->value));
		memset(pts->value[k], 0, pts->cap * sizeof(**pts->value));
	}
	return pts->value[k];
}

/* Member keys met so far (the stream's interned texts, known by address) -> counter, KEY_FS or -1. */
struct key_cache {
	const char *key[32];
	int field[32];
	size_t len;
};

static int field_of(struct key_cache *c, const char *key)
{
	for (size_t i = 0; i < c->len; i++)
		if (c->key[i] == key)
			return c->field[i];
	int f = strcmp(key, "fs") == 0 ? KEY_FS : dhat_key_of(key);
	if (c->len < ARRAY_SIZE(c->key)) {
		c->key[c->len] = key;
		c->field[c->len++] = f;
	}
	return f;
}

/* Copies point V (number LEN) into the columns; false when they cannot hold it. */
static bool take(struct dhat_points *pts, struct key_cache *kc, const struct json *v)
{
	size_t i = pts->len;
	pts->has[i] = 0;
	pts->fs_at[i + 1] = pts->fs_at[i];
	if (json_type(v) != JSON_OBJECT)
		return false;
	const struct json *fs = NULL;
	uint16_t has = 0;
	size_t members = json_len(v);
	for (size_t m = 0; m < members; m++) {
		const char *key;
		const struct json *x = json_member(v, m, &key);
		int f = field_of(kc, key);
		if (f == KEY_FS) {
			fs = x;
		} else if (f >= 0) {
			int64_t n;
			if (json_type(x) != JSON_NUMBER || !json_i64(x, &n) || n < 0)
				return false;
			column(pts, f)[i] = n;
			has |= (uint16_t)(1u << f);
		}
	}
	if (fs == NULL || json_type(fs) != JSON_ARRAY)
		return false;
	size_t n = json_len(fs);
	const int32_t *idx = json_packed_i32(fs);
	if (n > 0 && idx == NULL)
		return false;
	for (size_t k = 0; k < n; k++)
		if (idx[k] < 0)
			return false;
	uint64_t at = pts->fs_at[i];
	if (at + n > pts->fs_cap) {
		size_t cap = grow_cap(pts->fs_cap, at + n, 1 << 16);
		pts->fs = col_resize(pts->fs, cap, sizeof(*pts->fs));
		pts->fs_cap = cap;
	}
	if (n > 0)
		memcpy(pts->fs + at, idx, n * sizeof(*pts->fs));
	pts->fs_at[i + 1] = at + n;
	pts->has[i] = has;
	return true;
}

static void keep(struct dhat_points *pts, const struct json *tree)
{
	if (pts->odd_len == pts->odd_cap) {
		pts->odd_cap = grow_cap(pts->odd_cap, pts->odd_len + 1, 16);
		pts->odd_point = xreallocarray(pts->odd_point, pts->odd_cap, sizeof(*pts->odd_point));
		pts->odd_tree = xreallocarray(pts->odd_tree, pts->odd_cap, sizeof(*pts->odd_tree));
	}
	pts->odd_point[pts->odd_len] = pts->len;
	pts->odd_tree[pts->odd_len++] = tree;
}

/* The top-level "pps" (or version 1's "aps"), read from the stream when it is an array. */
static int divert_points(void *ctx, struct jstream *js, struct json_stub *stub)
{
	(void)ctx;
	const char *key = jstream_level_key(js, 1);
	if (jstream_depth(js) != 1 || key == NULL || (strcmp(key, "pps") != 0 && strcmp(key, "aps") != 0))
		return 0;
	int t = jstream_peek(js);
	if (t != JSON_ARRAY)
		return t < 0 ? -1 : 0;
	if (jstream_begin_array(js) < 0)
		return -1;
	struct dhat_points *pts = xcalloc(1, sizeof(*pts));
	pts->trees = json_doc_new(js);
	pts->numbers = true;
	grow(pts);
	pts->fs_at[0] = 0;
	struct key_cache kc = {0};
	size_t elements = 0;
	int r;
	while ((r = jstream_next_elem(js)) == 1) {
		elements++;
		if (pts->refused) { /* the loader stops at that point: only the tree's packing matters */
			int type = jstream_peek(js);
			if (type < 0 || jstream_skip(js) < 0) {
				r = -1;
				break;
			}
			pts->numbers = pts->numbers && (type == JSON_NUMBER || type == JSON_NULL);
			continue;
		}
		grow(pts);
		struct json_mark mark = json_doc_mark(pts->trees);
		const struct json *v = json_tree(js, pts->trees, NULL);
		if (v == NULL) {
			r = -1;
			break;
		}
		pts->numbers = pts->numbers && (json_type(v) == JSON_NUMBER || json_type(v) == JSON_NULL);
		if (take(pts, &kc, v)) {
			json_doc_rewind(pts->trees, mark);
		} else {
			keep(pts, v);
			pts->refused = json_type(v) != JSON_OBJECT; /* never a program point */
		}
		pts->len++;
	}
	if (r < 0) {
		points_free(pts);
		return -1;
	}
	*stub = (struct json_stub){.type = JSON_ARRAY, .len = elements, .data = pts, .release = points_free};
	return 1;
}

const struct json_divert dhat_divert = {.fn = divert_points, .max_depth = 1};
