/* profile.c: construction of the common profile model (see profile.h).
 * Loaders and the symbolicator build profiles only through these functions,
 * which keep funcs, frames and stack nodes unique. */
#include "profan/profile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Open-addressing index over one of the profile's arrays. A slot keeps the
 * 32-bit hash beside the index, so probing past other keys and growing the
 * table never touch the arrays themselves (those are the cache misses that
 * dominated symbolication and DHAT loading). */
struct pf_slot {
	uint32_t idx1; /* index + 1; 0 = empty */
	uint32_t hash;
};

struct pf_hash {
	struct pf_slot *slots;
	size_t mask, count;
};

typedef bool (*hash_eq_fn)(const struct profile *p, uint32_t idx, const void *key);

static struct pf_hash *hash_new(void)
{
	struct pf_hash *h = xcalloc(1, sizeof(*h));
	h->mask = 255;
	h->slots = xcalloc(h->mask + 1, sizeof(*h->slots));
	return h;
}

static void hash_free(struct pf_hash *h)
{
	if (h) {
		free(h->slots);
		free(h);
	}
}

static uint32_t hash32(uint64_t kh)
{
	uint64_t m = hash_mix(kh);
	return (uint32_t)(m >> 32) ^ (uint32_t)m;
}

/* Find KEY (hash H); returns the index or PF_NONE and the slot to insert at. */
static uint32_t hash_find(const struct profile *p, const struct pf_hash *h, uint32_t hv, const void *key,
			  hash_eq_fn eq, size_t *slot)
{
	for (size_t i = hv & h->mask;; i = (i + 1) & h->mask) {
		const struct pf_slot *s = &h->slots[i];
		if (s->idx1 == 0) {
			*slot = i;
			return PF_NONE;
		}
		if (s->hash == hv && eq(p, s->idx1 - 1, key))
			return s->idx1 - 1;
	}
}

static void hash_insert(struct pf_hash *h, size_t slot, uint32_t idx, uint32_t hv)
{
	h->slots[slot] = (struct pf_slot){.idx1 = idx + 1, .hash = hv};
	/* at most 3/4 full: with the hash bits in the slot, longer probes stay cheap */
	if (++h->count * 4 <= h->mask * 3)
		return;
	size_t nmask = h->mask * 2 + 1;
	struct pf_slot *ns = xcalloc(nmask + 1, sizeof(*ns));
	for (size_t k = 0; k <= h->mask; k++) {
		struct pf_slot s = h->slots[k];
		if (s.idx1 == 0)
			continue;
		size_t j = s.hash & nmask;
		while (ns[j].idx1 != 0)
			j = (j + 1) & nmask;
		ns[j] = s;
	}
	free(h->slots);
	h->slots = ns;
	h->mask = nmask;
}

static uint64_t func_hash(const struct pf_func *f)
{
	return hash_bytes(f, sizeof(*f));
}
static bool func_eq(const struct profile *p, uint32_t i, const void *key)
{
	return memcmp(&p->funcs.items[i], key, sizeof(struct pf_func)) == 0;
}

static uint64_t frame_hash(const struct pf_frame *f)
{
	uint64_t h = hash_mix((uint64_t)f->func << 32 | f->lib) ^ hash_mix(f->address);
	return h ^ hash_mix((uint64_t)f->line << 40 ^ (uint64_t)f->column << 8 ^ f->flags);
}
static bool frame_eq(const struct profile *p, uint32_t i, const void *key)
{
	const struct pf_frame *a = &p->frames.items[i], *b = key;
	return a->func == b->func && a->lib == b->lib && a->address == b->address && a->line == b->line &&
	       a->column == b->column && a->flags == b->flags;
}

static uint64_t stack_hash(const struct pf_stack *s)
{
	return (uint64_t)s->parent << 32 | s->frame;
}
static bool stack_eq(const struct profile *p, uint32_t i, const void *key)
{
	const struct pf_stack *a = &p->stacks.items[i], *b = key;
	return a->parent == b->parent && a->frame == b->frame;
}

void profile_init(struct profile *p)
{
	memset(p, 0, sizeof(*p));
	strmap_init(&p->strings);
	/* the indexes are made on first use (and again after profile_seal()) */
}

void profile_release(struct profile *p)
{
	strmap_release(&p->strings);
	arena_release(&p->arena);
	vec_free(&p->libs);
	vec_free(&p->funcs);
	vec_free(&p->frames);
	vec_free(&p->stacks);
	vec_free(&p->threads);
	vec_free(&p->info);
	vec_free(&p->warnings);
	free(p->sample_stack);
	free(p->sample_thread);
	for (size_t m = 0; m < PF_MAX_METRICS; m++)
		free(p->sample_values[m]);
	hash_free(p->func_index);
	hash_free(p->frame_index);
	hash_free(p->stack_index);
	memset(p, 0, sizeof(*p));
}

uint32_t profile_intern(struct profile *p, const char *s)
{
	return strmap_intern(&p->strings, s ? s : "");
}

const char *profile_str(const struct profile *p, uint32_t id)
{
	return strmap_str(&p->strings, id);
}

const char *profile_strdup(struct profile *p, const char *s)
{
	return arena_strndup(&p->arena, s, strlen(s));
}

const char *profile_printf(struct profile *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *s = arena_vprintf(&p->arena, fmt, ap);
	va_end(ap);
	return s;
}

size_t profile_add_metric(struct profile *p, const char *name, const char *label, enum pf_unit unit)
{
	if (p->metric_count == PF_MAX_METRICS) {
		fprintf(stderr, "profan: internal error: more than %d metrics\n", PF_MAX_METRICS);
		abort();
	}
	size_t m = p->metric_count++;
	p->metrics[m] = (struct pf_metric){.name = profile_strdup(p, name), .label = profile_strdup(p, label),
					   .unit = unit, .additive = true};
	p->sample_values[m] = xreallocarray(NULL, p->sample_cap ? p->sample_cap : 1, sizeof(int64_t));
	memset(p->sample_values[m], 0, (p->sample_cap ? p->sample_cap : 1) * sizeof(int64_t));
	return m;
}

size_t profile_metric_index(const struct profile *p, const char *name)
{
	for (size_t m = 0; m < p->metric_count; m++)
		if (strcmp(p->metrics[m].name, name) == 0)
			return m;
	return SIZE_MAX;
}

uint32_t profile_add_lib(struct profile *p, const struct pf_lib *lib)
{
	vec_push(&p->libs, *lib);
	return (uint32_t)(p->libs.len - 1);
}

uint32_t profile_add_thread(struct profile *p, const struct pf_thread *t)
{
	vec_push(&p->threads, *t);
	return (uint32_t)(p->threads.len - 1);
}

static uint32_t func_hash_of(const struct profile *p, size_t i)
{
	return hash32(func_hash(&p->funcs.items[i]));
}

static uint32_t frame_hash_of(const struct profile *p, size_t i)
{
	return hash32(frame_hash(&p->frames.items[i]));
}

static uint32_t stack_hash_of(const struct profile *p, size_t i)
{
	return hash32(stack_hash(&p->stacks.items[i]));
}

/* Index the first N items of an array whose items are already unique. */
static struct pf_hash *index_rebuild(const struct profile *p, size_t n, uint32_t (*hash_of)(const struct profile *,
										 size_t))
{
	struct pf_hash *h = hash_new();
	for (size_t i = 0; i < n; i++) {
		uint32_t hv = hash_of(p, i);
		size_t slot = hv & h->mask;
		while (h->slots[slot].idx1 != 0)
			slot = (slot + 1) & h->mask;
		hash_insert(h, slot, (uint32_t)i, hv);
	}
	return h;
}

void profile_seal(struct profile *p)
{
	hash_free(p->func_index);
	hash_free(p->frame_index);
	hash_free(p->stack_index);
	p->func_index = p->frame_index = p->stack_index = NULL;
}

/* The one dedup path behind the three intern functions: find KEY (of SIZE
 * bytes, hash HV) in the table ITEMS/LEN/CAP through INDEX, or append it. */
static uint32_t intern(struct profile *p, struct pf_hash **index, void **items, size_t *len, size_t *cap,
		       size_t size, const void *key, uint32_t hv, hash_eq_fn eq,
		       uint32_t (*hash_of)(const struct profile *, size_t))
{
	if (*index == NULL)
		*index = index_rebuild(p, *len, hash_of);
	size_t slot = 0;
	uint32_t i = hash_find(p, *index, hv, key, eq, &slot);
	if (i != PF_NONE)
		return i;
	vec_grow_(items, cap, size, *len + 1);
	memcpy((char *)*items + *len * size, key, size);
	i = (uint32_t)(*len)++;
	hash_insert(*index, slot, i, hv);
	return i;
}

uint32_t profile_intern_func(struct profile *p, const struct pf_func *f)
{
	/* seven uint32_t: no padding, so func_eq's memcmp compares content */
	return intern(p, &p->func_index, (void **)&p->funcs.items, &p->funcs.len, &p->funcs.cap, sizeof(*f), f,
		      hash32(func_hash(f)), func_eq, func_hash_of);
}

uint32_t profile_intern_frame(struct profile *p, const struct pf_frame *f)
{
	return intern(p, &p->frame_index, (void **)&p->frames.items, &p->frames.len, &p->frames.cap, sizeof(*f), f,
		      hash32(frame_hash(f)), frame_eq, frame_hash_of);
}

uint32_t profile_intern_stack(struct profile *p, uint32_t parent, uint32_t frame)
{
	struct pf_stack key = {.parent = parent, .frame = frame};
	return intern(p, &p->stack_index, (void **)&p->stacks.items, &p->stacks.len, &p->stacks.cap, sizeof(key),
		      &key, hash32(stack_hash(&key)), stack_eq, stack_hash_of);
}

void profile_clear_stacks(struct profile *p)
{
	p->stacks.len = 0;
	hash_free(p->stack_index);
	p->stack_index = NULL;
}

uint32_t profile_func_frame(struct profile *p, uint32_t name, uint32_t file, uint32_t lib, uint32_t line,
			    uint32_t column, uint32_t func_flags)
{
	struct pf_func f = {.name = name, .file = file, .lib = lib, .line = line, .column = column,
			    .flags = func_flags};
	struct pf_frame fr = {.func = profile_intern_func(p, &f), .lib = lib, .address = PF_NO_ADDRESS,
			      .line = line, .column = column};
	return profile_intern_frame(p, &fr);
}

void profile_add_sample(struct profile *p, uint32_t stack, uint32_t thread, const int64_t *values)
{
	if (p->sample_count == p->sample_cap) {
		size_t ncap = p->sample_cap ? p->sample_cap * 2 : 1024;
		p->sample_stack = xreallocarray(p->sample_stack, ncap, sizeof(uint32_t));
		p->sample_thread = xreallocarray(p->sample_thread, ncap, sizeof(uint32_t));
		for (size_t m = 0; m < p->metric_count; m++)
			p->sample_values[m] = xreallocarray(p->sample_values[m], ncap, sizeof(int64_t));
		p->sample_cap = ncap;
	}
	size_t i = p->sample_count++;
	p->sample_stack[i] = stack;
	p->sample_thread[i] = thread;
	for (size_t m = 0; m < p->metric_count; m++)
		p->sample_values[m][i] = values[m];
}

void profile_add_info(struct profile *p, const char *key, const char *value)
{
	struct pf_info in = {.key = profile_strdup(p, key), .value = profile_strdup(p, value)};
	vec_push(&p->info, in);
}

void profile_warn(struct profile *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *s = arena_vprintf(&p->arena, fmt, ap);
	va_end(ap);
	vec_push(&p->warnings, s);
	pf_warn("%s", s);
}

size_t profile_stack_depth(const struct profile *p, uint32_t s)
{
	size_t d = 0;
	for (; s != PF_NONE; s = p->stacks.items[s].parent)
		d++;
	return d;
}

bool profile_metric_sum(const struct profile *p, size_t m, int64_t *sum)
{
	int64_t s = 0;
	const int64_t *v = p->sample_values[m];
	for (size_t i = 0; i < p->sample_count; i++)
		if (v[i] < 0 || __builtin_add_overflow(s, v[i], &s))
			return false;
	*sum = s;
	return true;
}

const char *profile_check(const struct profile *p)
{
	int64_t sum;
	for (size_t m = 0; m < p->metric_count; m++)
		if (!profile_metric_sum(p, m, &sum))
			return "a metric has a negative value or a sum past 2^63 - 1";
	for (size_t i = 0; i < p->funcs.len; i++) {
		const struct pf_func *f = &p->funcs.items[i];
		if (f->name >= p->strings.count || f->file >= p->strings.count)
			return "func string out of range";
		if (f->lib != PF_NONE && f->lib >= p->libs.len)
			return "func lib out of range";
	}
	for (size_t i = 0; i < p->frames.len; i++) {
		const struct pf_frame *f = &p->frames.items[i];
		if (f->func >= p->funcs.len)
			return "frame func out of range";
		if (f->lib != PF_NONE && f->lib >= p->libs.len)
			return "frame lib out of range";
	}
	for (size_t i = 0; i < p->stacks.len; i++) {
		const struct pf_stack *s = &p->stacks.items[i];
		if (s->frame >= p->frames.len)
			return "stack frame out of range";
		if (s->parent != PF_NONE && s->parent >= i)
			return "stack parent not before child";
	}
	for (size_t i = 0; i < p->sample_count; i++) {
		if (p->sample_stack[i] != PF_NONE && p->sample_stack[i] >= p->stacks.len)
			return "sample stack out of range";
		if (p->sample_thread[i] != PF_NONE && p->sample_thread[i] >= p->threads.len)
			return "sample thread out of range";
	}
	return NULL;
}
