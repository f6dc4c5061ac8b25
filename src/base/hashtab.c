/* hashtab.c: the one hash table (hashtab.h). Linear probing over 8-byte slots
 * keeps a probe within a cache line or two; the table grows at three quarters
 * full, from the tags alone (a tag is where its key's probe starts). */
#include "profan/hashtab.h"

#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"

#define HTAB_MIN_SLOTS 64

void htab_release(struct htab *h)
{
	free(h->slots);
	memset(h, 0, sizeof(*h));
}

static void rebuild(struct htab *h, size_t nslots)
{
	struct htab_slot *old = h->slots;
	size_t old_slots = old ? h->mask + 1 : 0;
	h->slots = xcalloc(nslots, sizeof(*h->slots));
	h->mask = nslots - 1;
	for (size_t i = 0; i < old_slots; i++) {
		if (old[i].val1 == 0)
			continue;
		size_t j = old[i].tag & h->mask;
		while (h->slots[j].val1 != 0)
			j = (j + 1) & h->mask;
		h->slots[j] = old[i];
	}
	free(old);
}

void htab_reserve(struct htab *h, size_t n)
{
	size_t slots = h->slots ? h->mask + 1 : 0;
	size_t want = HTAB_MIN_SLOTS;
	while (want * 3 < n * 4)
		want *= 2;
	if (want > slots)
		rebuild(h, want);
}

void htab_grow_(struct htab *h)
{
	rebuild(h, h->slots ? 2 * (h->mask + 1) : HTAB_MIN_SLOTS);
}

void htab_insert(struct htab *h, uint64_t hash, uint32_t val)
{
	if (h->slots == NULL || (h->count + 1) * 4 > (h->mask + 1) * 3)
		htab_grow_(h);
	uint32_t tag = htab_tag_(hash);
	size_t i = tag & h->mask;
	while (h->slots[i].val1 != 0)
		i = (i + 1) & h->mask;
	h->slots[i] = (struct htab_slot){.tag = tag, .val1 = val + 1};
	h->count++;
}

void u64map_release(struct u64map *m)
{
	htab_release(&m->index);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

static bool key_eq(const void *ctx, uint32_t i, const void *key)
{
	return ((const uint64_t *)ctx)[i] == *(const uint64_t *)key;
}

uint32_t u64map_get(const struct u64map *m, uint64_t key)
{
	uint32_t i = htab_find(&m->index, hash_mix(key), key_eq, m->keys, &key);
	return i == HTAB_NONE ? HTAB_NONE : m->vals[i];
}

void u64map_reserve(struct u64map *m, size_t n)
{
	htab_reserve(&m->index, n);
	if (n > m->cap) {
		m->cap = n;
		m->keys = xreallocarray(m->keys, m->cap, sizeof(*m->keys));
		m->vals = xreallocarray(m->vals, m->cap, sizeof(*m->vals));
	}
}

uint32_t *u64map_slot(struct u64map *m, uint64_t key)
{
	if (m->len == m->cap) {
		m->cap = grow_cap(m->cap, m->len + 1, 64);
		m->keys = xreallocarray(m->keys, m->cap, sizeof(*m->keys));
		m->vals = xreallocarray(m->vals, m->cap, sizeof(*m->vals));
	}
	uint32_t i = htab_intern(&m->index, hash_mix(key), key_eq, m->keys, &key, (uint32_t)m->len);
	if (i == m->len) {
		m->keys[i] = key;
		m->vals[i] = HTAB_NONE;
		m->len++;
	}
	return &m->vals[i];
}

/* Eight bytes at a time, each folded in with a multiply and a shift, then
 * hash_mix over the lot: every input bit reaches every output bit. */
uint64_t hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)len;
	while (len >= 8) {
		uint64_t v;
		memcpy(&v, p, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
		p += 8;
		len -= 8;
	}
	if (len > 0) {
		uint64_t v = 0;
		memcpy(&v, p, len);
		h = (h ^ v) * 0xc4ceb9fe1a85ec53ULL;
	}
	return hash_mix(h);
}
