/* work.c: the program tests/perf/run.py records with perf record. Two leaves of known work in
 * a loop, one reached through an inlined helper, and a function that spends its time in read()
 * (samples inside a system call, whose user part only DWARF unwinding recovers). */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static volatile double sink;

__attribute__((noinline)) double leaf_a(volatile int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += i * 0.5;
	return s;
}

__attribute__((noinline)) double leaf_b(volatile int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += i * 0.25 + 1;
	return s;
}

static inline double helper(int n)
{
	return leaf_a(n) + 1;
}

__attribute__((noinline)) void compute(int k)
{
	for (int j = 0; j < k; j++) {
		sink += helper(100000);
		sink += leaf_b(300000);
	}
}

__attribute__((noinline)) void reader(int k)
{
	char buf[65536];
	int fd = open("/dev/zero", O_RDONLY);
	if (fd < 0)
		abort();
	for (int j = 0; j < k; j++)
		if (read(fd, buf, sizeof(buf)) < 0)
			abort();
	close(fd);
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 1;
	compute(400 * scale);
	reader(20000 * scale);
	return 0;
}
