/* task.h: profan's helper threads, every one of them started here.
 *
 * A task is one function run on a helper thread while the caller goes on: gzip inflated ahead
 * of the parser (profan-inflate), symbol files opened ahead (profan-symbols), DHAT's stacks
 * sorted into nodes (profan-paths), the second half of a view's pass (profan-views). The name
 * is the thread's, so profan's report of itself tells them apart.
 *
 * Helpers never print. What a helper finds wrong travels with its work to where the caller
 * meets it, and the caller prints it in its place, so stderr reads the same whatever ran where.
 * Here the rule is held to: a helper's lines are held (pf_hold_lines) from its start; one
 * that would have printed is a bug, which debug builds (the sanitizer tests) stop at.
 *
 * A task that does not start (no thread to be had, or inline mode) has not run: the caller
 * does its work on its own thread, either by task_finish() or, for a task that serves the
 * caller as it goes (a stream of chunks), by its own path that needs no helper. Tests turn
 * every task off to read their inputs both ways (task_test.h). */
#ifndef PROFAN_TASK_H
#define PROFAN_TASK_H

#include <pthread.h>
#include <stdbool.h>

struct task {
	void (*fn)(void *);
	void *arg;
	const char *name;
	pthread_t thread;
	bool started; /* on a helper thread, not yet finished */
	bool said;    /* the helper would have printed a line */
};

/* Starts FN(ARG) on a helper thread named NAME (at most 15 bytes: "profan-" and what it does).
 * Returns true when it runs there; false when it did not start (inline mode, or no thread to be
 * had), and then nothing has run. */
bool task_start(struct task *t, const char *name, void (*fn)(void *), void *arg);
/* Waits for a started task; runs one that did not start here, on the caller's thread. Either
 * way FN(ARG) has run exactly once when it returns. */
void task_finish(struct task *t);
/* FN(HELPER_ARG) as a task named NAME while the caller runs FN(OWN_ARG); returns when both are
 * done. For passes whose halves share nothing they write (each its own range of an array, its
 * own sums and arena), so the two halves need no locks: the caller merges after. */
void task_halves(void (*fn)(void *), void *own_arg, void *helper_arg, const char *name);

#endif
