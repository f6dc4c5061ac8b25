/* alloc.h: allocation that cannot fail, growable arrays, and the two macros
 * every file uses. The lowest layer: it includes nothing of profan's. */
#ifndef PROFAN_ALLOC_H
#define PROFAN_ALLOC_H

#include <stddef.h>
#include <stdlib.h>

#define PF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Allocation that ends the run on exhaustion (one line, exit status 1, temporary outputs
 * removed): profan cannot do anything useful without memory, and checking every call hides
 * the logic. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
/* realloc for arrays: fails as above when count * size overflows. */
void *xreallocarray(void *ptr, size_t count, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);
/* The capacity an array holding CAP that must hold NEED grows to: CAP doubled (FIRST when it
 * held nothing) until NEED fits, or NEED itself where doubling would overflow. */
size_t grow_cap(size_t cap, size_t need, size_t first);
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
