/* touch.c: what fresh memory costs on this machine, for the floor of bench/run.sh's table.
 * Writes MiB of newly mapped memory (first touch: page faults, and on a VM whatever the host does to
 * back the page), then the same memory again; prints both rates, medians of 3. Every MB of peak RSS
 * a program reaches is at least one first touch. Usage: touch [MiB] (default 256). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	size_t n = (size_t)(argc > 1 ? atol(argv[1]) : 256) << 20;
	double first[3], again[3];
	for (int r = 0; r < 3; r++) {
		char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return 1;
		double t0 = now();
		memset(p, 1, n);
		double t1 = now();
		memset(p, 2, n);
		double t2 = now();
		first[r] = t1 - t0;
		again[r] = t2 - t1;
		munmap(p, n);
	}
	qsort(first, 3, sizeof(double), by_double);
	qsort(again, 3, sizeof(double), by_double);
	printf("fresh memory: %.0f MB/s on first touch (%.1f us per 4 KiB page), %.0f MB/s when written again\n",
	       (double)n / 1e6 / first[1], first[1] / (double)(n / 4096) * 1e6, (double)n / 1e6 / again[1]);
	return 0;
}
