/* builds.c: the program tests/diff/builds.py builds twice and records with perf record, for
 * profan diff across two builds. Work is counted in loop iterations, so each function's CPU
 * time is fixed by design: steady_a 30 units, steady_b 30, planted PLANT (40 in the base build,
 * 64 in the new one of tests/diff/builds.py and tests/ab/ab.py: 60% more work), tiny about one
 * sample's worth per run. Each function spins in its own loop so the time is its own (self), not
 * a shared helper's. */
#include <stdlib.h>

#ifndef PLANT
#define PLANT 40
#endif

static volatile double sink;

#define SPIN(units)                                       \
	do {                                              \
		double s = 0;                             \
		for (long i = 0; i < (units) * unit; i++) \
			s += (double)i * 0.5;             \
		sink += s;                                \
	} while (0)

__attribute__((noinline)) void steady_a(long unit)
{
	SPIN(30);
}

__attribute__((noinline)) void steady_b(long unit)
{
	SPIN(30);
}

__attribute__((noinline)) void planted(long unit)
{
	SPIN(PLANT);
}

__attribute__((noinline)) void tiny(long unit)
{
	SPIN(1);
}

int main(int argc, char **argv)
{
	long unit = argc > 1 ? atol(argv[1]) : 1000; /* iterations per unit of work and round */
	int rounds = argc > 2 ? atoi(argv[2]) : 10;
	for (int r = 0; r < rounds; r++) {
		steady_a(unit);
		steady_b(unit);
		planted(unit);
	}
	tiny(unit);
	return 0;
}
