/* alloc_int.h: the one end of every failed allocation (alloc.c), shared with column.c. */
#ifndef PROFAN_BASE_ALLOC_INT_H
#define PROFAN_BASE_ALLOC_INT_H

#include <stddef.h>

/* The end of a run out of memory (alloc.h's xmalloc): FMT with A and B printed, temporary
 * outputs removed, exit status 1; for the allocators of base's own (column.c). */
_Noreturn void alloc_failed(const char *fmt, size_t a, size_t b);

#endif
