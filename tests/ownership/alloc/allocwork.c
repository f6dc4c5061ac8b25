/* allocwork.c: the program tests/ownership/alloc.py links with jemalloc statically and records
 * with perf. Half its time is its own arithmetic (mix), the rest allocating and freeing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static unsigned long mix(const unsigned char *p, size_t n)
{
	unsigned long h = 1469598103934665603ul;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ul;
	return h;
}

__attribute__((noinline)) static unsigned long churn(int rounds)
{
	void *slots[512] = {0};
	unsigned long sum = 0, x = 88172645463325252ul;
	for (int r = 0; r < rounds; r++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		size_t i = x % 512, size = 16 + x % 3000;
		free(slots[i]);
		slots[i] = malloc(size);
		memset(slots[i], (int)r, 8);
		sum += ((unsigned char *)slots[i])[0];
	}
	for (int i = 0; i < 512; i++)
		free(slots[i]);
	return sum;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 40;
	static unsigned char buf[1 << 20];
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 7);
	unsigned long total = 0;
	for (int r = 0; r < rounds; r++) {
		total += mix(buf, sizeof(buf));
		total += churn(40000);
	}
	printf("%lu\n", total);
	return 0;
}
