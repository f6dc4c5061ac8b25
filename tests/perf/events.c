/* events.c: page faults and CPU time in functions of their own, for tests/perf/events.py:
 * fault_in() touches fresh pages (page-faults, minor-faults), spin() only computes. */
#include <stdlib.h>
#include <string.h>

static volatile long sink;

__attribute__((noinline)) static void fault_in(size_t bytes)
{
	for (int round = 0; round < 4; round++) {
		char *p = malloc(bytes); /* above the mmap threshold: fresh pages every round */
		memset(p, round + 1, bytes);
		sink += p[bytes / 2];
		free(p);
	}
}

__attribute__((noinline)) static void spin(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

int main(void)
{
	spin(20000000);
	fault_in(8 << 20);
	return 0;
}
