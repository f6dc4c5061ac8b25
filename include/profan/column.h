/* column.h: growable arrays that know their own size (bulk columns, buffers that grow).
 *
 * A column is a plain pointer to its elements, read and written like any array; the block
 * records its own size, so resizing and freeing take no size from the caller. Up to 1 MiB
 * a column lives on the heap; from there on it is a mapping of its own, aligned to and backed
 * by 2 MiB pages, which stay whole as it grows (moved by their page tables, not copied): on a
 * VM a first touch of a 4 KiB page costs 16-30 us, 50 times the same memory in 2 MiB pages
 * (docs/performance.md). Freed by col_free(), never by free(); allocation that cannot be had
 * (or a size that overflows) aborts like xmalloc. */
#ifndef PROFAN_COLUMN_H
#define PROFAN_COLUMN_H

#include <stddef.h>

/* Exactly COUNT elements of SIZE bytes (P NULL: a new column; never NULL, even for 0), contents
 * kept up to the shorter length; new elements are not zeroed. */
void *col_resize(void *p, size_t count, size_t size);
/* Room for at least NEED elements of SIZE bytes: P itself when it has it, else P grown to twice
 * its capacity (or more, to NEED; at first 64 elements or NEED), contents kept. */
void *col_reserve(void *p, size_t need, size_t size);
/* How many elements of SIZE bytes the column holds (0 for NULL). */
size_t col_cap(const void *p, size_t size);
void col_free(void *p);

#endif
