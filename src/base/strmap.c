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

void *arena_alloc(struct arena *a, size_t size)
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
	memset(p, 0, size);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *d = arena_alloc(a, len + 1);
	memcpy(d, s, len);
	return d;
}

char *arena_vprintf(struct arena *a, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	char *s = arena_alloc(a, (size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(s, (size_t)n + 1, fmt, aq);
	va_end(aq);
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

uint64_t hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

static void rehash(struct strmap *m, uint32_t nslots)
{
	free(m->slots);
	m->slots = xcalloc(nslots, sizeof(*m->slots));
	m->slot_mask = nslots - 1;
	for (uint32_t id = 0; id < m->count; id++) {
		uint32_t i = (uint32_t)hash_bytes(m->strs[id], m->lens[id]) & m->slot_mask;
		while (m->slots[i] != 0)
			i = (i + 1) & m->slot_mask;
		m->slots[i] = id + 1;
	}
}

void strmap_init(struct strmap *m)
{
	memset(m, 0, sizeof(*m));
	rehash(m, 64);
	strmap_intern_len(m, "", 0);
}

void strmap_release(struct strmap *m)
{
	arena_release(&m->arena);
	free(m->strs);
	free(m->lens);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

uint32_t strmap_find(const struct strmap *m, const char *s, size_t len)
{
	uint32_t i = (uint32_t)hash_bytes(s, len) & m->slot_mask;
	for (;; i = (i + 1) & m->slot_mask) {
		uint32_t slot = m->slots[i];
		if (slot == 0)
			return UINT32_MAX;
		uint32_t id = slot - 1;
		if (m->lens[id] == len && memcmp(m->strs[id], s, len) == 0)
			return id;
	}
}

uint32_t strmap_intern_len(struct strmap *m, const char *s, size_t len)
{
	if (len > UINT32_MAX - 1)
		len = UINT32_MAX - 1; /* names are never this long; keep the id space sane */
	uint32_t i = (uint32_t)hash_bytes(s, len) & m->slot_mask;
	for (;; i = (i + 1) & m->slot_mask) {
		uint32_t slot = m->slots[i];
		if (slot == 0)
			break;
		uint32_t id = slot - 1;
		if (m->lens[id] == len && memcmp(m->strs[id], s, len) == 0)
			return id;
	}
	if (m->count == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 64;
		m->strs = xreallocarray(m->strs, m->cap, sizeof(*m->strs));
		m->lens = xreallocarray(m->lens, m->cap, sizeof(*m->lens));
	}
	uint32_t id = m->count++;
	m->strs[id] = arena_strndup(&m->arena, s, len);
	m->lens[id] = (uint32_t)len;
	m->slots[i] = id + 1;
	if ((uint64_t)m->count * 2 > m->slot_mask)
		rehash(m, (m->slot_mask + 1) * 2);
	return id;
}

uint32_t strmap_intern(struct strmap *m, const char *s)
{
	return strmap_intern_len(m, s, strlen(s));
}
