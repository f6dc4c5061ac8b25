/* test_base.c: the foundations every module stands on: the hash table (both
 * ways of using it, against a plain array as the reference), the hash
 * functions, the arena, string interning, growable arrays, the profile's
 * deduplicating constructors, and paths as text. */
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "base/task_test.h"
#include "profan/column.h"
#include "profan/diag.h"
#include "profan/hashtab.h"
#include "profan/path.h"
#include "profan/profile.h"
#include "profan/strmap.h"
#include "profan/task.h"

/* A reference map for the table: keys in insertion order, looked up by scanning. */
static uint32_t linear_find(const uint64_t *keys, size_t n, uint64_t key)
{
	for (size_t i = 0; i < n; i++)
		if (keys[i] == key)
			return (uint32_t)i;
	return HTAB_NONE;
}

static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 11;
}

/* Keys that collide: small ranges repeat, high bits and packed pairs test the mixing. */
static uint64_t test_key(size_t i, uint64_t *st)
{
	return i % 3 == 0 ? lcg(st) % 500 : i % 3 == 1 ? lcg(st) << 40 : (lcg(st) % 64) << 32 | i;
}

static bool u64_eq(const void *ctx, uint32_t i, const void *key)
{
	return ((const uint64_t *)ctx)[i] == *(const uint64_t *)key;
}

static void htab_interns_like_a_linear_scan(void)
{
	enum { N = 3000 };
	static uint64_t keys[N];
	struct htab h = {0};
	uint64_t probe = 42;
	CHECK_INT(htab_find(&h, hash_mix(probe), u64_eq, keys, &probe), HTAB_NONE); /* unallocated */
	uint64_t st = 1;
	size_t n = 0;
	for (size_t i = 0; i < N; i++) {
		uint64_t k = test_key(i, &st);
		uint32_t ref = linear_find(keys, n, k);
		uint32_t got = htab_intern(&h, hash_mix(k), u64_eq, keys, &k, (uint32_t)n);
		CHECK_INT(got, ref == HTAB_NONE ? n : ref);
		if (got == n)
			keys[n++] = k;
	}
	CHECK_INT(h.count, n);
	for (size_t i = 0; i < n; i++)
		CHECK_INT(htab_find(&h, hash_mix(keys[i]), u64_eq, keys, &keys[i]), i);
	/* a hash whose tag matches but whose key differs is not a hit */
	uint64_t absent = UINT64_MAX;
	CHECK_INT(htab_find(&h, hash_mix(keys[0]), u64_eq, keys, &absent), HTAB_NONE);
	CHECK(h.count * 4 <= (h.mask + 1) * 3); /* never more than three quarters full */
	htab_release(&h);
	CHECK(h.slots == NULL && h.count == 0);
}

static void htab_insert_then_find_with_equal_hashes(void)
{
	/* every key under the same hash: only the equality test tells them apart */
	static const uint64_t keys[] = {10, 20, 30, 40, 50};
	struct htab h = {0};
	for (uint32_t i = 0; i < 5; i++)
		htab_insert(&h, 0xabcdef, i);
	for (uint32_t i = 0; i < 5; i++)
		CHECK_INT(htab_find(&h, 0xabcdef, u64_eq, keys, &keys[i]), i);
	uint64_t other = 60;
	CHECK_INT(htab_find(&h, 0xabcdef, u64_eq, keys, &other), HTAB_NONE);
	htab_release(&h);
}

static void htab_reserve_avoids_growth(void)
{
	static uint64_t keys[1000];
	struct htab h = {0};
	htab_reserve(&h, 1000);
	struct htab_slot *before = h.slots;
	for (uint32_t k = 0; k < 1000; k++) {
		keys[k] = k * 7919u;
		htab_intern(&h, hash_mix(keys[k]), u64_eq, keys, &keys[k], k);
	}
	CHECK(h.slots == before);
	CHECK_INT(htab_find(&h, hash_mix(keys[999]), u64_eq, keys, &keys[999]), 999);
	htab_release(&h);
}

static void u64map_agrees_with_a_linear_scan(void)
{
	enum { N = 3000 };
	static uint64_t keys[N];
	struct u64map m = {0};
	CHECK_INT(u64map_get(&m, 7), HTAB_NONE);
	uint64_t st = 5;
	size_t n = 0;
	for (size_t i = 0; i < N; i++) {
		uint64_t k = test_key(i, &st);
		uint32_t *v = u64map_slot(&m, k);
		uint32_t ref = linear_find(keys, n, k);
		CHECK_INT(*v, ref == HTAB_NONE ? HTAB_NONE : ref * 2);
		if (*v == HTAB_NONE) {
			*v = (uint32_t)n * 2;
			keys[n++] = k;
		}
	}
	for (size_t i = 0; i < n; i++)
		CHECK_INT(u64map_get(&m, keys[i]), i * 2);
	CHECK_INT(u64map_get(&m, UINT64_MAX), linear_find(keys, n, UINT64_MAX));
	u64map_release(&m);
}

static void hash_bytes_depends_on_every_byte_and_the_length(void)
{
	unsigned char buf[40] = {0};
	uint64_t base = hash_bytes(buf, sizeof(buf));
	for (size_t i = 0; i < sizeof(buf); i++) {
		buf[i] ^= 1;
		CHECK(hash_bytes(buf, sizeof(buf)) != base);
		buf[i] ^= 1;
	}
	/* trailing zero bytes are not free: "a" and "a\0" differ */
	CHECK(hash_bytes("a\0", 1) != hash_bytes("a\0", 2));
	CHECK(hash_bytes("", 0) != hash_bytes("\0", 1));
	/* avalanche, roughly: flipping one input bit flips about half of the output bits */
	int flipped = 0;
	for (int bit = 0; bit < 64; bit++) {
		uint64_t k = 0x0123456789abcdefULL;
		flipped += __builtin_popcountll(hash_mix(k) ^ hash_mix(k ^ (1ULL << bit)));
	}
	CHECK(flipped > 64 * 24 && flipped < 64 * 40);
}

static void arena_memory_is_zeroed_aligned_and_kept(void)
{
	struct arena a = {0};
	char *small = arena_alloc(&a, 3);
	CHECK(((uintptr_t)small & 15) == 0);
	CHECK(small[0] == 0 && small[2] == 0);
	char *big = arena_alloc(&a, 3u << 20); /* beyond a block: its own block */
	CHECK(((uintptr_t)big & 15) == 0);
	big[(3u << 20) - 1] = 'x';
	char *after = arena_strndup(&a, "hello world", 5);
	CHECK_STR(after, "hello");
	CHECK_STR(small, ""); /* earlier allocations are untouched */
	arena_release(&a);
	CHECK(a.head == NULL);
}

static void strmap_interns_by_content(void)
{
	struct strmap m;
	strmap_init(&m);
	CHECK_INT(strmap_intern(&m, ""), 0);
	uint32_t a = strmap_intern(&m, "alpha");
	CHECK_INT(strmap_intern(&m, "alpha"), a);
	CHECK(strmap_intern(&m, "alphA") != a);
	/* embedded NUL bytes count: a length-delimited key is not a C string */
	uint32_t n1 = strmap_intern_len(&m, "x\0y", 3), n2 = strmap_intern_len(&m, "x\0z", 3);
	CHECK(n1 != n2);
	CHECK_INT(strmap_len(&m, n1), 3);
	CHECK_INT(strmap_find(&m, "alpha", 5), a);
	CHECK_INT(strmap_find(&m, "beta", 4), UINT32_MAX);
	/* many strings: ids stay dense and stable across growth */
	char buf[32];
	for (int i = 0; i < 5000; i++) {
		snprintf(buf, sizeof(buf), "s%d", i);
		CHECK_INT(strmap_intern(&m, buf), (uint32_t)(i + 5)); /* after "", alpha, alphA and the two NUL keys */
	}
	CHECK_STR(strmap_str(&m, 5 + 4321), "s4321");
	CHECK_INT(strmap_intern(&m, "alpha"), a);
	strmap_release(&m);
}

static void vec_grows_and_frees(void)
{
	VEC(int) v = {0};
	for (int i = 0; i < 1000; i++)
		vec_push(&v, i * 2);
	CHECK_INT(v.len, 1000);
	CHECK(v.cap >= 1000);
	CHECK_INT(v.items[999], 1998);
	vec_reserve(&v, 5000);
	CHECK(v.cap >= 5000);
	CHECK_INT(v.items[500], 1000);
	vec_free(&v);
	CHECK(v.items == NULL && v.len == 0 && v.cap == 0);
}

/* The VmFlags of the mapping that holds P, from /proc/self/smaps ("" when not found). */
static void vm_flags_of(const void *p, char *out, size_t cap)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	bool inside = false;
	out[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
			inside = (uintptr_t)p >= lo && (uintptr_t)p < hi;
		else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
			size_t n = strlen(line + 8) < cap ? strlen(line + 8) : cap - 1;
			memcpy(out, line + 8, n);
			out[n] = '\0';
			break;
		}
	}
	if (f)
		fclose(f);
}

/* A heap block of 4 MiB or more is advised to 2 MiB pages (alloc.c), and stays so as it grows:
 * its mapping carries the "hg" flag. Where the kernel has no transparent huge pages, nothing
 * to check. (The advice once did nothing for weeks: a header it needed had gone.) */
static void big_blocks_are_advised_huge(void)
{
	if (access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) != 0)
		return;
	char flags[512];
	char *p = xmalloc(8 << 20);
	vm_flags_of(p + (4 << 20), flags, sizeof(flags));
	CHECK(strstr(flags, " hg") != NULL);
	p = xrealloc(p, 24 << 20);
	vm_flags_of(p + (20 << 20), flags, sizeof(flags));
	CHECK(strstr(flags, " hg") != NULL);
	free(p);
}

/* Columns keep their contents through every resize: on the heap, into a mapping, grown (moved
 * to a fresh aligned mapping), shrunk, back to the heap; a mapping starts on a 2 MiB boundary
 * (the column's 16-byte head first), so its 2 MiB pages move whole; each knows its size. */
static void columns_keep_their_contents(void)
{
	static const size_t sizes[] = {0,	  100,	     4096,	(1 << 20) - 1, 1 << 20, 3 << 20,
				       (5 << 20) + 7, 40 << 20, 41 << 20, 12 << 20, (1 << 20) + 1,
				       5000,	  64 << 20,  0};
	unsigned char *p = NULL;
	size_t size = 0, wrong = 0, unaligned = 0, mapped = 0, wrong_cap = 0;
	for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
		size_t n = sizes[k];
		p = col_resize(p, n, 1);
		CHECK(p != NULL);
		wrong_cap += col_cap(p, 1) != n;
		for (size_t i = 0; i < size && i < n; i += 997)
			wrong += p[i] != (unsigned char)(i * 31 + i / 4096);
		/* from 1 MiB on: a mapping, its head on a 2 MiB boundary */
		bool big = n >= (1 << 20);
		mapped += big;
		unaligned += big && ((uintptr_t)(p - 16) & ((2u << 20) - 1)) != 0;
		for (size_t i = (size + 996) / 997 * 997; i < n; i += 997) /* the new part, every 997th byte */
			p[i] = (unsigned char)(i * 31 + i / 4096);
		if (n > 0)
			p[n - 1] = 0xa5; /* the last byte is there */
		size = n;
	}
	col_free(p);
	CHECK_INT(wrong, 0);
	CHECK_INT(unaligned, 0);
	CHECK_INT(wrong_cap, 0);
	CHECK_INT(mapped, 8); /* 1 MiB and up: 8 of the sizes above */
	CHECK_INT(col_cap(NULL, 8), 0);
	col_free(NULL);
}

/* col_reserve doubles from 64 elements (or from what was asked) and hands back the same column
 * while it has room; grow_cap is the rule every growing array follows. */
static void columns_grow_by_doubling(void)
{
	uint64_t *c = col_reserve(NULL, 1, sizeof(*c));
	CHECK_INT(col_cap(c, sizeof(*c)), 64);
	c[63] = 7;
	CHECK(col_reserve(c, 64, sizeof(*c)) == c);
	c = col_reserve(c, 65, sizeof(*c));
	CHECK_INT(col_cap(c, sizeof(*c)), 128);
	c = col_reserve(c, 1000, sizeof(*c));
	CHECK_INT(col_cap(c, sizeof(*c)), 1024); /* 128 -> 256 -> 512 -> 1024 */
	c = col_reserve(c, 300000, sizeof(*c));  /* 2.3 MiB: 1024 doubled 9 times */
	CHECK_INT(col_cap(c, sizeof(*c)), 1024 << 9);
	CHECK_INT(c[63], 7);
	CHECK_INT(col_cap(c, 1), (size_t)(1024 << 9) * 8); /* the same bytes, counted in another size */
	col_free(c);
	c = col_reserve(NULL, 100, sizeof(*c)); /* more than 64 at first: exactly doubled past it */
	CHECK_INT(col_cap(c, sizeof(*c)), 128);
	col_free(c);
	CHECK_INT(grow_cap(0, 1, 16), 16);
	CHECK_INT(grow_cap(0, 40, 16), 64);
	CHECK_INT(grow_cap(16, 17, 16), 32);
	CHECK_INT(grow_cap(16, 16, 16), 16);
	CHECK_INT(grow_cap(16, 100, 16), 128);
	CHECK(grow_cap(SIZE_MAX / 2 + 1, SIZE_MAX, 1) == SIZE_MAX); /* no doubling past SIZE_MAX */
}

/* A size that overflows, or that no mapping can have, is out of memory: one line and exit 1,
 * as xmalloc does, never a short block. Run in a child, its stderr read back. */
static void columns_refuse_overflow(void)
{
	/* count * 16 wraps; is SIZE_MAX - 15; is past SIZE_MAX / 2 with the head; is 4 EiB, no mapping */
	static const size_t counts[] = {SIZE_MAX / 8 + 1, SIZE_MAX / 16, (SIZE_MAX / 2) / 16, (size_t)1 << 58};
	for (size_t k = 0; k < ARRAY_SIZE(counts); k++) {
		int fds[2];
		CHECK(pipe(fds) == 0);
		pid_t pid = fork();
		if (pid == 0) {
			dup2(fds[1], 2);
			void *p = col_resize(NULL, counts[k], 16);
			_exit(p != NULL ? 3 : 4);
		}
		close(fds[1]);
		char line[200] = {0};
		ssize_t got = read(fds[0], line, sizeof(line) - 1);
		close(fds[0]);
		int status = 0;
		waitpid(pid, &status, 0);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1); /* one line and exit 1, never abort() */
		CHECK(got > 0 && strncmp(line, "profan: out of memory", 21) == 0 && strchr(line, '\n') == line + got - 1);
	}
}

static void say_something(void *arg)
{
	pf_error("%s", (const char *)arg);
}

/* A helper's lines are held: one that would have printed comes out as one line of the caller's
 * naming the thread, never as the helper's own line out of its place; debug builds stop there.
 * Run in a child, its stderr read back. */
static void helpers_never_print(void)
{
	int fds[2];
	CHECK(pipe(fds) == 0);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		struct task t;
		bool threaded = task_start(&t, "profan-test", say_something, "from the helper");
		task_finish(&t);
		_exit(threaded ? 0 : 5);
	}
	close(fds[1]);
	char out[400] = {0};
	size_t len = 0;
	ssize_t got;
	while ((got = read(fds[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += (size_t)got;
	close(fds[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	CHECK_STR(out, "profan: internal error: the profan-test thread had a line to print (helpers never "
		       "print: task.h)\n");
#ifdef NDEBUG
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
#else
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
#endif
}

static void count_up(void *arg)
{
	(*(int *)arg)++;
}

/* Every task runs exactly once: on a helper, or (inline mode) on the caller's thread when it is
 * finished; task_halves runs both halves either way. */
static void tasks_run_once_threaded_or_inline(void)
{
	for (int mode = 0; mode < 2; mode++) {
		task_set_inline(mode == 1);
		int n = 0;
		struct task t;
		bool threaded = task_start(&t, "profan-test", count_up, &n);
		CHECK(threaded == (mode == 0));
		task_finish(&t);
		CHECK_INT(n, 1);
		int a = 0, b = 0;
		task_halves(count_up, &a, &b, "profan-test");
		CHECK_INT(a, 1);
		CHECK_INT(b, 1);
	}
	task_set_inline(false);
}

static void profile_interning_deduplicates_before_and_after_sealing(void)
{
	struct profile p;
	profile_init(&p);
	uint32_t name = profile_intern(&p, "f");
	struct pf_func f = {.name = name, .lib = PF_NONE, .line = 3};
	uint32_t f0 = profile_intern_func(&p, &f);
	CHECK_INT(profile_intern_func(&p, &f), f0);
	struct pf_func g = f;
	g.line = 4;
	CHECK(profile_intern_func(&p, &g) != f0);
	struct pf_frame fr = {.func = f0, .lib = PF_NONE, .address = 0x10};
	uint32_t fr0 = profile_intern_frame(&p, &fr);
	uint32_t s0 = profile_intern_stack(&p, PF_NONE, fr0);
	uint32_t s1 = profile_intern_stack(&p, s0, fr0); /* recursion: same frame, other parent */
	CHECK(s1 != s0);
	CHECK_INT(profile_intern_stack(&p, s0, fr0), s1);
	profile_seal(&p); /* indexes gone; the next intern call rebuilds them from the arrays */
	CHECK_INT(profile_intern_func(&p, &f), f0);
	CHECK_INT(profile_intern_frame(&p, &fr), fr0);
	CHECK_INT(profile_intern_stack(&p, s0, fr0), s1);
	CHECK_INT(p.stacks.len, 2);
	CHECK(profile_check(&p) == NULL);
	profile_release(&p);
}

static void stack_table_swaps_in(void)
{
	struct profile p;
	profile_init(&p);
	uint32_t fr = profile_func_frame(&p, profile_intern(&p, "a"), 0, PF_NONE, 0, 0, 0);
	uint32_t old = profile_intern_stack(&p, PF_NONE, fr);
	int64_t one = 1;
	profile_add_metric(&p, "n", "n", PF_UNIT_COUNT);
	profile_add_sample(&p, old, PF_NONE, &one);
	struct pf_stack_table t = {0};
	uint32_t root = stack_table_intern(&t, PF_NONE, fr);
	uint32_t leaf = stack_table_intern(&t, root, fr);
	CHECK_INT(stack_table_intern(&t, root, fr), leaf);
	p.sample_stack[0] = leaf;
	profile_set_stacks(&p, &t);
	CHECK_INT(p.stacks.len, 2);
	CHECK(t.nodes.items == NULL);
	/* the swapped-in index answers for the new table */
	CHECK_INT(profile_intern_stack(&p, root, fr), leaf);
	CHECK(profile_check(&p) == NULL);
	profile_release(&p);
}

static void check_join(const char *dir, const char *rel, const char *want)
{
	char *got = path_join_normalize(dir, rel);
	CHECK_STR(got, want);
	free(got);
}

/* The path shapes of fixtures/ownership (tests/ownership/EVIDENCE.md §1, §2, §4),
 * resolved by hand. */
static void paths_normalise_like_the_dwarf_says(void)
{
	check_join(NULL, "/rustc/h/library/std/src/../../backtrace/src/x.rs", "/rustc/h/library/backtrace/src/x.rs");
	check_join("/rustc/h", "library/core/src/../../stdarch/crates/a.rs", "/rustc/h/library/stdarch/crates/a.rs");
	check_join("/home/dev/build", "src/rsown.rs", "/home/dev/build/src/rsown.rs");
	check_join("/home/dev/build", "/usr/include/c++/12/bits/stl_vector.h", "/usr/include/c++/12/bits/stl_vector.h");
	check_join("./malloc", "../include/rtld-malloc.h", "include/rtld-malloc.h"); /* glibc's relative units */
	check_join(".", "tests/symbol/symtest.c", "tests/symbol/symtest.c");
	check_join("", "./a//b/./c/", "a/b/c");
	check_join(NULL, "a/../../b", "../b");
	check_join(NULL, "../a/../..", "../..");
	check_join(NULL, "a/..", ".");
	check_join(NULL, "", ".");
	check_join(NULL, "/../a", "/a");
	check_join("/x/y", "../../../z", "/z");
	CHECK(path_is_under("/a/b", "/a") && path_is_under("/a/b", "/a/b") && path_is_under("/a", "/"));
	CHECK(!path_is_under("/a/b2", "/a/b") && !path_is_under("/a", "/a/b") && !path_is_under("a/b", "/a"));
	CHECK_INT(path_prefix_len("/home/dev/build/src/x.rs", "/home/dev/build"), 15);
	CHECK_INT(path_prefix_len("/home/dev/build/src/x.rs", "/home/dev/build/"), 15);
	CHECK_INT(path_prefix_len("/home/dev/build", "/home/dev/build"), 0); /* nothing below it */
	CHECK_INT(path_prefix_len("/home/dev/buildx/a", "/home/dev/build"), 0);
	CHECK_INT(path_prefix_len("malloc/malloc.c", "malloc"), 6);
}

int main(void)
{
	RUN(htab_interns_like_a_linear_scan);
	RUN(htab_insert_then_find_with_equal_hashes);
	RUN(htab_reserve_avoids_growth);
	RUN(u64map_agrees_with_a_linear_scan);
	RUN(hash_bytes_depends_on_every_byte_and_the_length);
	RUN(arena_memory_is_zeroed_aligned_and_kept);
	RUN(strmap_interns_by_content);
	RUN(vec_grows_and_frees);
	RUN(columns_keep_their_contents);
	RUN(columns_grow_by_doubling);
	RUN(columns_refuse_overflow);
	RUN(big_blocks_are_advised_huge);
	RUN(helpers_never_print);
	RUN(tasks_run_once_threaded_or_inline);
	RUN(profile_interning_deduplicates_before_and_after_sealing);
	RUN(stack_table_swaps_in);
	RUN(paths_normalise_like_the_dwarf_says);
	return check_summary();
}
