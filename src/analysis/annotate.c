/* annotate.c: --annotate RE, source listings of the hottest matching functions
 * (annotate.h). The functions are ranked from the generic self and inclusive
 * views; each listed one then takes one pass over the stack nodes (or over the
 * profile's line ticks) to give every sample's weight to one line of it, so a
 * listing's rows add up to the function's own figures exactly. */
#define _GNU_SOURCE /* qsort_r */
#include "annotate.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profan/match.h"
#include "profan/ownership.h"
#include "source_text.h"
#include "profan/views.h"

/* What the weight at a line went into, besides the line itself. */
enum link_kind {
	LINK_CALL,         /* a call to FUNC from the line */
	LINK_CALL_INLINED, /* FUNC's code inlined at the line */
};

struct link {
	uint32_t row, func;
	enum link_kind kind;
	int64_t value;
};

struct line_row {
	uint32_t file, line; /* file: a string id of the profile; line 0: no line known */
	uint32_t id;         /* its index before sorting, which links name it by */
	int64_t self, total;
};

/* One listed function's lines, rebuilt for each function. */
struct lines {
	VEC(struct line_row) rows;
	struct u64map row_at; /* file << 32 | line -> rows index */
	VEC(struct link) links;
	struct u64map link_at; /* row << 34 | func << 2 | kind -> links index */
	/* where the function's code was inlined: caller func << 32 | call line -> into index */
	struct u64map into_at;
	VEC(struct link) into; /* func: one frame of the caller at that line */
	int64_t out_of_line;   /* total of the samples whose innermost frame of it was a real call */
};

/* The stack tree in depth-first order, made once for all listed functions: a node's
 * subtree is the positions pos[N] .. end[N] - 1, so a function's samples, all below
 * its own nodes, are found among the nodes with a weight by position, without
 * visiting the nodes between (a function near the root has most of the tree below
 * it, and a listing per function walked it whole). Children come in the order of
 * positions, which is decreasing index. */
struct tree {
	uint32_t *pos, *end, *order;       /* order[pos[N]] == N */
	uint32_t *kid_start, *kids;        /* N's children: kids[kid_start[N] .. kid_start[N + 1]) */
	uint32_t *func_start, *func_nodes; /* nodes of F, in index order: func_nodes[func_start[F] ..] */
	/* the nodes with a weight, by position: position, node, weight */
	uint32_t *weighted, *weighted_node;
	int64_t *weighted_value;
	uint32_t *weighted_from; /* position Q -> the first of them at Q or after */
	size_t nweighted;
	VEC(uint32_t) sorted, stack; /* one listing's: F's nodes by position, the nest */
	VEC(uint64_t) tops;          /* its outermost nodes: node << 32 | where in sorted */
};

struct ctx {
	const struct profan_opts *o;
	const struct profile *p;
	const struct ownership *own; /* NULL: none */
	const struct view_choice *c;
	struct report *r;
	const struct pf_metric *m;
	struct pf_weights w;
	struct tree tree;
	struct lines l;
	/* line ticks by function: those of F are ticks[tick_start[F] .. tick_start[F + 1]) */
	uint32_t *tick_start, *ticks;
	/* source files read so far: file string id -> texts index */
	struct u64map text_at;
	VEC(struct source_text) texts;
	struct source_roots roots; /* made when the first file is looked for */
	bool have_roots;
};

static void lines_reset(struct lines *l)
{
	l->rows.len = 0;
	l->links.len = 0;
	l->into.len = 0;
	l->out_of_line = 0;
	u64map_release(&l->row_at);
	u64map_release(&l->link_at);
	u64map_release(&l->into_at);
}

static void lines_release(struct lines *l)
{
	lines_reset(l);
	vec_free(&l->rows);
	vec_free(&l->links);
	vec_free(&l->into);
}

static uint32_t row_for(struct lines *l, uint32_t file, uint32_t line)
{
	uint32_t *slot = u64map_slot(&l->row_at, (uint64_t)file << 32 | line);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)l->rows.len;
		vec_push(&l->rows, ((struct line_row){.file = file, .line = line, .id = *slot}));
	}
	return *slot;
}

static void link_add(struct lines *l, uint32_t row, uint32_t func, enum link_kind kind, int64_t v)
{
	uint32_t *slot = u64map_slot(&l->link_at, (uint64_t)row << 34 | (uint64_t)func << 2 | kind);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)l->links.len;
		vec_push(&l->links, ((struct link){.row = row, .func = func, .kind = kind}));
	}
	l->links.items[*slot].value += v;
}

static void into_add(struct lines *l, const struct profile *p, uint32_t frame, int64_t v)
{
	const struct pf_frame *fr = &p->frames.items[frame];
	uint32_t *slot = u64map_slot(&l->into_at, (uint64_t)fr->func << 32 | fr->line);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)l->into.len;
		vec_push(&l->into, ((struct link){.func = frame}));
	}
	l->into.items[*slot].value += v;
}

/* The file a frame's line is in: its own when symbolication gave one, else its function's. */
static uint32_t frame_file(const struct profile *p, const struct pf_frame *fr)
{
	return fr->file ? fr->file : p->funcs.items[fr->func].file;
}

static void tree_build(struct tree *t, const struct profile *p)
{
	size_t n = p->stacks.len, nf = p->funcs.len;
	t->kid_start = xcalloc(n + 2, sizeof(uint32_t));
	t->kids = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		uint32_t par = p->stacks.items[i].parent;
		if (par != PF_NONE)
			t->kid_start[par + 2]++;
	}
	for (size_t i = 0; i < n; i++)
		t->kid_start[i + 2] += t->kid_start[i + 1];
	for (size_t i = n; i-- > 0;) { /* decreasing index: the order a depth-first walk takes them */
		uint32_t par = p->stacks.items[i].parent;
		if (par != PF_NONE)
			t->kids[t->kid_start[par + 1]++] = (uint32_t)i;
	}
	t->pos = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	t->end = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	t->order = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	uint32_t next = 0;
	VEC(uint32_t) todo = {0};
	for (size_t r = 0; r < n; r++) {
		if (p->stacks.items[r].parent != PF_NONE)
			continue;
		vec_push(&todo, (uint32_t)r);
		while (todo.len > 0) {
			uint32_t x = todo.items[--todo.len];
			t->order[next] = x;
			t->pos[x] = next++;
			for (uint32_t k = t->kid_start[x + 1]; k-- > t->kid_start[x];)
				vec_push(&todo, t->kids[k]);
		}
	}
	vec_free(&todo);
	for (size_t i = 0; i < n; i++)
		t->end[i] = t->pos[i] + 1;
	for (size_t i = n; i-- > 0;) { /* children have larger indices than their parent */
		uint32_t par = p->stacks.items[i].parent;
		if (par != PF_NONE)
			t->end[par] += t->end[i] - t->pos[i];
	}
	t->func_start = xcalloc(nf + 2, sizeof(uint32_t));
	t->func_nodes = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++)
		t->func_start[profile_stack_func(p, (uint32_t)i) + 2]++;
	for (size_t f = 0; f < nf; f++)
		t->func_start[f + 2] += t->func_start[f + 1];
	for (size_t i = 0; i < n; i++)
		t->func_nodes[t->func_start[profile_stack_func(p, (uint32_t)i) + 1]++] = (uint32_t)i;
}

/* The positions of the nodes with a weight (WEIGHT, per node), once the weights are known. */
static void tree_weighted(struct tree *t, const struct profile *p, const int64_t *weight)
{
	size_t n = p->stacks.len;
	t->weighted = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	t->weighted_node = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	t->weighted_value = xreallocarray(NULL, n + 1, sizeof(int64_t));
	t->weighted_from = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	t->nweighted = 0;
	for (size_t q = 0; q < n; q++) {
		t->weighted_from[q] = (uint32_t)t->nweighted;
		uint32_t x = t->order[q];
		if (weight[x] != 0) {
			t->weighted[t->nweighted] = (uint32_t)q;
			t->weighted_node[t->nweighted] = x;
			t->weighted_value[t->nweighted++] = weight[x];
		}
	}
}

static void tree_release(struct tree *t)
{
	free(t->pos);
	free(t->end);
	free(t->order);
	free(t->kid_start);
	free(t->kids);
	free(t->func_start);
	free(t->func_nodes);
	free(t->weighted);
	free(t->weighted_node);
	free(t->weighted_value);
	free(t->weighted_from);
	vec_free(&t->sorted);
	vec_free(&t->tops);
	vec_free(&t->stack);
}

/* The weight V of stack node N for the listing of F: N's innermost frame of F is
 * node NEAR, and BELOW the node under it on the way to N (PF_NONE when N is NEAR). */
static void add_node(struct ctx *c, uint32_t n, uint32_t near, uint32_t below, int64_t v)
{
	const struct profile *p = c->p;
	struct lines *l = &c->l;
	const struct pf_frame *fr = profile_stack_frame(p, near);
	uint32_t row = row_for(l, frame_file(p, fr), fr->line);
	l->rows.items[row].total += v;
	if (near == n)
		l->rows.items[row].self += v;
	if (below != PF_NONE) {
		const struct pf_frame *callee = profile_stack_frame(p, below);
		link_add(l, row, callee->func, callee->flags & PF_FRAME_INLINED ? LINK_CALL_INLINED : LINK_CALL, v);
	}
	uint32_t caller = p->stacks.items[near].parent;
	if ((fr->flags & PF_FRAME_INLINED) && caller != PF_NONE)
		into_add(l, p, p->stacks.items[caller].frame, v);
	else
		l->out_of_line += v;
}

static int by_pos(const void *a, const void *b, void *arg)
{
	const uint32_t *pos = arg;
	uint32_t x = pos[*(const uint32_t *)a], y = pos[*(const uint32_t *)b];
	return (x > y) - (x < y);
}

static int by_index(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* ANNOTATE_STACKS and ANNOTATE_SITES: each sample's weight goes to the line of
 * the innermost frame of F on its stack (counted once however often F recurses):
 * Total there, and Self too when that frame is the leaf. What lies below that
 * frame on the stack is the call the line made. F's outermost nodes are taken in
 * index order, the weighted nodes below each in depth-first order: the order of a
 * walk down from each, which decides which frame names a place F was inlined into
 * when several frames share its function and line. */
static void collect_stacks(struct ctx *c, uint32_t f)
{
	struct tree *t = &c->tree;
	uint32_t first = t->func_start[f], count = t->func_start[f + 1] - first;
	t->sorted.len = t->tops.len = t->stack.len = 0;
	for (uint32_t k = 0; k < count; k++)
		vec_push(&t->sorted, t->func_nodes[first + k]);
	qsort_r(t->sorted.items, t->sorted.len, sizeof(uint32_t), by_pos, t->pos);
	for (uint32_t k = 0; k < count; k++) { /* outermost: inside no other node of F */
		uint32_t x = t->sorted.items[k];
		while (t->stack.len > 0 && t->end[t->stack.items[t->stack.len - 1]] <= t->pos[x])
			t->stack.len--;
		if (t->stack.len == 0)
			vec_push(&t->tops, (uint64_t)x << 32 | k);
		vec_push(&t->stack, x);
	}
	qsort(t->tops.items, t->tops.len, sizeof(uint64_t), by_index);
	for (size_t i = 0; i < t->tops.len; i++) {
		/* F's nodes inside TOP follow it in sorted; the weighted nodes below it are a range too */
		uint32_t top = (uint32_t)(t->tops.items[i] >> 32), lo = t->pos[top], hi = t->end[top];
		size_t k = (uint32_t)t->tops.items[i];
		t->stack.len = 0;
		for (size_t w = t->weighted_from[lo]; w < t->nweighted && t->weighted[w] < hi; w++) {
			uint32_t q = t->weighted[w];
			while (k < t->sorted.len && t->pos[t->sorted.items[k]] <= q) {
				uint32_t x = t->sorted.items[k++];
				while (t->stack.len > 0 && t->end[t->stack.items[t->stack.len - 1]] <= t->pos[x])
					t->stack.len--;
				vec_push(&t->stack, x);
			}
			while (t->end[t->stack.items[t->stack.len - 1]] <= q)
				t->stack.len--; /* TOP itself stays: q < end[TOP] */
			uint32_t near = t->stack.items[t->stack.len - 1], n = t->weighted_node[w], below = PF_NONE;
			if (n != near) { /* the child of NEAR that holds q: the last one starting at or before it */
				uint32_t ka = t->kid_start[near], kb = t->kid_start[near + 1];
				while (kb - ka > 1) {
					uint32_t mid = ka + (kb - ka) / 2;
					if (t->pos[t->kids[mid]] <= q)
						ka = mid;
					else
						kb = mid;
				}
				below = t->kids[ka];
			}
			add_node(c, n, near, below, t->weighted_value[w]);
		}
	}
}

/* Splits TOTAL over N parts in proportion to SHARE (largest remainders, ties to
 * the earlier part), so the parts add up to TOTAL exactly. */
static void apportion(int64_t total, const int64_t *share, size_t n, int64_t *out)
{
	unsigned __int128 sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += share[i] > 0 ? (uint64_t)share[i] : 0;
	uint64_t abs = total < 0 ? (uint64_t)0 - (uint64_t)total : (uint64_t)total;
	if (sum == 0 || n == 0) {
		for (size_t i = 0; i < n; i++)
			out[i] = 0;
		return;
	}
	unsigned __int128 *rem = xcalloc(n, sizeof(*rem));
	uint64_t given = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 x = (unsigned __int128)abs * (uint64_t)(share[i] > 0 ? share[i] : 0);
		uint64_t part = (uint64_t)(x / sum);
		rem[i] = x % sum;
		out[i] = (int64_t)part;
		given += part;
	}
	for (uint64_t left = abs - given; left > 0; left--) {
		size_t best = SIZE_MAX;
		for (size_t i = 0; i < n; i++)
			if (share[i] > 0 && (best == SIZE_MAX || rem[i] > rem[best]))
				best = i;
		out[best]++;
		rem[best] = 0;
	}
	free(rem);
	if (total < 0)
		for (size_t i = 0; i < n; i++)
			out[i] = -out[i];
}

/* ANNOTATE_TICKS: F's self weight SELF split over its lines by the line ticks. */
static void collect_ticks(struct ctx *c, uint32_t f, int64_t self)
{
	const struct profile *p = c->p;
	struct lines *l = &c->l;
	VEC(int64_t) share = {0};
	for (uint32_t k = c->tick_start[f]; k < c->tick_start[f + 1]; k++) {
		const struct pf_line_ticks *t = &p->line_ticks.items[c->ticks[k]];
		if (t->ticks <= 0)
			continue;
		uint32_t row = row_for(l, p->funcs.items[f].file, t->line);
		while (share.len <= row)
			vec_push(&share, 0);
		share.items[row] += t->ticks;
	}
	if (l->rows.len == 0 && self != 0) { /* no ticks: the whole at no line */
		row_for(l, p->funcs.items[f].file, 0);
		vec_push(&share, 1);
	}
	int64_t *part = xcalloc(l->rows.len + 1, sizeof(*part));
	apportion(self, share.items, l->rows.len, part);
	for (size_t i = 0; i < l->rows.len; i++)
		l->rows.items[i].self = l->rows.items[i].total = part[i];
	free(part);
	vec_free(&share);
}

struct dir_text {
	const char *s;
	uint32_t len;
};

static int dir_text_cmp(const void *a, const void *b)
{
	const struct dir_text *x = a, *y = b;
	int d = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);
	return d ? d : (x->len > y->len) - (x->len < y->len);
}

/* The folders sources are read from: what the user named (the working directory,
 * --source-path, --source-prefix targets) and the compilation directories that the
 * program's own DWARF gave (symbolication sets comp_dir_len; a profile cannot). "/" is
 * no root unless named with --source-path: it would let a profile name any file. */
static void make_roots(struct ctx *c)
{
	const struct annotate_opts *a = &c->o->annotate;
	char *cwd = getcwd(NULL, 0);
	if (cwd != NULL && strcmp(cwd, "/") != 0)
		source_roots_add(&c->roots, cwd);
	free(cwd);
	for (size_t i = 0; i < a->source_path_count; i++)
		source_roots_add(&c->roots, a->source_paths[i]);
	for (size_t i = 0; i < a->prefix_count; i++)
		source_roots_add(&c->roots, a->prefixes[i].to);
	const struct profile *p = c->p;
	VEC(struct dir_text) dirs = {0};
	for (size_t f = 0; f < p->funcs.len; f++) {
		uint32_t n = p->funcs.items[f].comp_dir_len;
		const char *file = profile_str(p, p->funcs.items[f].file);
		if (n > 1 && file[0] == '/')
			vec_push(&dirs, ((struct dir_text){file, n}));
	}
	if (dirs.len > 1)
		qsort(dirs.items, dirs.len, sizeof(*dirs.items), dir_text_cmp);
	for (size_t i = 0; i < dirs.len; i++) {
		if (i > 0 && dir_text_cmp(&dirs.items[i - 1], &dirs.items[i]) == 0)
			continue;
		char *dir = xstrndup(dirs.items[i].s, dirs.items[i].len);
		source_roots_add(&c->roots, dir);
		free(dir);
	}
	vec_free(&dirs);
	c->have_roots = true;
}

static const struct source_text *text_of(struct ctx *c, uint32_t file)
{
	uint32_t *slot = u64map_slot(&c->text_at, file);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)c->texts.len;
		struct source_text t;
		if (!c->have_roots)
			make_roots(c);
		source_text_find(&c->o->annotate, &c->roots, profile_str(c->p, file),
				 strmap_len(&c->p->strings, file), &t);
		vec_push(&c->texts, t);
	}
	return &c->texts.items[*slot];
}

static bool is_wasm(const struct profile *p, uint32_t f)
{
	return strncmp(profile_str(p, p->funcs.items[f].file), "wasm://", 7) == 0;
}

/* The values a row or function shows, by mode: Self and Total, the metric at
 * the line (sites), or Self (ticks). */
static size_t fill_values(const struct ctx *c, int64_t self, int64_t total, int64_t *out)
{
	switch (c->c->annotate) {
	case ANNOTATE_SITES: out[0] = total; return 1;
	case ANNOTATE_TICKS: out[0] = self; return 1;
	case ANNOTATE_STACKS: break;
	}
	out[0] = self;
	out[1] = total;
	return 2;
}

/* What row_cmp sorts by besides the rows. */
struct row_order {
	const struct profile *p;
	uint32_t home; /* the function's own file */
};

/* Rows in listing order: the function's own file, then the others by name, each
 * by line; the costs no line could be given for last. */
static int row_cmp(const void *a, const void *b, void *arg)
{
	const struct line_row *x = a, *y = b;
	const struct row_order *o = arg;
	if ((x->line == 0) != (y->line == 0))
		return x->line == 0 ? 1 : -1;
	if ((x->file == o->home) != (y->file == o->home))
		return x->file == o->home ? -1 : 1;
	if (x->file != y->file)
		return strcmp(profile_str(o->p, x->file), profile_str(o->p, y->file));
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The heaviest call made from ROW, as row detail: "→ helper (inlined) 2.00 ms, +1 more". */
static const char *row_detail(struct ctx *c, uint32_t row)
{
	const struct link *best = NULL;
	size_t n = 0;
	for (size_t i = 0; i < c->l.links.len; i++) {
		const struct link *k = &c->l.links.items[i];
		if (k->row != row)
			continue;
		n++;
		if (!best || k->value > best->value || (k->value == best->value && k->func < best->func))
			best = k;
	}
	if (best == NULL)
		return NULL;
	char v[64];
	report_format_value(v, sizeof(v), best->value, c->m->unit);
	char more[32] = "";
	if (n > 1)
		snprintf(more, sizeof(more), ", +%zu more", n - 1);
	return report_printf(c->r, "\u2192 %s%s %s%s", func_label(c->p, best->func),
			     best->kind == LINK_CALL_INLINED ? " (inlined)" : "", v, more);
}

static int link_desc(const void *a, const void *b)
{
	const struct link *x = a, *y = b;
	if (x->value != y->value)
		return x->value > y->value ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

/* Where the function's code was inlined, for the listing's note. */
static const char *inlined_note(struct ctx *c)
{
	struct lines *l = &c->l;
	if (l->into.len == 0 || c->c->annotate == ANNOTATE_TICKS)
		return NULL;
	qsort(l->into.items, l->into.len, sizeof(*l->into.items), link_desc);
	const char *s = "Inlined into";
	char v[64];
	for (size_t i = 0; i < l->into.len && i < 3; i++) {
		const struct pf_frame *at = &c->p->frames.items[l->into.items[i].func];
		const char *file = profile_str(c->p, frame_file(c->p, at));
		const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
		report_format_value(v, sizeof(v), l->into.items[i].value, c->m->unit);
		s = report_printf(c->r, "%s%s %s at %s:%u (%s)", s, i ? "," : "", func_label(c->p, at->func),
				  *base ? base : "?", at->line, v);
	}
	if (l->into.len > 3)
		s = report_printf(c->r, "%s and %zu more", s, l->into.len - 3);
	if (l->out_of_line == 0)
		return report_printf(c->r, "%s; never run out of line. Its lines add up every copy.", s);
	report_format_value(v, sizeof(v), l->out_of_line, c->m->unit);
	return report_printf(c->r, "%s; out of line: %s. Its lines add up every copy.", s, v);
}

static void add_note(struct ctx *c, struct report_table *t, const char *line)
{
	if (line != NULL)
		t->note = t->note ? report_printf(c->r, "%s\n%s", t->note, line) : line;
}

/* How the file heading describes where the text came from. */
static const char *file_detail(struct ctx *c, uint32_t file, const struct source_text *st)
{
	const char *recorded = profile_str(c->p, file);
	if (st->refused != NULL)
		return report_printf(c->r, "source not read: %s", st->refused);
	if (st->path == NULL)
		return report_printf(c->r, "source not found: looked at %s; --source-path DIR or --source-prefix "
					   "OLD=NEW say where it is", st->looked ? st->looked : "nothing");
	if (strcmp(st->path, recorded) == 0)
		return NULL;
	return report_printf(c->r, "read from %s", st->path);
}

struct span {
	uint32_t from, to;
};

static int span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return x->to < y->to ? -1 : x->to > y->to;
}

/* Appends the rows of one file: the lines with a cost, with context around them
 * and the function's first line when the text is there, a gap row between
 * regions. ROWS[0..N) are this file's lines with a known number, sorted. */
static void emit_file(struct ctx *c, struct report_table *t, uint32_t f, const struct line_row *rows,
		      size_t n)
{
	const struct profile *p = c->p;
	uint32_t file = rows[0].file;
	const struct source_text *st = text_of(c, file);
	const char *name = profile_str(p, file);
	struct report_row *h = report_table_row(c->r, t, *name ? name : "(no file)", file_detail(c, file, st));
	h->flags = REPORT_ROW_FILE;
	bool text = st->path != NULL;
	uint32_t last = (uint32_t)(st->line_count < UINT32_MAX ? st->line_count : UINT32_MAX);
	VEC(struct span) spans = {0};
	for (size_t i = 0; i < n; i++) {
		uint32_t at = rows[i].line, from = at, to = at;
		if (text) {
			from = at > ANNOTATE_CONTEXT ? at - ANNOTATE_CONTEXT : 1;
			uint64_t end = (uint64_t)at + ANNOTATE_CONTEXT;
			to = end < last ? (uint32_t)end : last;
			to = to > at ? to : at; /* a line past the end is still shown */
		}
		vec_push(&spans, ((struct span){from, to}));
	}
	uint32_t decl = file == p->funcs.items[f].file ? p->funcs.items[f].line : 0;
	if (text && decl >= 1 && decl <= last)
		vec_push(&spans, ((struct span){decl, decl}));
	qsort(spans.items, spans.len, sizeof(*spans.items), span_cmp);
	/* regions closer than three lines are one: a gap row would take the room of what it hides */
	size_t m = 0;
	for (size_t k = 1; k < spans.len; k++) {
		struct span *cur = &spans.items[m];
		uint64_t reach = (uint64_t)cur->to + (text ? 3 : 1);
		if (spans.items[k].from <= reach) {
			if (spans.items[k].to > cur->to)
				cur->to = spans.items[k].to;
		} else {
			spans.items[++m] = spans.items[k];
		}
	}
	spans.len = spans.len ? m + 1 : 0;
	size_t i = 0, past_end = 0;
	for (size_t k = 0; k < spans.len; k++) {
		if (k > 0)
			report_table_row(c->r, t, NULL, NULL)->flags = REPORT_ROW_GAP;
		for (uint64_t ln = spans.items[k].from; ln <= spans.items[k].to; ln++) {
			const struct line_row *hit = i < n && rows[i].line == ln ? &rows[i] : NULL;
			if (!hit && (!text || ln > last))
				continue; /* no text: only the lines with a cost */
			const char *detail = hit ? row_detail(c, hit->id) : NULL;
			struct report_row *row = report_table_row(c->r, t, source_text_line(st, (uint32_t)ln), detail);
			row->line = (uint32_t)ln;
			if (hit) {
				fill_values(c, hit->self, hit->total, row->values);
				past_end += text && ln > last;
				i++;
			}
		}
	}
	vec_free(&spans);
	if (past_end)
		add_note(c, t,
			 report_printf(c->r, "%zu line%s past the end of %s (%zu lines): is it the source the "
					     "program was built from?",
				       past_end, past_end == 1 ? " is" : "s are", st->path, st->line_count));
}

/* One listing: F's lines (collected in c->l), file by file, its own file first. */
static void emit_listing(struct ctx *c, uint32_t f, int64_t self, int64_t total)
{
	const struct profile *p = c->p;
	struct lines *l = &c->l;
	const char *detail;
	const char *name = report_func_name(p, f, &detail);
	uint32_t col = p->funcs.items[f].column, at = col ? col - 1 : 0;
	bool wasm = c->c->annotate == ANNOTATE_TICKS && is_wasm(p, f);
	if (wasm) /* V8 gives a wasm function's place as its body's offset, not a line */
		detail = report_printf(c->r, "%s +0x%x", profile_str(p, p->funcs.items[f].file), at);
	const char *title = report_printf(c->r, "Lines of %s: %s", func_label(p, f), c->m->label);
	struct report_table *t = report_add_table(c->r, "annotate", title, "Line");
	int64_t v[REPORT_MAX_COLS] = {0};
	size_t ncols = fill_values(c, 0, 0, v);
	static const char *const stack_cols[] = {"Self", "Total"};
	for (size_t k = 0; k < ncols; k++)
		report_table_col(t, c->c->annotate == ANNOTATE_SITES ? c->m->name : stack_cols[k], c->m->unit, 0);
	fill_values(c, self, total, v);
	report_table_listing(c->r, t, name, detail, v);
	if (ownership_is_program(c->own, p, f))
		t->subject.flags |= REPORT_ROW_OWNED;
	if (c->c->annotate == ANNOTATE_TICKS && self == 0)
		add_note(c, t, "No self time: V8 records where a function's own time fell, not the lines it "
			       "called from.");
	if (wasm) {
		add_note(c, t,
			 report_printf(c->r, "V8 records no position inside WebAssembly code: the function's time is "
					     "all at its body, byte 0x%x of the module.", at));
		const char *text = report_printf(c->r, "(function body at byte 0x%x)", at);
		fill_values(c, self, total, report_table_row(c->r, t, text, NULL)->values);
		return;
	}
	if (c->c->annotate == ANNOTATE_TICKS)
		add_note(c, t,
			 "Self split over lines by V8's hits per line (positionTicks, or a trace's per-sample "
			 "lines); V8 records no call lines, so no Total per line.");
	add_note(c, t, inlined_note(c));
	struct row_order order = {p, p->funcs.items[f].file};
	if (l->rows.len > 1)
		qsort_r(l->rows.items, l->rows.len, sizeof(*l->rows.items), row_cmp, &order);
	size_t i = 0;
	const struct line_row *rows = l->rows.items;
	while (i < l->rows.len && rows[i].line != 0) {
		size_t j = i;
		while (j < l->rows.len && rows[j].line != 0 && rows[j].file == rows[i].file)
			j++;
		emit_file(c, t, f, l->rows.items + i, j - i);
		i = j;
	}
	int64_t nl_self = 0, nl_total = 0;
	for (; i < l->rows.len; i++) {
		nl_self += l->rows.items[i].self;
		nl_total += l->rows.items[i].total;
	}
	if (nl_self || nl_total) {
		struct report_row *row = report_table_row(c->r, t, "(no line information)", NULL);
		fill_values(c, nl_self, nl_total, row->values);
	}
}

/* A matching function with a cost, for the ranking. */
struct candidate {
	uint32_t func;
	int64_t self, total;
};

/* Functions named in the header line; the listings name every one. */
#define ANNOTATE_HEADER_NAMES 10

/* ARG: the enum annotate_mode; sites rank by total, the rest by self. */
static int candidate_cmp(const void *a, const void *b, void *arg)
{
	const struct candidate *x = a, *y = b;
	enum annotate_mode mode = *(const enum annotate_mode *)arg;
	int64_t xa = mode == ANNOTATE_SITES ? x->total : x->self;
	int64_t ya = mode == ANNOTATE_SITES ? y->total : y->self;
	if (xa != ya)
		return xa > ya ? -1 : 1;
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

static int64_t *per_func(const struct profile *p, const struct pf_weights *w, const uint32_t *keys,
			 size_t nkeys, bool inclusive)
{
	int64_t *v = xcalloc(nkeys + 1, sizeof(*v));
	struct pf_rows rows;
	if (inclusive)
		view_inclusive(p, w, keys, nkeys, &rows);
	else
		view_self(p, w, keys, nkeys, &rows);
	for (size_t i = 0; i < rows.len; i++)
		v[rows.items[i].key] = rows.items[i].value;
	rows_release(&rows);
	return v;
}

/* ---- the closest names, for a pattern that matches none (as pprof's list says) ---- */

#define ANNOTATE_CLOSEST 3

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Levenshtein distance between A and B, ASCII case folded, in a row of B's length + 1; INSIDE: between
 * A and the closest part of B (what comes before and after that part costs nothing). */
static size_t edit_distance(const char *a, const char *b, size_t *row, bool inside)
{
	size_t nb = strlen(b);
	for (size_t j = 0; j <= nb; j++)
		row[j] = inside ? 0 : j;
	for (size_t i = 1; a[i - 1]; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			size_t up = row[j];
			size_t cost = lower(a[i - 1]) != lower(b[j - 1]);
			size_t best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t d = row[nb];
	for (size_t j = 0; inside && j < nb; j++)
		d = row[j] < d ? row[j] : d;
	return d;
}

/* How far a function's name is from the pattern's plain text WANT: first how far from its closest
 * part ("strcmp" is in "__strcmp_evex"), then from the whole name or its last part (after "::" or
 * "."), whichever is closer. */
static size_t name_distance(const char *want, const char *label, size_t *row)
{
	const char *last = label;
	for (const char *q = label; *q; q++)
		if (*q == '.' || (*q == ':' && q[1] == ':'))
			last = q + (*q == ':' ? 2 : 1);
	size_t d = edit_distance(want, label, row, false);
	if (last != label && *last) {
		size_t e = edit_distance(want, last, row, false);
		d = e < d ? e : d;
	}
	size_t part = edit_distance(want, label, row, true);
	return part * 4096 + (d < 4095 ? d : 4095);
}

/* "a, b, c": up to ANNOTATE_CLOSEST names of functions with a cost closest to PATTERN's text
 * (its regex syntax left out), or NULL when there are none. */
static char *closest_names(const struct profile *p, const char *pattern, const int64_t *total, size_t nkeys)
{
	char *want = xmalloc(strlen(pattern) + 1);
	size_t n = 0;
	for (const char *q = pattern; *q; q++)
		if (*q == '\\' && q[1])
			want[n++] = *++q;
		else if (!strchr("^$.*+?()[]{}|", *q))
			want[n++] = *q;
	want[n] = '\0';
	size_t best_d[ANNOTATE_CLOSEST], nbest = 0, row_len = 0;
	uint32_t best_f[ANNOTATE_CLOSEST];
	size_t *row = NULL;
	for (uint32_t f = 0; f < nkeys; f++) {
		if (total[f] == 0)
			continue;
		const char *label = func_label(p, f);
		size_t len = strlen(label);
		if (len + 1 > row_len) {
			row_len = 2 * len + 1;
			row = xreallocarray(row, row_len, sizeof(*row));
		}
		size_t d = name_distance(want, label, row);
		size_t at = nbest;
		while (at > 0 && (d < best_d[at - 1] || (d == best_d[at - 1] && total[f] > total[best_f[at - 1]])))
			at--;
		if (at >= ANNOTATE_CLOSEST)
			continue;
		if (nbest < ANNOTATE_CLOSEST)
			nbest++;
		memmove(best_d + at + 1, best_d + at, (nbest - 1 - at) * sizeof(*best_d));
		memmove(best_f + at + 1, best_f + at, (nbest - 1 - at) * sizeof(*best_f));
		best_d[at] = d;
		best_f[at] = f;
	}
	free(row);
	free(want);
	if (nbest == 0)
		return NULL;
	char *out = xasprintf("%s", func_label(p, best_f[0]));
	for (size_t i = 1; i < nbest; i++) {
		char *more = xasprintf("%s, %s", out, func_label(p, best_f[i]));
		free(out);
		out = more;
	}
	return out;
}

int annotate_views(const struct profan_opts *o, const struct profile *p, const struct ownership *own,
		   const struct view_choice *choice, struct report *r)
{
	const char *pattern = o->annotate.pattern;
	if (pattern == NULL || choice->metric >= p->metric_count)
		return 0;
	size_t matched = 0;
	bool *match = match_funcs_re(p, pattern, &matched);
	if (match == NULL) {
		report_warning(r, "--annotate '%s' could not be matched", pattern);
		return 0;
	}
	struct ctx c = {.o = o, .p = p, .own = own, .c = choice, .r = r, .m = &p->metrics[choice->metric]};
	weights_compute(&c.w, p, choice->metric, choice->keep);
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	int64_t *self = per_func(p, &c.w, keys, nkeys, false);
	int64_t *total = per_func(p, &c.w, keys, nkeys, true);
	VEC(struct candidate) cand = {0};
	for (uint32_t f = 0; f < nkeys; f++)
		if (match[f] && (self[f] != 0 || total[f] != 0))
			vec_push(&cand, ((struct candidate){f, self[f], total[f]}));
	enum annotate_mode mode = choice->annotate;
	if (cand.len > 1)
		qsort_r(cand.items, cand.len, sizeof(*cand.items), candidate_cmp, &mode);
	size_t want = o->annotate.functions;
	size_t shown = want && want < cand.len ? want : cand.len;
	int rc = 0;
	if (matched == 0) {
		char *near = closest_names(p, pattern, total, nkeys);
		pf_error("--annotate '%s' matches no function%s%s", pattern, near ? "; the closest names: " : "",
			 near ? near : "");
		free(near);
		rc = -1;
		shown = 0;
	} else if (cand.len == 0) {
		report_warning(r, "--annotate '%s' matches no function with a cost in this selection", pattern);
	} else {
		/* the names of the first few; each listing says its own */
		VEC(char) list = {0};
		for (size_t i = 0; i < shown && i < ANNOTATE_HEADER_NAMES; i++) {
			for (const char *q = i ? ", " : ""; *q; q++)
				vec_push(&list, *q);
			for (const char *q = func_label(p, cand.items[i].func); *q; q++)
				vec_push(&list, *q);
		}
		vec_push(&list, '\0');
		const char *names = shown > ANNOTATE_HEADER_NAMES
					    ? report_printf(r, "%s and %zu more", list.items, shown - ANNOTATE_HEADER_NAMES)
					    : report_strdup(r, list.items);
		vec_free(&list);
		if (shown < cand.len)
			report_header(r, "Annotated", "%s (the %zu hottest of %zu functions matching /%s/; --top N or "
				      "--top 0 for more)", names, shown, cand.len, pattern);
		else
			report_header(r, "Annotated", "%s (matching /%s/)", names, pattern);
	}
	if (choice->annotate == ANNOTATE_TICKS) { /* a counting sort, keeping the order they were added in */
		c.tick_start = xcalloc(p->funcs.len + 2, sizeof(*c.tick_start));
		c.ticks = xreallocarray(NULL, p->line_ticks.len + 1, sizeof(*c.ticks));
		for (size_t i = 0; i < p->line_ticks.len; i++)
			c.tick_start[p->line_ticks.items[i].func + 2]++;
		for (size_t f = 0; f < p->funcs.len; f++)
			c.tick_start[f + 2] += c.tick_start[f + 1];
		for (size_t i = 0; i < p->line_ticks.len; i++)
			c.ticks[c.tick_start[p->line_ticks.items[i].func + 1]++] = (uint32_t)i;
	}
	if (choice->annotate != ANNOTATE_TICKS && shown > 0) {
		tree_build(&c.tree, p);
		tree_weighted(&c.tree, p, c.w.node);
	}
	for (size_t i = 0; i < shown; i++) {
		const struct candidate *k = &cand.items[i];
		lines_reset(&c.l);
		if (choice->annotate == ANNOTATE_TICKS)
			collect_ticks(&c, k->func, k->self);
		else
			collect_stacks(&c, k->func);
		emit_listing(&c, k->func, k->self, k->total);
	}
	for (size_t i = 0; i < c.texts.len; i++)
		source_text_release(&c.texts.items[i]);
	vec_free(&c.texts);
	source_roots_release(&c.roots);
	u64map_release(&c.text_at);
	lines_release(&c.l);
	free(c.tick_start);
	free(c.ticks);
	tree_release(&c.tree);
	vec_free(&cand);
	free(self);
	free(total);
	free(keys);
	free(match);
	weights_release(&c.w);
	return rc;
}
