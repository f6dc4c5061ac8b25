/* strmap.h: an arena allocator and string interning.
 *
 * Everything reachable from a struct profile (names, paths) lives in the
 * profile's arena, so one arena_release() frees it all. Function names repeat
 * millions of times, so the model stores dense uint32_t ids instead of
 * pointers, and aggregation keys on those ids. */
#ifndef PROFAN_STRMAP_H
#define PROFAN_STRMAP_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/alloc.h"
#include "profan/hashtab.h"

struct arena_block;
struct arena {
	struct arena_block *head;
};

/* Zeroed memory, 16-byte aligned, valid until arena_release(). Aborts on OOM. */
void *arena_alloc(struct arena *a, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t len);
/* vsnprintf into the arena. */
char *arena_vprintf(struct arena *a, const char *fmt, va_list ap);
char *arena_printf(struct arena *a, const char *fmt, ...) PF_PRINTF(2, 3);
void arena_release(struct arena *a);

/* Interned strings. Id 0 is always the empty string. */
struct strmap {
	struct arena arena;
	const char **strs; /* id -> NUL-terminated text */
	uint32_t *lens;
	uint32_t count, cap;
	struct htab index; /* hash of the text -> id */
};

void strmap_init(struct strmap *m);
void strmap_release(struct strmap *m);
uint32_t strmap_intern(struct strmap *m, const char *s);
uint32_t strmap_intern_len(struct strmap *m, const char *s, size_t len);
/* Id of s if present, else UINT32_MAX. */
uint32_t strmap_find(const struct strmap *m, const char *s, size_t len);
static inline const char *strmap_str(const struct strmap *m, uint32_t id)
{
	return m->strs[id];
}
static inline uint32_t strmap_len(const struct strmap *m, uint32_t id)
{
	return m->lens[id];
}

#endif
