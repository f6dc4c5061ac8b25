#define _GNU_SOURCE
/* switch.c: the program tests/perf/switch.py records. By design, the main thread is on CPU
 * 10 x 20 ms in burn() (it spins until its own thread CPU clock has moved 20 ms) and off CPU at
 * least 10 x 20 ms in nap() (usleep). With an argument, a second thread named "spinner" burns
 * 100 ms of CPU in spin() meanwhile: several threads, and with two of these, processes. */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

__attribute__((noinline)) void burn(double seconds)
{
	double end = cpu_now() + seconds;
	volatile unsigned x = 0;
	while (cpu_now() < end)
		x++;
}

__attribute__((noinline)) void nap(unsigned us)
{
	usleep(us);
	__asm__ volatile(""); /* not a tail call: nap stays on the stack */
}

__attribute__((noinline)) void spin(double seconds)
{
	burn(seconds);
	__asm__ volatile("");
}

static void *spinner(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "spinner");
	spin(0.1);
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argv;
	pthread_t t;
	if (argc > 1 && pthread_create(&t, NULL, spinner, NULL) != 0)
		return 1;
	for (int i = 0; i < 10; i++) {
		burn(0.02);
		nap(20000);
	}
	if (argc > 1)
		pthread_join(t, NULL);
	return 0;
}
