/* task_test.h: the tests' switch of the helper threads (task.h); not part of the contract. */
#ifndef PROFAN_TASK_TEST_H
#define PROFAN_TASK_TEST_H

#include <stdbool.h>

/* Inline mode: from now on no task starts, so every helper's work is done on the caller's
 * thread (the way a machine without threads to spare does it), and a test reads its input both
 * ways. Off by default. */
void task_set_inline(bool on);

#endif
