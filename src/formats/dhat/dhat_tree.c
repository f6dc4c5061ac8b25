/* dhat_tree.c: dh_view's metric conditions and its allocation-rooted radix tree (see dhat_tree.h).
 *
 * The tree is built without recursion: program points are sorted by their
 * innermost-first frame sequence, so every node is a contiguous range of them,
 * its shared run is the common prefix of the range's first and last sequence,
 * and node sums come from prefix sums in O(1). */
#define _GNU_SOURCE /* qsort_r */
#include "dhat_tree.h"

#include <stdlib.h>
#include <string.h>

bool dhat_pred_available(const struct dhat_meta *m, enum dhat_pred pred)
{
	switch (pred) {
	case DHAT_PRED_NONE:
	case DHAT_PRED_TINY: return true;
	case DHAT_PRED_SHORT_LIVED: return m->bklt;
	case DHAT_PRED_ZERO_ACCESS:
	case DHAT_PRED_LOW_ACCESS:
	case DHAT_PRED_HIGH_ACCESS: return m->bkacc;
	}
	return false;
}

typedef __int128 wide;

bool dhat_pred_eval(enum dhat_pred pred, const struct dhat_vals *v, int64_t tuth)
{
	switch (pred) {
	case DHAT_PRED_NONE: return true;
	case DHAT_PRED_TINY: return v->tbk > 0 && (wide)v->tb <= (wide)16 * v->tbk;
	case DHAT_PRED_SHORT_LIVED: return v->tbk > 0 && (wide)v->tl <= (wide)tuth * v->tbk;
	case DHAT_PRED_ZERO_ACCESS: return v->rb == 0 || v->wb == 0;
	case DHAT_PRED_LOW_ACCESS:
		/* x/tb <= 0.4  <=>  5x <= 2tb, for tb > 0 */
		return v->rb != 0 && v->wb != 0 && v->tb > 0 &&
		       ((wide)5 * v->rb <= (wide)2 * v->tb || (wide)5 * v->wb <= (wide)2 * v->tb);
	case DHAT_PRED_HIGH_ACCESS:
		return v->tb > 0 && ((wide)v->rb >= (wide)1000 * v->tb || (wide)v->wb >= (wide)1000 * v->tb);
	}
	return false;
}

static int64_t value_of(const struct profile *p, const char *field, size_t i)
{
	size_t m = profile_metric_index(p, field);
	return m == SIZE_MAX ? 0 : p->sample_values[m][i];
}

bool dhat_pred_holds(const struct profile *p, const struct dhat_meta *m, size_t i, enum dhat_pred pred)
{
	if (pred == DHAT_PRED_NONE)
		return true;
	struct dhat_vals v = {.tb = value_of(p, "tb", i),
			      .tbk = value_of(p, "tbk", i),
			      .tl = value_of(p, "tl", i),
			      .rb = value_of(p, "rb", i),
			      .wb = value_of(p, "wb", i)};
	return dhat_pred_eval(pred, &v, m->tuth);
}

/* ---------------------------------------------------------------- the tree */

enum { V_METRIC, V_TB, V_TBK, V_TL, V_RB, V_WB, V_COUNT };

struct node {
	uint32_t lo, hi;     /* range of sorted program points */
	uint32_t depth, end; /* the node's own frames: seq[lo][depth..end) */
	uint32_t parent;
	uint32_t first_child, next_sibling;
	uint32_t first_point; /* earliest program point below, in file order: dh_view's tie order */
	int64_t v[V_COUNT];
	enum { SIG_NONE, SIG_DESC, SIG_SELF } sig;
};

struct tree {
	const uint32_t *seq; /* frame ids, innermost first, all points back to back */
	const size_t *off;   /* point k's frames: seq[off[k] .. off[k + 1]) */
	uint32_t *order;     /* sorted point index -> point k */
	VEC(struct node) nodes;
};

/* ARG: the tree whose points are sorted by their frame sequences. */
static int cmp_seq(const void *a, const void *b, void *arg)
{
	const struct tree *t = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	size_t lx = t->off[x + 1] - t->off[x], ly = t->off[y + 1] - t->off[y];
	const uint32_t *sx = t->seq + t->off[x], *sy = t->seq + t->off[y];
	for (size_t i = 0; i < lx && i < ly; i++)
		if (sx[i] != sy[i])
			return sx[i] < sy[i] ? -1 : 1;
	return lx < ly ? -1 : lx > ly ? 1 : (x > y) - (x < y);
}

static size_t seq_len(const struct tree *t, uint32_t sorted)
{
	uint32_t k = t->order[sorted];
	return t->off[k + 1] - t->off[k];
}

static uint32_t seq_at(const struct tree *t, uint32_t sorted, size_t i)
{
	return t->seq[t->off[t->order[sorted]] + i];
}

static bool significant(const struct node *n, const struct node *root, enum dhat_pred pred, int64_t tuth)
{
	/* dh_view: 1 % of the root for plain metrics, 0.5 % plus the condition otherwise */
	wide share = pred == DHAT_PRED_NONE ? 100 : 200;
	if ((wide)n->v[V_METRIC] * share < (wide)root->v[V_METRIC])
		return false;
	struct dhat_vals v = {n->v[V_TB], n->v[V_TBK], n->v[V_TL], n->v[V_RB], n->v[V_WB]};
	return dhat_pred_eval(pred, &v, tuth);
}

static void build(struct tree *t, uint32_t count, const int64_t *prefix)
{
	/* work list of ranges to turn into nodes: (lo, hi, depth, parent) */
	struct work {
		uint32_t lo, hi, depth, parent;
	};
	VEC(struct work) todo = {0};
	vec_push(&todo, ((struct work){0, count, 0, PF_NONE}));
	while (todo.len > 0) {
		struct work w = todo.items[--todo.len];
		size_t end = w.depth;
		size_t la = seq_len(t, w.lo), lb = seq_len(t, w.hi - 1);
		while (end < la && end < lb && seq_at(t, w.lo, end) == seq_at(t, w.hi - 1, end))
			end++;
		struct node n = {.lo = w.lo,
				 .hi = w.hi,
				 .depth = w.depth,
				 .end = (uint32_t)end,
				 .parent = w.parent,
				 .first_child = PF_NONE,
				 .next_sibling = PF_NONE};
		for (int k = 0; k < V_COUNT; k++)
			n.v[k] = prefix[(size_t)w.hi * V_COUNT + (size_t)k] -
				 prefix[(size_t)w.lo * V_COUNT + (size_t)k];
		uint32_t id = (uint32_t)t->nodes.len;
		vec_push(&t->nodes, n);
		if (w.parent != PF_NONE) {
			t->nodes.items[id].next_sibling = t->nodes.items[w.parent].first_child;
			t->nodes.items[w.parent].first_child = id;
		}
		if (w.hi - w.lo == 1 && la == end)
			continue;
		/* children: points that end here (a child with no frames, as in dh_view), then one
		 * range per next frame; sorting made each of them contiguous */
		uint32_t i = w.lo;
		while (i < w.hi) {
			uint32_t j = i + 1;
			if (seq_len(t, i) == end) {
				while (j < w.hi && seq_len(t, j) == end)
					j++;
				if (!(i == w.lo && j == w.hi))
					vec_push(&todo, ((struct work){i, j, (uint32_t)end, id}));
			} else {
				uint32_t f = seq_at(t, i, end);
				while (j < w.hi && seq_len(t, j) > end && seq_at(t, j, end) == f)
					j++;
				vec_push(&todo, ((struct work){i, j, (uint32_t)end, id}));
			}
			i = j;
		}
	}
	vec_free(&todo);
}


/* A child as shown: a node, or the aggregate of the insignificant ones (node == PF_NONE). */
struct shown {
	uint32_t node, first_point;
	int64_t v, tb;
	size_t folded;
};

/* dh_view's order: the metric, then total bytes, both descending; the aggregate is
 * sorted among its siblings like any node. */
static int cmp_shown(const void *a, const void *b)
{
	const struct shown *x = a, *y = b;
	if (x->v != y->v)
		return x->v > y->v ? -1 : 1;
	if (x->tb != y->tb)
		return x->tb > y->tb ? -1 : 1;
	/* dh_view's sort is stable over children in the order their first program point
	 * appears in the file, the aggregate standing where its first member stood */
	return x->first_point < y->first_point ? -1 : x->first_point > y->first_point;
}

/* *KEEP gets the offset in the text of the first of the user's frames, or 0. */
static const char *node_text(struct report *r, const struct tree *t, const struct node *n,
			     const struct dhat_tree_opts *o, bool root, size_t *keep)
{
	bool leading = true; /* none of the user's frames so far */
	*keep = 0;
	size_t cap = 256, len = 0;
	char *buf = xmalloc(cap);
	buf[0] = '\0';
	if (root) {
		memcpy(buf, "[root]", 7);
		len = 6;
	}
	for (uint32_t i = n->depth; i < n->end; i++) {
		const char *ft = o->frame_text(o->ctx, seq_at(t, n->lo, i));
		size_t need = len + strlen(ft) + 8;
		if (need > cap) {
			cap = need * 2;
			buf = xrealloc(buf, cap);
		}
		if (len)
			memcpy(buf + len, " <- ", 4), len += 4;
		if (leading && o->is_users) {
			if (o->is_users(o->ctx, seq_at(t, n->lo, i))) {
				*keep = i > n->depth ? len : 0;
				leading = false;
			}
		}
		memcpy(buf + len, ft, strlen(ft) + 1);
		len += strlen(ft);
	}
	if (len == 0)
		memcpy(buf, "(no further frames)", 20);
	const char *s = report_strdup(r, buf);
	free(buf);
	return s;
}

void dhat_tree_report(struct report *r, const struct profile *p, const struct dhat_meta *m,
		      const struct dhat_tree_opts *o)
{
	struct tree t = {0};
	size_t fields[V_COUNT] = {o->metric,
				  profile_metric_index(p, "tb"),
				  profile_metric_index(p, "tbk"),
				  profile_metric_index(p, "tl"),
				  profile_metric_index(p, "rb"),
				  profile_metric_index(p, "wb")};
	/* innermost-first sequences of the kept points */
	VEC(uint32_t) seq = {0};
	VEC(size_t) off = {0};
	VEC(uint32_t) point = {0}; /* k -> sample */
	vec_push(&off, 0);
	for (size_t i = 0; i < p->sample_count; i++) {
		if (o->keep && !o->keep[i])
			continue;
		for (uint32_t s = p->sample_stack[i]; s != PF_NONE; s = p->stacks.items[s].parent)
			vec_push(&seq, p->stacks.items[s].frame);
		vec_push(&off, seq.len);
		vec_push(&point, (uint32_t)i);
	}
	uint32_t count = (uint32_t)point.len;
	struct report_table *table =
		report_add_table(r, "tree", "Allocation tree (dh_view), innermost frame first", "Frames");
	const char *label = p->metrics[o->metric].name;
	int64_t root_total = 0;
	if (count == 0) {
		report_table_share_col(table, label, p->metrics[o->metric].unit, 0);
		goto done;
	}
	t.seq = seq.items;
	t.off = off.items;
	t.order = xreallocarray(NULL, count, sizeof(*t.order));
	for (uint32_t k = 0; k < count; k++)
		t.order[k] = k;
	qsort_r(t.order, count, sizeof(*t.order), cmp_seq, &t);
	int64_t *prefix = xcalloc(((size_t)count + 1) * V_COUNT, sizeof(*prefix));
	for (uint32_t k = 0; k < count; k++)
		for (int f = 0; f < V_COUNT; f++)
			prefix[((size_t)k + 1) * V_COUNT + (size_t)f] =
				prefix[(size_t)k * V_COUNT + (size_t)f] +
				(fields[f] == SIZE_MAX
					 ? 0
					 : p->sample_values[fields[f]][point.items[t.order[k]]]);
	build(&t, count, prefix);
	free(prefix);
	struct node *nodes = t.nodes.items;
	/* each point lies in exactly one leaf; parents precede children, so one backward pass */
	for (size_t i = 0; i < t.nodes.len; i++) {
		nodes[i].first_point = UINT32_MAX;
		if (nodes[i].first_child == PF_NONE)
			for (uint32_t k = nodes[i].lo; k < nodes[i].hi; k++)
				nodes[i].first_point = t.order[k] < nodes[i].first_point ? t.order[k] : nodes[i].first_point;
	}
	for (size_t i = t.nodes.len; i-- > 1;) {
		struct node *up = &nodes[nodes[i].parent];
		up->first_point = nodes[i].first_point < up->first_point ? nodes[i].first_point : up->first_point;
	}
	root_total = nodes[0].v[V_METRIC];
	report_table_share_col(table, label, p->metrics[o->metric].unit, root_total);
	/* children come after their parent, so one backward pass settles "has a significant descendant" */
	for (size_t i = t.nodes.len; i-- > 0;) {
		if (significant(&nodes[i], &nodes[0], o->pred, m->tuth))
			nodes[i].sig = SIG_SELF;
		else {
			for (uint32_t c = nodes[i].first_child; c != PF_NONE; c = nodes[c].next_sibling)
				if (nodes[c].sig != SIG_NONE)
					nodes[i].sig = SIG_DESC;
		}
	}
	/* depth-first rendering with an explicit stack; a fold item stands for the
	 * insignificant siblings and is pushed first so it prints after them */
	struct item {
		uint32_t node; /* PF_NONE: a fold row */
		bool last;
		size_t prefix_len; /* of the parent's prefix */
		size_t folded;
		int64_t value;
	};
	VEC(struct item) stack = {0};
	VEC(char) pre = {0};
	VEC(struct shown) kids = {0};
	vec_push(&stack, ((struct item){.node = 0, .last = true}));
	while (stack.len > 0) {
		struct item it = stack.items[--stack.len];
		pre.len = it.prefix_len;
		vec_reserve(&pre, pre.len + 1);
		pre.items[pre.len] = '\0';
		if (it.node == PF_NONE) {
			char *line = xasprintf("%s%s[%zu insignificant]", pre.items, it.last ? "└─ " : "├─ ",
					       it.folded);
			report_table_row(r, table, line, NULL)->values[0] = it.value;
			free(line);
			continue;
		}
		const struct node *n = &nodes[it.node];
		size_t keep;
		const char *text = node_text(r, &t, n, o, it.node == 0, &keep);
		char *line = it.node == 0 ? xstrdup(text)
					  : xasprintf("%s%s%s", pre.items, it.last ? "└─ " : "├─ ", text);
		struct report_row *row =
			report_table_row(r, table, line, n->sig == SIG_DESC ? "(insignificant itself)" : NULL);
		row->values[0] = n->v[V_METRIC];
		if (keep)
			row->keep_from = (uint32_t)(strlen(line) - strlen(text) + keep);
		free(line);
		if (it.node != 0)
			for (const char *c = it.last ? "   " : "│  "; *c; c++)
				vec_push(&pre, *c);
		size_t my_prefix = pre.len;
		kids.len = 0;
		struct shown agg = {.node = PF_NONE, .first_point = UINT32_MAX};
		for (uint32_t c = n->first_child; c != PF_NONE; c = nodes[c].next_sibling) {
			const struct node *k = &nodes[c];
			if (k->sig != SIG_NONE) {
				vec_push(&kids, ((struct shown){c, k->first_point, k->v[V_METRIC], k->v[V_TB], 0}));
				continue;
			}
			agg.v += k->v[V_METRIC];
			agg.tb += k->v[V_TB];
			agg.first_point = k->first_point < agg.first_point ? k->first_point : agg.first_point;
			agg.folded++;
		}
		if (agg.folded)
			vec_push(&kids, agg);
		if (kids.len > 1)
			qsort(kids.items, kids.len, sizeof(*kids.items), cmp_shown);
		/* pushed in reverse, so the first pops first */
		for (size_t k = kids.len; k-- > 0;) {
			const struct shown *sh = &kids.items[k];
			vec_push(&stack, ((struct item){.node = sh->node,
							.last = k == kids.len - 1,
							.prefix_len = my_prefix,
							.folded = sh->folded,
							.value = sh->v}));
		}
	}
	vec_free(&kids);
	vec_free(&stack);
	vec_free(&pre);
done:
	table->note =
		report_printf(r, "significant: %s >= %s of the root%s; the rest of each sibling group folded",
			      label, o->pred == DHAT_PRED_NONE ? "1%" : "0.5%",
			      o->pred == DHAT_PRED_NONE ? "" : " and the metric's condition");
	free(t.order);
	vec_free(&t.nodes);
	vec_free(&seq);
	vec_free(&off);
	vec_free(&point);
}
