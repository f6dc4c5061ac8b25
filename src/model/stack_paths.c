/* stack_paths.c: many stacks added at once, by sorting them instead of hashing each frame.
 *
 * profile_intern_path() looks up every frame of a stack in the stack table's hash index until
 * it meets a new node: a chain of dependent cache misses per frame, 40 million of them for a
 * DHAT file of a million 40-frame stacks, and an index as big as the table. Here the stacks
 * are sorted (multikey quicksort: the frame at one depth of every stack of a range, gathered
 * by independent loads), and a stack's nodes that already exist are exactly its longest
 * common prefix with any stack before it in the file, which its nearest earlier neighbours in
 * sorted order give; which earlier node each hangs from, one more walk in sorted order. The
 * nodes come out numbered as the calls one after the other would
 * number them: in file order, each stack's new nodes root first. */
#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/profile.h"
#include "profan/task.h"
#include "stack_paths_test.h"

struct paths {
	const uint32_t *const *frames;
	const uint32_t *len;
};

/* Frame DEPTH of stack I, plus one; 0 past its end, so a stack sorts before its extensions. */
static inline uint32_t key_at(const struct paths *ps, uint32_t i, uint32_t depth)
{
	return depth < ps->len[i] ? ps->frames[i][depth] + 1 : 0;
}

static uint32_t common_prefix(const struct paths *ps, uint32_t a, uint32_t b, uint32_t from)
{
	uint32_t n = ps->len[a] < ps->len[b] ? ps->len[a] : ps->len[b], d = from;
	while (d < n && ps->frames[a][d] == ps->frames[b][d])
		d++;
	return d;
}

static int compare_from(const struct paths *ps, uint32_t a, uint32_t b, uint32_t depth)
{
	uint32_t d = common_prefix(ps, a, b, depth);
	uint32_t ka = key_at(ps, a, d), kb = key_at(ps, b, d);
	return ka < kb ? -1 : ka > kb;
}

struct range {
	size_t lo, hi;
	uint32_t depth;
	bool keys_valid; /* KEY[lo..hi) already holds each stack's frame at DEPTH */
};

static void swap2(uint32_t *order, uint32_t *key, size_t a, size_t b)
{
	uint32_t t = order[a];
	order[a] = order[b];
	order[b] = t;
	t = key[a];
	key[a] = key[b];
	key[b] = t;
}

/* Sorts ORDER (stack numbers) by the stacks' frames; KEY is scratch of the same length. */
static void sort_paths(const struct paths *ps, uint32_t *order, uint32_t *key, size_t n)
{
	VEC(struct range) todo = {0};
	vec_push(&todo, ((struct range){.lo = 0, .hi = n, .depth = 0}));
	while (todo.len > 0) {
		struct range r = todo.items[--todo.len];
		size_t m = r.hi - r.lo;
		if (m < 2)
			continue;
		if (m <= 16) { /* insertion sort, comparing whole stacks from DEPTH on */
			for (size_t i = r.lo + 1; i < r.hi; i++)
				for (size_t j = i; j > r.lo && compare_from(ps, order[j - 1], order[j], r.depth) > 0; j--) {
					uint32_t t = order[j];
					order[j] = order[j - 1];
					order[j - 1] = t;
				}
			continue;
		}
		if (!r.keys_valid)
			for (size_t i = r.lo; i < r.hi; i++)
				key[i] = key_at(ps, order[i], r.depth);
		uint32_t a = key[r.lo], b = key[r.lo + m / 2], c = key[r.hi - 1];
		uint32_t pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
		/* three-way partition: [lo, lt) below the pivot, [lt, gt) equal, [gt, hi) above */
		size_t lt = r.lo, i = r.lo, gt = r.hi;
		while (i < gt) {
			if (key[i] < pivot)
				swap2(order, key, lt++, i++);
			else if (key[i] > pivot)
				swap2(order, key, i, --gt);
			else
				i++;
		}
		vec_push(&todo, ((struct range){.lo = r.lo, .hi = lt, .depth = r.depth, .keys_valid = true}));
		vec_push(&todo, ((struct range){.lo = gt, .hi = r.hi, .depth = r.depth, .keys_valid = true}));
		if (pivot != 0) /* equal so far and not ended: the next frame decides */
			vec_push(&todo, ((struct range){.lo = lt, .hi = gt, .depth = r.depth + 1}));
	}
	vec_free(&todo);
}

void stack_table_add_paths(struct pf_stack_table *t, size_t n, const uint32_t *const *frames,
			   const uint32_t *len, uint32_t *leaf)
{
	const struct paths ps = {.frames = frames, .len = len};
	uint32_t *order = xreallocarray(NULL, n + 1, sizeof(*order));
	uint32_t *scratch = xreallocarray(NULL, n + 1, sizeof(*scratch));
	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	sort_paths(&ps, order, scratch, n);

	/* In reverse file order, each stack is taken out of the sorted list after its nearest
	 * earlier neighbours there have given its longest prefix shared with an earlier stack:
	 * SHARED[i]. LCP[k]: the common prefix of list entry k and the one
	 * before it; it only shrinks (to the minimum of the two) when an entry in between leaves. */
	uint32_t *rank = scratch, *lcp = xreallocarray(NULL, n + 1, sizeof(*lcp));
	uint32_t *prev = xreallocarray(NULL, n + 1, sizeof(*prev)), *next = xreallocarray(NULL, n + 1, sizeof(*next));
	for (size_t k = 0; k < n; k++) {
		rank[order[k]] = (uint32_t)k;
		lcp[k] = k == 0 ? 0 : common_prefix(&ps, order[k - 1], order[k], 0);
		prev[k] = k == 0 ? PF_NONE : (uint32_t)k - 1;
		next[k] = k + 1 == n ? PF_NONE : (uint32_t)k + 1;
	}
	uint32_t *shared = xreallocarray(NULL, n + 1, sizeof(*shared));
	for (size_t i = n; i-- > 0;) {
		uint32_t k = rank[i], l = prev[k], r = next[k];
		uint32_t left = l == PF_NONE ? 0 : lcp[k], right = r == PF_NONE ? 0 : lcp[r];
		shared[i] = left >= right ? left : right;
		if (l != PF_NONE)
			next[l] = r;
		if (r != PF_NONE) {
			prev[r] = l;
			lcp[r] = left < lcp[r] ? left : lcp[r];
		}
	}
	free(prev);
	free(next);

	/* Stack I's new nodes (depths SHARED[i] on) are numbered from FIRST[i] on, in file order. */
	uint32_t *first = rank; /* RANK is not needed any more */
	size_t fresh = 0, deepest = 0;
	for (size_t i = 0; i < n; i++) {
		first[i] = (uint32_t)(t->nodes.len + fresh);
		fresh += len[i] - shared[i];
		deepest = len[i] > deepest ? len[i] : deepest;
	}
	/* The node at depth SHARED[i] - 1 that stack I hangs its new nodes from (or, with none,
	 * its leaf) was made by the first stack in file order whose path holds it: the smallest
	 * stack number below that node of the tree the sorted stacks spell. One walk in sorted
	 * order, the path's open nodes kept by depth: each holds the smallest stack number seen
	 * below it so far and the stacks that ask for it, answered when it closes and its
	 * smallest number goes to its parent. Every step is a frame of the sorted neighbours'
	 * common prefixes or a new node: linear, however many stacks share one path (a chain
	 * through earlier stacks, as this was, took 5.3 s for 100k points sharing a stack). */
	uint32_t *low = xreallocarray(NULL, deepest + 1, sizeof(*low)), *asks = xreallocarray(NULL, deepest + 1,
											   sizeof(*asks));
	uint32_t *next_ask = xreallocarray(NULL, n + 1, sizeof(*next_ask));
	uint32_t *attach = lcp; /* done with */
	uint32_t open = 0;          /* depths [0, open) of the previous stack's path are open */
	for (size_t k = 0; k <= n; k++) {
		uint32_t s = k < n ? order[k] : PF_NONE;
		uint32_t keep = k == 0 || k == n ? 0 : common_prefix(&ps, order[k - 1], s, 0);
		keep = keep < open ? keep : open;
		while (open > keep) { /* close the deepest open node */
			uint32_t d = --open;
			for (uint32_t q = asks[d]; q != PF_NONE; q = next_ask[q]) {
				uint32_t c = low[d];
				attach[q] = first[c] + (d - shared[c]);
			}
			if (d > 0 && low[d] < low[d - 1])
				low[d - 1] = low[d];
		}
		if (s == PF_NONE)
			break;
		for (; open < len[s]; open++) {
			low[open] = UINT32_MAX;
			asks[open] = PF_NONE;
		}
		if (len[s] > 0 && s < low[len[s] - 1])
			low[len[s] - 1] = s;
		next_ask[s] = PF_NONE;
		if (shared[s] > 0) {
			next_ask[s] = asks[shared[s] - 1];
			asks[shared[s] - 1] = s;
		}
	}
	free(low);
	free(asks);
	free(next_ask);

	vec_reserve(&t->nodes, t->nodes.len + fresh); /* once: no copies, no table twice in memory */
	for (size_t i = 0; i < n; i++) {
		uint32_t above = shared[i] > 0 ? attach[i] : PF_NONE;
		for (uint32_t d = shared[i]; d < len[i]; d++) {
			t->nodes.items[t->nodes.len] = (struct pf_stack){.parent = above, .frame = frames[i][d]};
			above = (uint32_t)t->nodes.len++;
		}
		leaf[i] = above; /* with nothing new, the node is an earlier stack's */
	}
	free(order);
	free(scratch);
	free(lcp);
	free(shared);
}

void profile_intern_paths(struct profile *p, size_t n, const uint32_t *const *frames, const uint32_t *len,
			  uint32_t *leaf)
{
	if (p->stacks.len > 0 || n >= UINT32_MAX) { /* nodes to match that the sort does not see */
		for (size_t i = 0; i < n; i++)
			leaf[i] = profile_intern_path(p, PF_NONE, frames[i], len[i]);
		return;
	}
	struct pf_stack_table t = {0};
	stack_table_add_paths(&t, n, frames, len, leaf);
	profile_set_stacks(p, &t);
	profile_release_indexes(p); /* the stack index no longer covers the table: rebuilt on demand */
}

struct stack_paths_job {
	size_t n;
	const uint32_t *const *frames;
	const uint32_t *len;
	uint32_t *leaf;
	struct pf_stack_table table;
	struct task task;
};

static void build_paths(void *arg)
{
	struct stack_paths_job *job = arg;
	stack_table_add_paths(&job->table, job->n, job->frames, job->len, job->leaf);
}

struct stack_paths_job *stack_paths_start(size_t n, const uint32_t *const *frames, const uint32_t *len,
					  uint32_t *leaf)
{
	struct stack_paths_job *job = xcalloc(1, sizeof(*job));
	*job = (struct stack_paths_job){.n = n, .frames = frames, .len = len, .leaf = leaf};
	task_start(&job->task, "profan-paths", build_paths, job);
	return job;
}

void stack_paths_finish(struct stack_paths_job *job, struct pf_stack_table *out)
{
	task_finish(&job->task); /* without a thread, the work is done here: late but the same */
	*out = job->table;
	free(job);
}
