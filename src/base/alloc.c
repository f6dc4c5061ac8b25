/* alloc.c: allocation that ends the run on exhaustion, and growable arrays (alloc.h).
 * Out of memory is one line and exit status 1, temporary outputs removed
 * (interrupt_fatal): nothing on that path may allocate. */
#define _GNU_SOURCE /* mremap */
#include "profan/alloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "profan/interrupt.h"

/* Big blocks (profile columns, hash indexes, JSON pools) are asked to be backed by 2 MiB pages:
 * on this kind of machine a first touch of fresh memory costs 16-30 us per 4 KiB page, and
 * random probes into a table of hundreds of MB miss the TLB on every access with small pages.
 * The advice covers the block's whole pages: a block that big is a mapping of its own, and
 * advising only part of it would split the mapping, which then cannot be grown by mremap()
 * (realloc would copy). The kernel may decline. */
#define HUGE_ADVICE_FROM ((size_t)4 << 20)

static void advise_huge(void *p, size_t size)
{
#ifdef MADV_HUGEPAGE
	static uintptr_t page;
	if (p == NULL || size < HUGE_ADVICE_FROM)
		return;
	if (page == 0)
		page = (uintptr_t)sysconf(_SC_PAGESIZE);
#ifdef __GLIBC__
	size = malloc_usable_size(p); /* to the end of the mapping, its last page included */
#endif
	uintptr_t start = (uintptr_t)p & ~(page - 1);
	uintptr_t end = ((uintptr_t)p + size + page - 1) & ~(page - 1);
	(void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
	(void)p;
	(void)size;
#endif
}

/* The line is made on the stack: the heap has nothing to give. */
_Noreturn static void out_of_memory(const char *fmt, size_t a, size_t b)
{
	char line[128];
	snprintf(line, sizeof(line), fmt, a, b);
	interrupt_fatal(line);
}

static void *check(void *p, size_t size)
{
	if (p == NULL && size != 0) {
		out_of_memory("profan: out of memory (allocating %zu bytes)\n", size, 0);
	}
	advise_huge(p, size);
	return p;
}

void *xmalloc(size_t size)
{
	return check(malloc(size ? size : 1), size);
}

void *xcalloc(size_t count, size_t size)
{
	return check(calloc(count ? count : 1, size ? size : 1), count * size);
}

void *xrealloc(void *ptr, size_t size)
{
	return check(realloc(ptr, size ? size : 1), size);
}

void *xreallocarray(void *ptr, size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size) {
		out_of_memory("profan: out of memory (%zu × %zu bytes)\n", count, size);
	}
	return xrealloc(ptr, count * size);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t len)
{
	char *d = xmalloc(len + 1);
	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(s, (size_t)n + 1, fmt, aq);
	va_end(aq);
	return s;
}

/* ---- big arrays in mappings of their own ---- */

#define BIG_FROM ((size_t)1 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

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

static void *big_out_of_memory(size_t size)
{
	out_of_memory("profan: out of memory (allocating %zu bytes)\n", size, 0);
}

void *xbig_resize(void *p, size_t old_size, size_t new_size)
{
	if (new_size > SIZE_MAX / 2) /* no such mapping; and rounding it up to 2 MiB would wrap */
		return big_out_of_memory(new_size);
	if (new_size < BIG_FROM && (old_size < BIG_FROM || p == NULL))
		return xrealloc(p, new_size);
	if (p == NULL || old_size < BIG_FROM) { /* from the heap (or nothing) to a mapping */
		void *q = map_aligned(huge_round(new_size));
		if (q == NULL)
			return big_out_of_memory(new_size);
		if (p != NULL)
			memcpy(q, p, old_size < new_size ? old_size : new_size);
		free(p);
		return q;
	}
	size_t old_map = huge_round(old_size), new_map = huge_round(new_size);
	if (new_size < BIG_FROM) { /* back to the heap */
		void *q = xmalloc(new_size);
		memcpy(q, p, new_size);
		munmap(p, old_map);
		return q;
	}
	if (new_map < old_map)
		munmap((char *)p + new_map, old_map - new_map);
	if (new_map <= old_map)
		return p;
	/* Grown by moving the page tables into a fresh aligned mapping (mremap with a fixed
	 * target): with both ends aligned, the 2 MiB pages move whole. A plain realloc's mremap
	 * picks any address and splits them, and the moved part is then 4 KiB pages again. */
	char *q = map_aligned(new_map);
	if (q == NULL)
		return big_out_of_memory(new_size);
	if (mremap(p, old_map, old_map, MREMAP_MAYMOVE | MREMAP_FIXED, q) == MAP_FAILED) {
		memcpy(q, p, old_size);
		munmap(p, old_map);
	}
	return q;
}

void *xbig_resizearray(void *p, size_t old_count, size_t new_count, size_t size)
{
	if (size != 0 && new_count > SIZE_MAX / size)
		return big_out_of_memory(SIZE_MAX);
	return xbig_resize(p, old_count * size, new_count * size);
}

void xbig_free(void *p, size_t size)
{
	if (p == NULL)
		return;
	if (size < BIG_FROM)
		free(p);
	else
		munmap(p, huge_round(size));
}

void vec_grow_(void **items, size_t *cap, size_t elem_size, size_t need)
{
	if (need <= *cap)
		return;
	size_t n = *cap ? *cap : 8;
	while (n < need)
		n = n > SIZE_MAX / 2 ? need : n * 2;
	*items = xreallocarray(*items, n, elem_size);
	*cap = n;
}
