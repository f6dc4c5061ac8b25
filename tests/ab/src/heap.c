/* heap.c: two builds for `profan ab --dhat` (tests/ab/ab_dhat.py). Every block is live at the end
 * (t-gmax), then freed:
 *   planted(): 10 blocks of PLANT bytes (heap-base: 2,000; heap: 3,000): +10,000 B, blocks the same
 *   steady(): 5 blocks of 4,000 B in both builds
 *   scratch(): 100 blocks of 100 B, each freed at once: 10,000 B in total, none at t-gmax
 *   cc -g -O0 -DPLANT=2000 -o heap-base heap.c && valgrind --tool=dhat ./heap-base */
#include <stdlib.h>
#include <string.h>

#ifndef PLANT
#define PLANT 2000
#endif

static void *live[15];
static int nlive;

static __attribute__((noinline)) void scratch(void)
{
	for (int i = 0; i < 100; i++) {
		char *p = malloc(100);
		memset(p, 1, 100);
		free(p);
	}
}

static __attribute__((noinline)) void steady(void)
{
	for (int i = 0; i < 5; i++) {
		live[nlive] = malloc(4000);
		memset(live[nlive++], 2, 4000);
	}
}

static __attribute__((noinline)) void planted(void)
{
	for (int i = 0; i < 10; i++) {
		live[nlive] = malloc(PLANT);
		memset(live[nlive++], 3, PLANT);
	}
}

int main(void)
{
	scratch();
	steady();
	planted();
	for (int i = 0; i < nlive; i++)
		free(live[i]);
	return 0;
}
