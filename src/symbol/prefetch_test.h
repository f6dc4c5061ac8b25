/* prefetch_test.h: the tests' wait for the files opened ahead (prefetch.h); not part of the
 * contract. */
#ifndef PROFAN_SYMBOL_PREFETCH_TEST_H
#define PROFAN_SYMBOL_PREFETCH_TEST_H

#include "profan/prefetch.h"

/* Waits until everything queued is opened (symbolize_profile() stops the thread where it is,
 * so how much was opened ahead depends on the timing). */
void sym_prefetch_finish(struct sym_prefetch *pf);

#endif
