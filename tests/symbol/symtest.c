/* symtest.c: the program of the symbolication fixture: nested static inline
 * helpers, recursion and a call into a shared library. */
#include <stdio.h>
#include <stdlib.h>

#include "symtest.h"

static inline __attribute__((always_inline)) unsigned leaf_mix(unsigned x)
{
	return (x * 2654435761u) ^ (x >> 13); /* LINE_LEAF */
}

static inline __attribute__((always_inline)) unsigned middle_mix(unsigned x)
{
	unsigned y = leaf_mix(x) + 7; /* LINE_MIDDLE_1 */
	return leaf_mix(y) * 3;       /* LINE_MIDDLE_2 */
}

__attribute__((noinline)) unsigned outer_loop(unsigned n)
{
	unsigned acc = 1;
	for (unsigned i = 0; i < n; i++)
		acc += middle_mix(acc + i); /* LINE_OUTER */
	return acc;
}

__attribute__((noinline)) unsigned long fib(unsigned n)
{
	if (n < 2)
		return n;
	return fib(n - 1) + fib(n - 2); /* LINE_FIB */
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000000u;
	unsigned r = outer_loop(n);
	unsigned long f = fib(argc > 2 ? (unsigned)atoi(argv[2]) : 25u);
	printf("%u %lu %.1f\n", r, f, shape_area((int)(r & 1), 3.0, 4.0));
	return 0;
}
