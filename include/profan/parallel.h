/* parallel.h: one job in two halves at once, the caller's and a helper thread's.
 *
 * For passes whose halves share nothing they write (each its own range of an array, its own
 * sums and arena), so the two halves need no locks: the caller merges after. */
#ifndef PROFAN_PARALLEL_H
#define PROFAN_PARALLEL_H

/* FN(HELPER_ARG) on a helper thread named NAME while the caller runs FN(OWN_ARG); returns when
 * both are done. Without a thread to be had, the caller runs both, one after the other. */
void run_halves(void (*fn)(void *), void *own_arg, void *helper_arg, const char *name);

#endif
