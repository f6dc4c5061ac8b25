/* anno.c: a C program whose hot function's lines have costs fixed by design, for
 * profan --annotate (tests/annotate). Built with gcc -O2 -g (build.sh).
 *
 * Every round of work is the same step of one dependency chain, ROUND(x, i), so
 * time goes with rounds. hot() runs, for R = rounds:
 *   lines 36-37  R rounds of its own                  -> Self of hot
 *   lines 38-39  2R rounds in mix(), always inlined   -> Total of hot at line 39, Self of mix
 *   line  40     R rounds in step(), never inlined    -> Total of hot at line 40, Self of step
 * so hot's total splits about 1 : 2 : 1 over those lines; mix's own listing holds
 * the 2R rounds at its line 22; step's rounds run in a file of its own that the
 * function #includes (anno_step.inc), a line whose file is not its function's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define WORK 6000000u
#define ROUND(x, i) ((x) * 1664525u + 1013904223u + ((x) >> 7) + (i))

static inline __attribute__((always_inline)) uint32_t mix(uint32_t x, uint32_t i)
{
	/* one round, like hot's own */
	x = ROUND(x, i);
	return x;
}

static __attribute__((noinline)) uint32_t step(uint32_t x, uint32_t n)
{
#include "anno_step.inc"
	return x;
}

static __attribute__((noinline)) uint32_t hot(uint32_t seed, uint32_t rounds)
{
	uint32_t x = seed;
	/* its own rounds */
	for (uint32_t i = 0; i < rounds; i++)
		x = ROUND(x, i);
	for (uint32_t i = 0; i < 2 * rounds; i++)
		x = mix(x, i);
	x = step(x, rounds);
	return x ^ seed; /* work after the call: step() must not become a tail call */
}

int main(int argc, char **argv)
{
	uint32_t scale = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 1;
	printf("%u\n", hot(1, WORK * scale));
	return 0;
}
