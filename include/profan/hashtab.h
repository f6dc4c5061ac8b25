/* hashtab.h: the one hash table of the code base, an index from keys to
 * 32-bit values (positions in the caller's own arrays).
 *
 * The keys stay where they already are (the strings of a strmap, the stack
 * nodes of a profile); a slot holds only a 32-bit hash tag and the value, 8
 * bytes, so that big indexes stay small and a probe past other keys never
 * touches the keys themselves. The caller gives the key's 64-bit hash and an
 * equality test for the candidates whose tag matches:
 *
 *     uint32_t id = htab_intern(&idx, hash_bytes(s, n), str_eq, table, &key, next_id);
 *     if (id == next_id) ... append key to the table ...
 *
 * Keys that are plain 64-bit numbers (pointers, ids, offsets) with nowhere
 * to live use struct u64map below, which keeps them beside the values.
 * A zeroed struct is an empty table; the first insertion allocates. */
#ifndef PROFAN_HASHTAB_H
#define PROFAN_HASHTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HTAB_NONE UINT32_MAX

struct htab_slot {
	uint32_t tag;  /* 32 bits of the key's hash; also where the key's probe starts */
	uint32_t val1; /* value + 1; 0: empty */
};

struct htab {
	struct htab_slot *slots;
	size_t mask; /* slot count - 1 (a power of two) */
	size_t count;
};

/* Is the key stored under VAL equal to KEY? */
typedef bool (*htab_eq_fn)(const void *ctx, uint32_t val, const void *key);

void htab_release(struct htab *h);
/* Room for N entries without growing. */
void htab_reserve(struct htab *h, size_t n);
/* Adds VAL under HASH without looking for an equal key (the caller knows there is none). */
void htab_insert(struct htab *h, uint64_t hash, uint32_t val);
void htab_grow_(struct htab *h);

static inline uint32_t htab_tag_(uint64_t hash)
{
	return (uint32_t)(hash >> 32) ^ (uint32_t)hash;
}

/* The value whose key EQ finds equal to KEY, or HTAB_NONE. */
static inline uint32_t htab_find(const struct htab *h, uint64_t hash, htab_eq_fn eq, const void *ctx,
				 const void *key)
{
	if (h->slots == NULL)
		return HTAB_NONE;
	uint32_t tag = htab_tag_(hash);
	for (size_t i = tag & h->mask;; i = (i + 1) & h->mask) {
		const struct htab_slot *s = &h->slots[i];
		if (s->val1 == 0)
			return HTAB_NONE;
		if (s->tag == tag && eq(ctx, s->val1 - 1, key))
			return s->val1 - 1;
	}
}

/* The value of KEY when present; else stores NEW_VAL under HASH and returns it. One probe. */
static inline uint32_t htab_intern(struct htab *h, uint64_t hash, htab_eq_fn eq, const void *ctx,
				   const void *key, uint32_t new_val)
{
	if (h->slots == NULL || (h->count + 1) * 4 > (h->mask + 1) * 3)
		htab_grow_(h);
	uint32_t tag = htab_tag_(hash);
	size_t i = tag & h->mask;
	for (;; i = (i + 1) & h->mask) {
		struct htab_slot *s = &h->slots[i];
		if (s->val1 == 0)
			break;
		if (s->tag == tag && eq(ctx, s->val1 - 1, key))
			return s->val1 - 1;
	}
	h->slots[i] = (struct htab_slot){.tag = tag, .val1 = new_val + 1};
	h->count++;
	return new_val;
}

/* Starts loading the slot where a key of HASH is probed first, for a caller about to insert or
 * look up many keys whose hashes it knows in advance (their misses then overlap). */
static inline void htab_prefetch(const struct htab *h, uint64_t hash)
{
	if (h->slots != NULL)
		__builtin_prefetch(&h->slots[htab_tag_(hash) & h->mask], 1);
}

/* Plain 64-bit keys (pointers, ids, offsets) to 32-bit values, on the table above. */
struct u64map {
	struct htab index;
	uint64_t *keys;
	uint32_t *vals;
	size_t len, cap;
};
void u64map_release(struct u64map *m);
/* The value of KEY, or HTAB_NONE. */
uint32_t u64map_get(const struct u64map *m, uint64_t key);
/* The value of KEY, inserted as HTAB_NONE when absent; valid until the next insertion. */
uint32_t *u64map_slot(struct u64map *m, uint64_t key);
/* Room for N keys in all (no growing on the way there). */
void u64map_reserve(struct u64map *m, size_t n);

/* Hashes: 64 bits of bytes, and a finaliser that spreads any 64-bit key over
 * all bits (splitmix64's), so packed ids and pointers index well. */
uint64_t hash_bytes(const void *data, size_t len);
static inline uint64_t hash_mix(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

#endif
