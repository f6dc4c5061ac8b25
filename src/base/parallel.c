/* parallel.c: run_halves (parallel.h). */
#define _GNU_SOURCE /* pthread_setname_np */
#include "profan/parallel.h"

#include <pthread.h>
#include <stdbool.h>

struct half {
	void (*fn)(void *);
	void *arg;
	const char *name;
};

static void *run_half(void *arg)
{
	const struct half *h = arg;
	pthread_setname_np(pthread_self(), h->name);
	h->fn(h->arg);
	return NULL;
}

void run_halves(void (*fn)(void *), void *own_arg, void *helper_arg, const char *name)
{
	struct half h = {.fn = fn, .arg = helper_arg, .name = name};
	pthread_t thread;
	bool threaded = pthread_create(&thread, NULL, run_half, &h) == 0;
	fn(own_arg);
	if (threaded)
		pthread_join(thread, NULL);
	else
		fn(helper_arg);
}
