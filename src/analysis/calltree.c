/* calltree.c: stack nodes merged by function along their paths, top-down or
 * bottom-up, for one profile or two (base and new). Trees, flame graphs and the
 * folded export read it; nothing here recurses, since stacks can be 100k deep. */
#define _GNU_SOURCE /* qsort_r */
#include <stdlib.h>
#include <string.h>

#include "profan/calltree.h"
#include "profan/match.h"

void calltree_init(struct calltree *t, bool path_mode)
{
	memset(t, 0, sizeof(*t));
	strmap_init(&t->names);
	t->path_mode = path_mode;
}

void calltree_release(struct calltree *t)
{
	strmap_release(&t->names);
	vec_free(&t->nodes);
	for (int s = 0; s < 2; s++) {
		free(t->self[s]);
		free(t->total[s]);
	}
	htab_release(&t->index);
	free(t->child_start);
	free(t->children);
	memset(t, 0, sizeof(*t));
}

static bool node_eq(const void *nodes, uint32_t i, const void *key)
{
	const struct calltree_node *a = &((const struct calltree_node *)nodes)[i], *b = key;
	return a->parent == b->parent && a->key == b->key;
}

/* The child of PARENT with KEY, created on first use. */
static uint32_t child(struct calltree *t, uint32_t parent, uint32_t key, uint32_t label, uint32_t func)
{
	struct calltree_node want = {parent, key, label, func};
	uint32_t id = htab_intern(&t->index, hash_mix((uint64_t)parent << 32 | key), node_eq, t->nodes.items,
				  &want, (uint32_t)t->nodes.len);
	if (id != t->nodes.len)
		return id;
	vec_push(&t->nodes, want);
	if (t->nodes.len > t->value_cap) {
		size_t ncap = grow_cap(t->value_cap, t->nodes.len, 1024);
		for (int s = 0; s < 2; s++) {
			t->self[s] = xreallocarray(t->self[s], ncap, sizeof(int64_t));
			t->total[s] = xreallocarray(t->total[s], ncap, sizeof(int64_t));
			memset(t->self[s] + t->value_cap, 0, (ncap - t->value_cap) * sizeof(int64_t));
			memset(t->total[s] + t->value_cap, 0, (ncap - t->value_cap) * sizeof(int64_t));
		}
		t->value_cap = ncap;
	}
	return id;
}

/* Per function of P: its key and label ids in the tree's own string table. */
static void func_keys(struct calltree *t, const struct profile *p, uint32_t **keys, uint32_t **labels)
{
	*keys = t->identity ? t->identity(&t->names, p, t->identity_ctx) : func_identity_keys(&t->names, p);
	*labels = xreallocarray(NULL, p->funcs.len + 1, sizeof(uint32_t));
	for (size_t f = 0; f < p->funcs.len; f++)
		(*labels)[f] = strmap_intern(&t->names, func_label(p, (uint32_t)f));
}

#define OUTSIDE (CALLTREE_ROOT - 1) /* a stack node above every root frame (ROOTS given) */

void calltree_add_topdown(struct calltree *t, const struct profile *p, const struct pf_weights *w, int side,
			  const bool *roots)
{
	uint32_t *keys, *labels;
	func_keys(t, p, &keys, &labels);
	size_t n_nodes = p->stacks.len;
	uint32_t *tn = xreallocarray(NULL, n_nodes ? n_nodes : 1, sizeof(*tn));
	int64_t outside = 0; /* weight on paths without a root frame (when ROOTS is given) */
	for (size_t n = 0; n < n_nodes; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		uint32_t f = profile_stack_func(p, (uint32_t)n);
		uint32_t up = parent == PF_NONE ? CALLTREE_ROOT : tn[parent];
		if (roots != NULL && (parent == PF_NONE || tn[parent] == OUTSIDE))
			up = roots[f] ? CALLTREE_ROOT : OUTSIDE; /* not under a root frame so far */
		tn[n] = up == OUTSIDE ? OUTSIDE : child(t, up, keys[f], labels[f], side == 0 ? f : PF_NONE);
		if (tn[n] == OUTSIDE)
			outside += w->node[n];
		else
			t->self[side][tn[n]] += w->node[n];
	}
	t->no_stack[side] += roots ? 0 : w->no_stack;
	t->sum[side] += w->total - (roots ? w->no_stack + outside : 0);
	free(tn);
	free(keys);
	free(labels);
}

/* One sample path being walked towards the root, one level per round. */
struct cursor {
	uint32_t stack, node;
	int64_t value;
	bool leaf_self;
};

void calltree_add_inverted(struct calltree *t, const struct profile *p, const struct pf_weights *w, int side,
			   const bool *targets, int64_t min_total)
{
	uint32_t *keys, *labels;
	func_keys(t, p, &keys, &labels);
	VEC(struct cursor) cur = {0};
	for (size_t n = 0; n < p->stacks.len; n++) {
		int64_t v = w->node[n];
		if (v == 0)
			continue;
		uint32_t s = (uint32_t)n;
		if (targets != NULL)
			while (s != PF_NONE && !targets[profile_stack_func(p, s)])
				s = p->stacks.items[s].parent;
		if (s == PF_NONE)
			continue;
		/* the leaf is the target itself: this weight is the target's own (self) time */
		vec_push(&cur, ((struct cursor){s, CALLTREE_ROOT, v, s == (uint32_t)n}));
		t->sum[side] += v;
	}
	/* Level by level, so that a node's total is final before its callers are
	 * expanded: paths stop at the first node under MIN_TOTAL, which the tree
	 * shows folded anyway. That keeps a bottom-up tree of a large profile cheap. */
	while (cur.len > 0) {
		for (size_t i = 0; i < cur.len; i++) {
			struct cursor *c = &cur.items[i];
			uint32_t f = profile_stack_func(p, c->stack);
			c->node = child(t, c->node, keys[f], labels[f], side == 0 ? f : PF_NONE);
			t->total[side][c->node] += c->value;
			if (c->leaf_self)
				t->self[side][c->node] += c->value;
		}
		size_t k = 0;
		for (size_t i = 0; i < cur.len; i++) {
			struct cursor c = cur.items[i];
			c.stack = p->stacks.items[c.stack].parent;
			if (c.stack != PF_NONE && t->total[side][c.node] >= min_total)
				cur.items[k++] = c;
		}
		cur.len = k;
	}
	if (targets == NULL) {
		t->no_stack[side] += w->no_stack;
		t->sum[side] += w->no_stack;
	}
	vec_free(&cur);
	free(keys);
	free(labels);
}

/* ARG: the tree; children by the total of the side that has samples, then by label. */
static int child_cmp(const void *a, const void *b, void *arg)
{
	const struct calltree *t = arg;
	int side = t->sum[1] != 0 ? 1 : 0;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int64_t vx = t->total[side][x], vy = t->total[side][y];
	if (vx != vy)
		return vx > vy ? -1 : 1;
	int c = strcmp(calltree_label(t, x), calltree_label(t, y));
	return c ? c : (x < y ? -1 : x > y);
}

void calltree_finish(struct calltree *t)
{
	size_t n = t->nodes.len;
	if (n > t->value_cap) /* never: child() keeps them in step */
		abort();
	if (!t->path_mode) {
		for (int s = 0; s < 2; s++) {
			if (t->total[s] == NULL)
				continue;
			memcpy(t->total[s], t->self[s], n * sizeof(int64_t));
			/* parents were created before their children */
			for (size_t i = n; i-- > 0;) {
				uint32_t parent = t->nodes.items[i].parent;
				if (parent != CALLTREE_ROOT)
					t->total[s][parent] += t->total[s][i];
			}
		}
	}
	t->child_start = xcalloc(n + 2, sizeof(uint32_t));
	t->children = xreallocarray(NULL, n ? n : 1, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		uint32_t parent = t->nodes.items[i].parent;
		t->child_start[(parent == CALLTREE_ROOT ? n : parent) + 1]++;
	}
	for (size_t i = 1; i < n + 2; i++)
		t->child_start[i] += t->child_start[i - 1];
	uint32_t *fill = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	memcpy(fill, t->child_start, (n + 1) * sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		uint32_t parent = t->nodes.items[i].parent;
		t->children[fill[parent == CALLTREE_ROOT ? n : parent]++] = (uint32_t)i;
	}
	free(fill);
	for (size_t i = 0; i <= n; i++) {
		size_t cnt = t->child_start[i + 1] - t->child_start[i];
		if (cnt > 1)
			qsort_r(t->children + t->child_start[i], cnt, sizeof(uint32_t), child_cmp, t);
	}
}
