/* peak.c: a heap whose peak is made of known sites (see run.sh for the numbers it must produce).
 *
 * Live at the peak: big 30000 B (1 block), small 10 x 100 B, recursion 5 x 24 B (one program point
 * per depth), an always-inlined helper 800 B, a realloc chain 10 -> 100 -> 1000 -> 5000 B, and
 * malloc(0), which DHAT counts as 1 byte. Afterwards only the realloc chain and malloc(0) stay live
 * (leaked on purpose), and a transient 2000 B block never reaches the peak again. Built with -O0 so
 * only the always_inline helper is inlined. Nothing is printed: stdio would allocate its buffer. */
#include <stdlib.h>
#include <string.h>

#define SMALL_COUNT 10

static void *volatile sink; /* keeps the compiler from dropping allocations */

static inline __attribute__((always_inline)) void *inlined_grab(size_t n)
{
	return malloc(n);
}

static __attribute__((noinline)) void *make_big(void)
{
	char *p = malloc(30000);
	memset(p, 1, 30000);
	return p;
}

static __attribute__((noinline)) void make_small(void **out)
{
	for (int i = 0; i < SMALL_COUNT; i++)
		out[i] = malloc(100);
}

static __attribute__((noinline)) void recurse(void **out, int depth)
{
	out[depth] = malloc(24);
	if (depth > 0)
		recurse(out, depth - 1);
}

static __attribute__((noinline)) void *use_inlined(void)
{
	return inlined_grab(800);
}

static __attribute__((noinline)) void *realloc_chain(void)
{
	char *p = malloc(10);
	p = realloc(p, 100);
	p = realloc(p, 1000);
	p = realloc(p, 5000);
	return p;
}

static __attribute__((noinline)) void *zero_size(void)
{
	return malloc(0);
}

static __attribute__((noinline)) void transient(void)
{
	sink = malloc(2000);
	free(sink);
}

int main(void)
{
	void *small[SMALL_COUNT], *rec[5];
	void *chain = realloc_chain();
	void *zero = zero_size();
	void *big = make_big();
	make_small(small);
	recurse(rec, 4);
	void *inl = use_inlined();
	/* the peak: everything above is live */
	free(big);
	for (int i = 0; i < SMALL_COUNT; i++)
		free(small[i]);
	for (int i = 0; i < 5; i++)
		free(rec[i]);
	free(inl);
	transient();
	sink = chain; /* leaked: live at t-end together with the malloc(0) block */
	sink = zero;
	return 0;
}
