/* diag.h: exit codes, the one-line error format and checked allocation.
 *
 * Every message goes to stderr as one line: "profan: FILE: where: what". What a
 * message quotes from the input is escaped on the way out (text.h), so a line
 * break or an escape sequence in a key or a path cannot split or forge lines.
 * Nothing outside main() exits; functions that fail print one line with
 * pf_error() and return a failure value that callers pass up. */
#ifndef PROFAN_DIAG_H
#define PROFAN_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum pf_exit {
	PF_EXIT_OK = 0,
	PF_EXIT_FAIL = 1,  /* input unreadable or malformed, or output write failed */
	PF_EXIT_USAGE = 2, /* bad command line; the message says what to change */
};

/* "profan: <msg>\n" on stderr. */
void pf_error(const char *fmt, ...) PF_PRINTF(1, 2);
/* "profan: warning: <msg>\n" on stderr, unless warnings are silenced. */
void pf_warn(const char *fmt, ...) PF_PRINTF(1, 2);
void pf_set_quiet(bool quiet);
/* Where the lines go instead of stderr (NULL: stderr again); the fuzz targets check them. */
void pf_set_output(FILE *f);
/* Color the "warning:" and "error" prefixes (the CLI decides: stderr is a terminal). */
void pf_set_color(bool color);

/* Allocation that aborts with a message on exhaustion: profan cannot do
 * anything useful without memory, and checking every call hides the logic. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
/* realloc for arrays: aborts when count * size overflows. */
void *xreallocarray(void *ptr, size_t count, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);
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
