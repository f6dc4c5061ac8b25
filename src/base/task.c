/* task.c: helper threads (task.h): the one file that starts a thread. Each is named, holds
 * its lines from its start, and can be turned off for tests (inline mode). */
#define _GNU_SOURCE /* pthread_setname_np */
#include "profan/task.h"

#include <stdio.h>
#include <stdlib.h>

#include "profan/diag.h"
#include "task_test.h"

static bool inline_mode;

void task_set_inline(bool on)
{
	inline_mode = on;
}

static void *run(void *arg)
{
	struct task *t = arg;
	/* its own name in a profile of profan (perf, samply; `profan samply --thread inflate`) */
	pthread_setname_np(pthread_self(), t->name);
	pf_hold_lines(&t->said);
	t->fn(t->arg);
	pf_hold_lines(NULL);
	return NULL;
}

bool task_start(struct task *t, const char *name, void (*fn)(void *), void *arg)
{
	*t = (struct task){.fn = fn, .arg = arg, .name = name};
	t->started = !inline_mode && pthread_create(&t->thread, NULL, run, t) == 0;
	return t->started;
}

void task_finish(struct task *t)
{
	if (!t->started) {
		t->fn(t->arg);
		return;
	}
	pthread_join(t->thread, NULL);
	t->started = false;
	if (t->said) {
		/* a helper printed: its line was held, and would have come out of its place */
		pf_error("internal error: the %s thread had a line to print (helpers never print: task.h)",
			 t->name);
#ifndef NDEBUG
		abort();
#endif
	}
}

void task_halves(void (*fn)(void *), void *own_arg, void *helper_arg, const char *name)
{
	struct task t;
	task_start(&t, name, fn, helper_arg);
	fn(own_arg);
	task_finish(&t);
}
