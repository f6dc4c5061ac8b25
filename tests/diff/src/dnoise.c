/* dnoise.c: allocations for profan diff's DHAT tests (tests/diff/, recorded by record.sh).
 * Everything stays live until the end, so the heap's peak (t-gmax) holds it all:
 *   build_dict     11 blocks of 10,000 B = 110,000 B   in both variants
 *   make_index      5 blocks of  2,000 B =  10,000 B   in both
 *   planted_cache  10 blocks of  1,000 B =  10,000 B   variant A
 *                  10 blocks of  3,000 B =  30,000 B   variant B: +20,000 B, the same 10 blocks
 * and scratch() allocates and frees 50 blocks of 4,000 B before the peak (in total bytes,
 * not at the peak). Peak: 130,000 B (A), 150,000 B (B); build_dict's share falls from
 * 84.62 % to 73.33 % with its bytes unchanged.
 *   cc -g -O1 -o dnoise dnoise.c && valgrind --tool=dhat ./dnoise A|B */
#include <stdlib.h>
#include <string.h>

static void *live[64];
static int nlive;

/* In each function itself (no helper), so the function is the site's innermost frame.
 * Written, so no compiler drops the allocation. */
#define TAKE(n) (live[nlive] = malloc(n), memset(live[nlive], 1, (n)), nlive++)

static __attribute__((noinline)) void build_dict(void)
{
	for (int i = 0; i < 11; i++)
		TAKE(10000);
}

static __attribute__((noinline)) void make_index(void)
{
	for (int i = 0; i < 5; i++)
		TAKE(2000);
}

static __attribute__((noinline)) void planted_cache(int big)
{
	for (int i = 0; i < 10; i++)
		TAKE(big ? 3000 : 1000);
}

static __attribute__((noinline)) void scratch(void)
{
	for (int i = 0; i < 50; i++) {
		volatile char *p = malloc(4000);
		p[0] = 1;
		free((void *)p);
	}
}

int main(int argc, char **argv)
{
	int big = argc > 1 && strcmp(argv[1], "B") == 0;
	scratch();
	build_dict();
	make_index();
	planted_cache(big);
	for (int i = 0; i < nlive; i++)
		free(live[i]);
	return 0;
}
