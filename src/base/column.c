/* column.c: growable arrays that know their own size (column.h), on the heap while small and
 * in 2 MiB-aligned mappings of their own once big. Sits beside alloc.c at the bottom of base.
 *
 * A block starts with a 16-byte head (its size in bytes, and whether it is a mapping), so the
 * elements stay 16-byte aligned and the caller keeps a plain pointer; a mapping starts on a
 * 2 MiB boundary with the head, and its 2 MiB pages move whole as it grows. */
#define _GNU_SOURCE /* mremap */
#include "profan/column.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "profan/alloc.h"
#include "alloc_int.h"

#define BIG_FROM ((size_t)1 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

struct col_head {
	size_t bytes;  /* the elements' bytes, as last asked */
	size_t mapped; /* 0: from the heap; else the mapping's length, head included */
};

_Static_assert(sizeof(struct col_head) == 16, "elements stay 16-byte aligned");

static struct col_head *head_of(const void *p)
{
	return (struct col_head *)((char *)p - sizeof(struct col_head));
}

static void *out_of_memory(size_t size)
{
	alloc_failed("profan: out of memory (allocating %zu bytes)\n", size, 0);
}

static size_t huge_round(size_t n)
{
	return (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

/* A fresh mapping of N bytes (a multiple of HUGE_PAGE) at an address aligned to HUGE_PAGE. */
static void *map_aligned(size_t n)
{
	char *p = mmap(NULL, n + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	size_t head = (HUGE_PAGE - ((uintptr_t)p & (HUGE_PAGE - 1))) & (HUGE_PAGE - 1);
	if (head > 0)
		munmap(p, head);
	munmap(p + head + n, HUGE_PAGE - head);
#ifdef MADV_HUGEPAGE
	(void)madvise(p + head, n, MADV_HUGEPAGE);
#endif
	return p + head;
}

static void *to_heap(struct col_head *h, size_t bytes)
{
	struct col_head *q = xmalloc(sizeof(*q) + bytes);
	memcpy(q + 1, h + 1, h->bytes < bytes ? h->bytes : bytes);
	munmap(h, h->mapped);
	q->bytes = bytes;
	q->mapped = 0;
	return q + 1;
}

static void *to_mapping(struct col_head *h, size_t bytes)
{
	size_t len = huge_round(sizeof(*h) + bytes);
	struct col_head *q = map_aligned(len);
	if (q == NULL)
		return out_of_memory(bytes);
	if (h != NULL) {
		memcpy(q + 1, h + 1, h->bytes < bytes ? h->bytes : bytes);
		free(h);
	}
	q->bytes = bytes;
	q->mapped = len;
	return q + 1;
}

/* A mapping to another length: shrunk in place, or grown by moving its page tables into a fresh
 * aligned mapping (mremap with a fixed target): with both ends aligned, the 2 MiB pages move
 * whole. A plain realloc's mremap picks any address and splits them, and the moved part is then
 * 4 KiB pages again. */
static void *remap(struct col_head *h, size_t bytes)
{
	size_t old = h->mapped, len = huge_round(sizeof(*h) + bytes);
	if (len < old)
		munmap((char *)h + len, old - len);
	if (len > old) {
		struct col_head *q = map_aligned(len);
		if (q == NULL)
			return out_of_memory(bytes);
		if (mremap(h, old, old, MREMAP_MAYMOVE | MREMAP_FIXED, q) == MAP_FAILED) {
			memcpy(q, h, sizeof(*h) + h->bytes);
			munmap(h, old);
		}
		h = q;
	}
	h->bytes = bytes;
	h->mapped = len;
	return h + 1;
}

void *col_resize(void *p, size_t count, size_t size)
{
	/* no such block; and rounding one up to 2 MiB would wrap */
	if (size != 0 && count > (SIZE_MAX / 2 - sizeof(struct col_head)) / size)
		return out_of_memory(SIZE_MAX);
	size_t bytes = count * size;
	struct col_head *h = p != NULL ? head_of(p) : NULL;
	if (h != NULL && h->mapped != 0)
		return bytes < BIG_FROM ? to_heap(h, bytes) : remap(h, bytes);
	if (bytes >= BIG_FROM)
		return to_mapping(h, bytes);
	h = xrealloc(h, sizeof(*h) + bytes);
	h->bytes = bytes;
	h->mapped = 0;
	return h + 1;
}

size_t col_cap(const void *p, size_t size)
{
	return p != NULL && size != 0 ? head_of(p)->bytes / size : 0;
}

void *col_reserve(void *p, size_t need, size_t size)
{
	size_t cap = col_cap(p, size);
	if (need <= cap)
		return p;
	return col_resize(p, grow_cap(cap, need, 64), size);
}

void col_free(void *p)
{
	if (p == NULL)
		return;
	struct col_head *h = head_of(p);
	if (h->mapped != 0)
		munmap(h, h->mapped);
	else
		free(h);
}
