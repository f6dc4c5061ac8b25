/* alloc.h: allocation that cannot fail, growable arrays, and the two macros
 * every file uses. The lowest layer: it includes nothing of profan's. */
#ifndef PROFAN_ALLOC_H
#define PROFAN_ALLOC_H

#include <stddef.h>
#include <stdlib.h>

#define PF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Allocation that aborts with a message on exhaustion: profan cannot do
 * anything useful without memory, and checking every call hides the logic. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
/* realloc for arrays: aborts when count * size overflows. */
void *xreallocarray(void *ptr, size_t count, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);
/* Big arrays that grow (bulk columns): OLD_SIZE to NEW_SIZE bytes (P NULL when nothing yet),
 * contents kept. From 1 MiB on, an array is a mapping of its own, aligned to and backed by
 * 2 MiB pages, which stay whole as it grows: on a VM a first touch of a 4 KiB page costs
 * 16-30 us, 50 times the same memory in 2 MiB pages (docs/performance.md). Freed by
 * xbig_free() with its current size, never by free(). */
void *xbig_resize(void *p, size_t old_size, size_t new_size);
/* The same for arrays of OLD_COUNT and NEW_COUNT elements of SIZE bytes: aborts when
 * NEW_COUNT * SIZE overflows (OLD_COUNT * SIZE is an array that exists). */
void *xbig_resizearray(void *p, size_t old_count, size_t new_count, size_t size);
void xbig_free(void *p, size_t size);
/* printf into a fresh heap string. */
char *xasprintf(const char *fmt, ...) PF_PRINTF(1, 2);

/* Typed growable array: VEC(int) v = {0}; vec_push(&v, 3); free(v.items); */
#define VEC(T)                                                                                    \
	struct {                                                                                  \
		T *items;                                                                         \
		size_t len, cap;                                                                  \
	}
void vec_grow_(void **items, size_t *cap, size_t elem_size, size_t need);
#define vec_reserve(v, n) vec_grow_((void **)&(v)->items, &(v)->cap, sizeof(*(v)->items), (n))
#define vec_push(v, x)                                                                            \
	do {                                                                                      \
		if ((v)->len == (v)->cap)                                                         \
			vec_reserve((v), (v)->len + 1);                                           \
		(v)->items[(v)->len++] = (x);                                                     \
	} while (0)
#define vec_free(v) (free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)

#endif
