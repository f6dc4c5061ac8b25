/* Unit tests for the generic views on a hand-built profile whose answers are
 * worked out by hand in the comments below. */
#include "profan/views.h"

#include <stdlib.h>

#include "check.h"
#include "model/profile_test.h"
#include "model/stack_paths_test.h"

struct fixture {
	struct profile p;
	uint32_t main_, a, b, malloc_, memcpy_;
	uint32_t prog, libc;
};

static uint32_t func_of(struct profile *p, const char *name, uint32_t lib, uint32_t flags)
{
	uint32_t fr = profile_func_frame(p, profile_intern(p, name), 0, lib, 0, 0, flags);
	return p->frames.items[fr].func;
}

static uint32_t path(struct profile *p, const char *const *names, size_t n, const uint32_t *libs,
		     const uint32_t *flags)
{
	uint32_t s = PF_NONE;
	for (size_t i = 0; i < n; i++)
		s = profile_intern_stack(p, s, profile_func_frame(p, profile_intern(p, names[i]), 0, libs[i], 0, 0,
								  flags[i]));
	return s;
}

/*   sample  stack (root first)       cpu   thread
 *   1       main A B                  10    0
 *   2       main A B A                20    0    (A recurses)
 *   3       main A malloc              5    0
 *   4       main memcpy                7    0
 *   5       (no stack)                 3    0
 *   6       main                       1    0
 *   7       memcpy                     4    0    (no owned frame at all)
 *   8       main A                   100    1    (thread 1 is excluded: per-CPU duplicate)
 * Total counted: 50. */
static void build(struct fixture *f)
{
	struct profile *p = &f->p;
	profile_init(p);
	f->prog = profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, "prog")});
	f->libc = profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, "libc.so.6")});
	profile_add_thread(p, &(struct pf_thread){.name = profile_intern(p, "main")});
	profile_add_thread(p, &(struct pf_thread){.name = profile_intern(p, "CPU 0"), .excluded = true});
	profile_add_metric(p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	const uint32_t O = PF_FUNC_OWNED;
	f->main_ = func_of(p, "main", f->prog, O);
	f->a = func_of(p, "A", f->prog, O);
	f->b = func_of(p, "B", f->prog, O);
	f->malloc_ = func_of(p, "malloc", f->libc, 0);
	f->memcpy_ = func_of(p, "memcpy", f->libc, 0);
	uint32_t P = f->prog, L = f->libc;
	struct {
		const char *names[4];
		uint32_t libs[4], flags[4];
		size_t n;
		int64_t cpu;
		uint32_t thread;
	} s[] = {
		{{"main", "A", "B"}, {P, P, P}, {O, O, O}, 3, 10, 0},
		{{"main", "A", "B", "A"}, {P, P, P, P}, {O, O, O, O}, 4, 20, 0},
		{{"main", "A", "malloc"}, {P, P, L}, {O, O, 0}, 3, 5, 0},
		{{"main", "memcpy"}, {P, L}, {O, 0}, 2, 7, 0},
		{{0}, {0}, {0}, 0, 3, 0},
		{{"main"}, {P}, {O}, 1, 1, 0},
		{{"memcpy"}, {L}, {0}, 1, 4, 0},
		{{"main", "A"}, {P, P}, {O, O}, 2, 100, 1},
	};
	for (size_t i = 0; i < ARRAY_SIZE(s); i++) {
		uint32_t st = s[i].n ? path(p, s[i].names, s[i].n, s[i].libs, s[i].flags) : PF_NONE;
		profile_add_sample(p, st, s[i].thread, &s[i].cpu);
	}
	CHECK(profile_check(p) == NULL);
}

static int64_t value_of(const struct pf_rows *r, uint32_t key)
{
	for (size_t i = 0; i < r->len; i++)
		if (r->items[i].key == key)
			return r->items[i].value;
	return -1;
}

static void self_inclusive_nearest(void)
{
	struct fixture f;
	build(&f);
	struct pf_weights w;
	weights_compute(&w, &f.p, 0, NULL);
	CHECK_INT(w.total, 50);
	CHECK_INT(w.no_stack, 3);
	CHECK_INT(w.sample_count, 7);
	size_t nkeys;
	uint32_t *keys = keys_by_func(&f.p, &nkeys);
	struct pf_rows self, incl, near;
	view_self(&f.p, &w, keys, nkeys, &self);
	CHECK_INT(value_of(&self, f.b), 10);
	CHECK_INT(value_of(&self, f.a), 20);
	CHECK_INT(value_of(&self, f.malloc_), 5);
	CHECK_INT(value_of(&self, f.memcpy_), 11);
	CHECK_INT(value_of(&self, f.main_), 1);
	CHECK_INT(rows_sum(&self), 47); /* everything but the stackless 3 */
	view_inclusive(&f.p, &w, keys, nkeys, &incl);
	CHECK_INT(value_of(&incl, f.main_), 43);
	CHECK_INT(value_of(&incl, f.a), 35); /* 10 + 20 + 5: the recursive sample counts once */
	CHECK_INT(value_of(&incl, f.b), 30);
	CHECK_INT(value_of(&incl, f.malloc_), 5);
	CHECK_INT(value_of(&incl, f.memcpy_), 11);
	bool *owned = calloc(nkeys, sizeof(*owned));
	for (size_t k = 0; k < nkeys; k++)
		owned[k] = f.p.funcs.items[k].flags & PF_FUNC_OWNED;
	view_nearest_owned(&f.p, &w, keys, nkeys, owned, &near);
	CHECK_INT(near.len, 3);
	CHECK_INT(value_of(&near, f.a), 5);
	CHECK_INT(value_of(&near, f.main_), 7);
	CHECK_INT(value_of(&near, (uint32_t)nkeys), 4); /* no owned caller */
	free(owned);
	free(keys);
	rows_release(&self);
	rows_release(&incl);
	rows_release(&near);

	struct pf_rows bylib;
	keys = keys_by_lib(&f.p, &nkeys);
	CHECK_INT(nkeys, 3);
	view_self(&f.p, &w, keys, nkeys, &bylib);
	CHECK_INT(value_of(&bylib, f.prog), 31);
	CHECK_INT(value_of(&bylib, f.libc), 16);
	free(keys);
	rows_release(&bylib);
	weights_release(&w);
	profile_release(&f.p);
}

static void sample_selection(void)
{
	struct fixture f;
	build(&f);
	bool keep[8] = {true, false, true, false, true, false, false, true};
	struct pf_weights w;
	weights_compute(&w, &f.p, 0, keep);
	CHECK_INT(w.total, 18); /* 10 + 5 + 3; sample 8 is on an excluded thread */
	CHECK_INT(w.sample_count, 3);
	weights_release(&w);
	profile_release(&f.p);
}

static void deep_stack_has_no_recursion(void)
{
	/* 200k-deep chain alternating two functions: inclusive must stay O(n) and exact */
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "samples", "samples", PF_UNIT_COUNT);
	uint32_t fx = profile_func_frame(&p, profile_intern(&p, "x"), 0, PF_NONE, 0, 0, 0);
	uint32_t fy = profile_func_frame(&p, profile_intern(&p, "y"), 0, PF_NONE, 0, 0, 0);
	uint32_t s = PF_NONE;
	int64_t one = 1;
	for (int i = 0; i < 200000; i++) {
		s = profile_intern_stack(&p, s, i % 2 ? fy : fx);
		if (i % 1000 == 999)
			profile_add_sample(&p, s, PF_NONE, &one);
	}
	struct pf_weights w;
	weights_compute(&w, &p, 0, NULL);
	size_t nkeys;
	uint32_t *keys = keys_by_func(&p, &nkeys);
	struct pf_rows incl;
	view_inclusive(&p, &w, keys, nkeys, &incl);
	CHECK_INT(incl.len, 2);
	CHECK_INT(rows_sum(&incl), 400); /* 200 samples, each through both x and y once */
	CHECK_INT(profile_stack_depth(&p, s), 200000);
	rows_release(&incl);
	free(keys);
	weights_release(&w);
	profile_release(&p);
}

static void interning_dedupes(void)
{
	struct profile p;
	profile_init(&p);
	uint32_t n = profile_intern(&p, "f");
	CHECK_INT(profile_intern(&p, "f"), n);
	CHECK_INT(profile_intern(&p, ""), 0);
	uint32_t fr1 = profile_func_frame(&p, n, 0, PF_NONE, 3, 0, 0);
	uint32_t fr2 = profile_func_frame(&p, n, 0, PF_NONE, 3, 0, 0);
	CHECK_INT(fr1, fr2);
	uint32_t s1 = profile_intern_stack(&p, PF_NONE, fr1);
	CHECK_INT(profile_intern_stack(&p, PF_NONE, fr2), s1);
	CHECK(profile_intern_stack(&p, s1, fr1) != s1);
	CHECK_INT(p.funcs.len, 1);
	profile_release(&p);
}

static uint64_t lcg = 88172645463325252ULL;

static uint32_t rnd(uint32_t n)
{
	lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
	return n ? (uint32_t)((lcg >> 33) % n) : 0;
}

/* profile_intern_paths sorts where profile_intern_path hashes: both must build the same
 * table, node for node, on stacks that share prefixes, repeat, end inside one another, are
 * empty, or run 100,000 frames deep. */
static void bulk_paths_intern_like_one_by_one(void)
{
	static const uint32_t sizes[] = {0, 1, 2, 17, 1000, 20000};
	static const uint32_t alphabets[] = {1, 2, 5, 1000};
	for (size_t si = 0; si < ARRAY_SIZE(sizes); si++)
		for (size_t ai = 0; ai < ARRAY_SIZE(alphabets); ai++) {
			uint32_t n = sizes[si], k = alphabets[ai];
			uint32_t **path = xcalloc(n + 1, sizeof(*path)), *len = xcalloc(n + 1, sizeof(*len));
			for (uint32_t i = 0; i < n; i++) {
				uint32_t from = i ? rnd(i) : 0, keep = i ? rnd(len[from] + 1) : 0;
				len[i] = keep + (rnd(4) == 0 ? 0 : rnd(12));
				if (i == n / 2 && n > 2)
					len[i] = 100000; /* deep, and a copy of it below */
				if (i == n / 2 + 1 && n > 2)
					from = i - 1, keep = len[i] = 100000 - 1;
				path[i] = xcalloc(len[i] + 1, sizeof(uint32_t));
				for (uint32_t d = 0; d < len[i]; d++)
					path[i][d] = d < keep ? path[from][d] : rnd(k);
			}
			struct profile a, b;
			profile_init(&a);
			profile_init(&b);
			uint32_t *leaf = xcalloc(n + 1, sizeof(*leaf));
			profile_intern_paths(&a, n, (const uint32_t *const *)path, len, leaf);
			bool same = true;
			for (uint32_t i = 0; i < n; i++)
				same = same && leaf[i] == profile_intern_path(&b, PF_NONE, path[i], len[i]);
			same = same && a.stacks.len == b.stacks.len &&
			       (a.stacks.len == 0 ||
				memcmp(a.stacks.items, b.stacks.items, a.stacks.len * sizeof(*a.stacks.items)) == 0);
			if (!same)
				fprintf(stderr, "%u paths over %u frames: the tables differ\n", n, k);
			CHECK(same);
			/* the index is whole again for whatever is interned next */
			for (uint32_t i = 0; i < n && i < 50; i++)
				if (len[i] > 0)
					CHECK_INT(profile_intern_stack(&a, a.stacks.items[leaf[i]].parent,
								       path[i][len[i] - 1]),
						  leaf[i]);
			profile_release(&a);
			profile_release(&b);
			for (uint32_t i = 0; i < n; i++)
				free(path[i]);
			free(path);
			free(len);
			free(leaf);
		}
}

int main(void)
{
	RUN(bulk_paths_intern_like_one_by_one);
	RUN(self_inclusive_nearest);
	RUN(sample_selection);
	RUN(deep_stack_has_no_recursion);
	RUN(interning_dedupes);
	return check_summary();
}
