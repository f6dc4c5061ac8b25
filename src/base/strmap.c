/* strmap.c: bump allocator and string interning used by the profile model. */
#include "profan/strmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
};

#define ARENA_BLOCK (1u << 20)

/* SIZE bytes as they are: the callers that fill them whole skip the zeroing. */
static void *arena_take(struct arena *a, size_t size)
{
	size = (size + 15) & ~(size_t)15;
	struct arena_block *b = a->head;
	if (b == NULL || b->size - b->used < size) {
		size_t n = size > ARENA_BLOCK / 4 ? size : ARENA_BLOCK;
		struct arena_block *nb = xmalloc(sizeof(*nb) + n);
		nb->used = 0;
		nb->size = n;
		if (size > ARENA_BLOCK / 4 && b != NULL) {
			/* a big block goes behind the current one, which stays in use */
			nb->next = b->next;
			b->next = nb;
		} else {
			nb->next = b;
			a->head = nb;
		}
		b = nb;
	}
	void *p = b->data + b->used;
	b->used += size;
	return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
	size = (size + 15) & ~(size_t)15; /* the padding too, as ever */
	return memset(arena_take(a, size), 0, size);
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *d = arena_take(a, len + 1);
	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

char *arena_vprintf(struct arena *a, const char *fmt, va_list ap)
{
	char line[256]; /* most texts fit: formatted once, not measured first */
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(line, sizeof(line), fmt, ap);
	size_t len = n < 0 ? 0 : (size_t)n;
	char *s = arena_take(a, len + 1);
	if (len < sizeof(line))
		memcpy(s, line, len + 1);
	else
		vsnprintf(s, len + 1, fmt, aq);
	va_end(aq);
	if (n < 0)
		s[0] = '\0';
	return s;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = arena_vprintf(a, fmt, ap);
	va_end(ap);
	return s;
}

void arena_release(struct arena *a)
{
	struct arena_block *b = a->head;
	while (b != NULL) {
		struct arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
}

void strmap_init(struct strmap *m)
{
	memset(m, 0, sizeof(*m));
	strmap_intern_len(m, "", 0);
}

void strmap_release(struct strmap *m)
{
	arena_release(&m->arena);
	free(m->strs);
	free(m->lens);
	htab_release(&m->index);
	memset(m, 0, sizeof(*m));
}

struct str_key {
	const char *s;
	size_t len;
};

static bool str_eq(const void *ctx, uint32_t id, const void *key)
{
	const struct strmap *m = ctx;
	const struct str_key *k = key;
	return m->lens[id] == k->len && memcmp(m->strs[id], k->s, k->len) == 0;
}

uint32_t strmap_find(const struct strmap *m, const char *s, size_t len)
{
	struct str_key k = {s, len};
	uint32_t id = htab_find(&m->index, hash_bytes(s, len), str_eq, m, &k);
	return id == HTAB_NONE ? UINT32_MAX : id;
}

uint32_t strmap_intern_len(struct strmap *m, const char *s, size_t len)
{
	if (len > UINT32_MAX - 1)
		len = UINT32_MAX - 1; /* names are never this long; keep the id space sane */
	struct str_key k = {s, len};
	uint32_t id = htab_intern(&m->index, hash_bytes(s, len), str_eq, m, &k, m->count);
	if (id != m->count)
		return id;
	if (m->count == m->cap) {
		m->cap = grow_cap(m->cap, m->count + 1, 64);
		m->strs = xreallocarray(m->strs, m->cap, sizeof(*m->strs));
		m->lens = xreallocarray(m->lens, m->cap, sizeof(*m->lens));
	}
	m->strs[id] = arena_strndup(&m->arena, s, len);
	m->lens[id] = (uint32_t)len;
	m->count++;
	return id;
}

uint32_t strmap_intern(struct strmap *m, const char *s)
{
	return strmap_intern_len(m, s, strlen(s));
}
