/* alloc.c: allocation that ends the run on exhaustion, and growable arrays (alloc.h).
 * Out of memory is one line and exit status 1, temporary outputs removed
 * (interrupt_fatal): nothing on that path may allocate. */
#include "profan/alloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <sys/mman.h> /* MADV_HUGEPAGE: without it advise_huge() does nothing, and nothing says so */
#include <unistd.h>

#include "profan/interrupt.h"
#include "alloc_int.h"

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
_Noreturn void alloc_failed(const char *fmt, size_t a, size_t b)
{
	char line[128];
	snprintf(line, sizeof(line), fmt, a, b);
	interrupt_fatal(line);
}

static void *check(void *p, size_t size)
{
	if (p == NULL && size != 0)
		alloc_failed("profan: out of memory (allocating %zu bytes)\n", size, 0);
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
	if (size != 0 && count > SIZE_MAX / size)
		alloc_failed("profan: out of memory (%zu × %zu bytes)\n", count, size);
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

size_t grow_cap(size_t cap, size_t need, size_t first)
{
	size_t n = cap ? cap : first ? first : 1;
	while (n < need)
		n = n > SIZE_MAX / 2 ? need : n * 2;
	return n;
}

void vec_grow_(void **items, size_t *cap, size_t elem_size, size_t need)
{
	if (need <= *cap)
		return;
	size_t n = grow_cap(*cap, need, 8);
	*items = xreallocarray(*items, n, elem_size);
	*cap = n;
}
