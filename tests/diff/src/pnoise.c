/* pnoise.c: CPU work for profan diff's native tests (tests/diff/, recorded by record.sh
 * with perf and perf2samply.py). Four functions with loops of their own (never inlined);
 * variant B runs planted() 1.5 times as many iterations: its CPU time grows by half, the
 * others' stay. About 0.4 s of CPU in all, so 1 kHz sampling gives some 400 samples.
 *   cc -g -O2 -fno-inline -o pnoise pnoise.c && ./pnoise A|B */
#include <stdio.h>
#include <string.h>

static volatile unsigned long sink;

static __attribute__((noinline)) void tokenize(long n)
{
	unsigned long x = 1;
	for (long i = 0; i < n; i++)
		x = x * 6364136223846793005UL + (unsigned long)i;
	sink = x;
}

static __attribute__((noinline)) void parse(long n)
{
	unsigned long x = 2;
	for (long i = 0; i < n; i++)
		x = (x ^ (x >> 7)) * 2654435761UL + 1;
	sink = x;
}

static __attribute__((noinline)) void layout(long n)
{
	double x = 0.5;
	for (long i = 0; i < n; i++)
		x = x * 0.999999 + 1.0 / (double)(i + 1);
	sink = (unsigned long)x;
}

static __attribute__((noinline)) void planted(long n)
{
	unsigned long x = 3;
	for (long i = 0; i < n; i++)
		x = x * 69069UL + 12345UL + (x >> 13);
	sink = x;
}

int main(int argc, char **argv)
{
	double scale = argc > 1 && strcmp(argv[1], "B") == 0 ? 1.5 : 1.0;
	long unit = 1000000;
	for (int round = 0; round < 10; round++) {
		tokenize(8 * unit);
		parse(6 * unit);
		layout(5 * unit);
		planted((long)(5 * unit * scale));
	}
	printf("%lu\n", sink);
	return 0;
}
