/* sites.c: one program, two inputs, the same totals (tests/diff/dhat_runs.py).
 * `sites K` makes left() allocate K blocks of 1,000 B and right() 10 - K blocks of 1,000 B, all
 * live at the end: total and t-gmax are 10,000 B in 10 blocks for every K, and only the split
 * between the two allocation sites tells two inputs apart.
 *   cc -g -O1 -o sites sites.c && valgrind --tool=dhat ./sites 3 */
#include <stdlib.h>
#include <string.h>

static void *live[10];
static int nlive;

static __attribute__((noinline)) void left(int k)
{
	for (int i = 0; i < k; i++) {
		live[nlive] = malloc(1000);
		memset(live[nlive++], 1, 1000);
	}
}

static __attribute__((noinline)) void right(int k)
{
	for (int i = 0; i < k; i++) {
		live[nlive] = malloc(1000);
		memset(live[nlive++], 2, 1000);
	}
}

int main(int argc, char **argv)
{
	int k = argc > 1 ? atoi(argv[1]) : 5;
	if (k < 0 || k > 10)
		return 2;
	left(k);
	right(10 - k);
	for (int i = 0; i < nlive; i++)
		free(live[i]);
	return 0;
}
