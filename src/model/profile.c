/* profile.c: construction of the common profile model (see profile.h).
 * Loaders and the symbolicator build profiles only through these functions,
 * which keep funcs, frames and stack nodes unique. */
#include "profan/profile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/column.h"
#include "profile_test.h"

_Static_assert(sizeof(struct pf_func) == 8 * sizeof(uint32_t), "pf_func must have no padding (func_eq)");

static uint64_t func_hash(const struct pf_func *f)
{
	return hash_bytes(f, sizeof(*f));
}
static bool func_eq(const void *p, uint32_t i, const void *key)
{
	return memcmp(&((const struct profile *)p)->funcs.items[i], key, sizeof(struct pf_func)) == 0;
}
static uint64_t func_hash_of(const struct profile *p, size_t i)
{
	return func_hash(&p->funcs.items[i]);
}

static uint64_t frame_hash(const struct pf_frame *f)
{
	uint64_t h = hash_mix((uint64_t)f->func << 32 | f->lib) ^ hash_mix(f->address);
	h ^= hash_mix((uint64_t)f->line << 40 ^ (uint64_t)f->column << 8 ^ f->flags);
	h = f->file ? h ^ hash_mix((uint64_t)f->file) : h;
	return f->text ? h ^ hash_mix((uint64_t)f->text << 32) : h;
}
static bool frame_eq(const void *p, uint32_t i, const void *key)
{
	const struct pf_frame *a = &((const struct profile *)p)->frames.items[i], *b = key;
	return a->func == b->func && a->lib == b->lib && a->address == b->address && a->line == b->line &&
	       a->column == b->column && a->flags == b->flags && a->file == b->file && a->text == b->text;
}
static uint64_t frame_hash_of(const struct profile *p, size_t i)
{
	return frame_hash(&p->frames.items[i]);
}

static uint64_t stack_hash(const struct pf_stack *s)
{
	return hash_mix((uint64_t)s->parent << 32 | s->frame);
}
static bool stack_eq(const void *nodes, uint32_t i, const void *key)
{
	const struct pf_stack *a = &((const struct pf_stack *)nodes)[i], *b = key;
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
	vec_free(&p->line_ticks);
	vec_free(&p->info);
	vec_free(&p->figures);
	vec_free(&p->warnings);
	col_free(p->sample_stack);
	col_free(p->sample_thread);
	for (size_t m = 0; m < PF_MAX_METRICS; m++)
		col_free(p->sample_values[m]);
	profile_seal(p);
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
	/* a column as long as the others */
	size_t cap = p->sample_cap ? p->sample_cap : 1;
	p->sample_values[m] = memset(col_resize(NULL, cap, sizeof(int64_t)), 0, cap * sizeof(int64_t));
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

typedef uint64_t (*item_hash_fn)(const struct profile *p, size_t i);

/* The index of an array whose first LEN items are unique: hash -> position. */
static void index_rebuild(const struct profile *p, struct htab *index, size_t len, item_hash_fn hash_of)
{
	htab_reserve(index, len);
	for (size_t i = 0; i < len; i++)
		htab_insert(index, hash_of(p, i), (uint32_t)i);
}

static uint64_t stack_hash_of(const struct profile *p, size_t i)
{
	return stack_hash(&p->stacks.items[i]);
}

void profile_release_indexes(struct profile *p)
{
	htab_release(&p->func_index);
	htab_release(&p->frame_index);
	htab_release(&p->stack_index);
	p->indexed = false;
}

void profile_seal(struct profile *p)
{
	profile_release_indexes(p);
}

static void ensure_indexes(struct profile *p)
{
	if (p->indexed)
		return;
	index_rebuild(p, &p->func_index, p->funcs.len, func_hash_of);
	index_rebuild(p, &p->frame_index, p->frames.len, frame_hash_of);
	index_rebuild(p, &p->stack_index, p->stacks.len, stack_hash_of);
	p->indexed = true;
}

/* The one dedup path behind the intern functions: find KEY (of SIZE bytes,
 * hash H) in the table ITEMS/LEN/CAP through INDEX, or append it. */
static uint32_t intern(struct htab *index, void **items, size_t *len, size_t *cap, size_t size,
		       const void *key, uint64_t h, htab_eq_fn eq, const void *ctx)
{
	uint32_t i = htab_intern(index, h, eq, ctx, key, (uint32_t)*len);
	if (i == *len) {
		vec_grow_(items, cap, size, *len + 1);
		memcpy((char *)*items + *len * size, key, size);
		(*len)++;
	}
	return i;
}

void profile_reserve_frames(struct profile *p, size_t funcs, size_t frames)
{
	ensure_indexes(p);
	vec_reserve(&p->funcs, p->funcs.len + funcs);
	vec_reserve(&p->frames, p->frames.len + frames);
	htab_reserve(&p->func_index, p->funcs.len + funcs);
	htab_reserve(&p->frame_index, p->frames.len + frames);
}

void profile_reserve_stacks(struct profile *p, size_t n)
{
	ensure_indexes(p);
	vec_reserve(&p->stacks, p->stacks.len + n);
	htab_reserve(&p->stack_index, p->stacks.len + n);
}

uint32_t profile_intern_func(struct profile *p, const struct pf_func *f)
{
	ensure_indexes(p);
	/* eight uint32_t: no padding, so func_eq's memcmp compares content */
	return intern(&p->func_index, (void **)&p->funcs.items, &p->funcs.len, &p->funcs.cap, sizeof(*f), f,
		      func_hash(f), func_eq, p);
}

uint32_t profile_intern_frame(struct profile *p, const struct pf_frame *f)
{
	ensure_indexes(p);
	return intern(&p->frame_index, (void **)&p->frames.items, &p->frames.len, &p->frames.cap, sizeof(*f), f,
		      frame_hash(f), frame_eq, p);
}

uint32_t profile_intern_stack(struct profile *p, uint32_t parent, uint32_t frame)
{
	ensure_indexes(p);
	struct pf_stack key = {.parent = parent, .frame = frame};
	return intern(&p->stack_index, (void **)&p->stacks.items, &p->stacks.len, &p->stacks.cap, sizeof(key),
		      &key, stack_hash(&key), stack_eq, p->stacks.items);
}

/* Once a node is new, so is every node below it on the path: those are appended without a
 * lookup, their index slots fetched all at once, so that a path's new nodes cost about one
 * overlapped miss each instead of a chain of dependent ones. */
uint32_t profile_intern_path(struct profile *p, uint32_t parent, const uint32_t *frames, size_t n)
{
	ensure_indexes(p);
	uint32_t node = parent;
	size_t k = 0;
	while (k < n) {
		size_t len = p->stacks.len;
		node = profile_intern_stack(p, node, frames[k++]);
		if (node == len)
			break; /* new */
	}
	if (k == n)
		return node;
	struct htab *index = &p->stack_index;
	size_t first = p->stacks.len, tail = n - k;
	vec_reserve(&p->stacks, first + tail);
	if ((index->count + tail + 1) * 4 > (index->mask + 1) * 3)
		htab_reserve(index, index->count + tail + 1);
	for (; k < n; k++) {
		struct pf_stack s = {.parent = node, .frame = frames[k]};
		node = (uint32_t)p->stacks.len++;
		p->stacks.items[node] = s;
		htab_prefetch(index, stack_hash(&s));
	}
	for (size_t i = first; i < p->stacks.len; i++)
		htab_insert(index, stack_hash(&p->stacks.items[i]), (uint32_t)i);
	return node;
}

void stack_table_release(struct pf_stack_table *t)
{
	vec_free(&t->nodes);
	htab_release(&t->index);
}

uint32_t stack_table_intern(struct pf_stack_table *t, uint32_t parent, uint32_t frame)
{
	struct pf_stack key = {.parent = parent, .frame = frame};
	return intern(&t->index, (void **)&t->nodes.items, &t->nodes.len, &t->nodes.cap, sizeof(key), &key,
		      stack_hash(&key), stack_eq, t->nodes.items);
}

void profile_set_stacks(struct profile *p, struct pf_stack_table *t)
{
	vec_free(&p->stacks);
	htab_release(&p->stack_index);
	memcpy(&p->stacks, &t->nodes, sizeof(p->stacks));
	p->stack_index = t->index;
	memset(t, 0, sizeof(*t));
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

size_t profile_count_metric(const struct profile *p)
{
	for (size_t m = 0; m < p->metric_count; m++)
		if (p->metrics[m].counts_samples)
			return m;
	return SIZE_MAX;
}

/* The sample columns are columns (column.h): millions of samples are many MB, whose pages
 * are touched for the first time as the samples come in. */
static void sample_columns_resize(struct profile *p, size_t ncap)
{
	p->sample_stack = col_resize(p->sample_stack, ncap, sizeof(uint32_t));
	p->sample_thread = col_resize(p->sample_thread, ncap, sizeof(uint32_t));
	for (size_t m = 0; m < p->metric_count; m++)
		p->sample_values[m] = col_resize(p->sample_values[m], ncap, sizeof(int64_t));
	p->sample_cap = ncap;
}

void profile_reserve_samples(struct profile *p, size_t n)
{
	if (n > 0 && n > p->sample_cap - p->sample_count)
		sample_columns_resize(p, p->sample_count + n);
}

void profile_add_sample(struct profile *p, uint32_t stack, uint32_t thread, const int64_t *values)
{
	if (p->sample_count == p->sample_cap)
		sample_columns_resize(p, grow_cap(p->sample_cap, p->sample_cap + 1, 1024));
	size_t i = p->sample_count++;
	p->sample_stack[i] = stack;
	p->sample_thread[i] = thread;
	for (size_t m = 0; m < p->metric_count; m++)
		p->sample_values[m][i] = values[m];
}

void profile_add_line_ticks(struct profile *p, uint32_t func, uint32_t line, int64_t ticks)
{
	vec_push(&p->line_ticks, ((struct pf_line_ticks){.func = func, .line = line, .ticks = ticks}));
}

void profile_add_figure(struct profile *p, const char *key, const char *name, int64_t value,
			enum pf_unit unit)
{
	struct pf_figure f = {.key = profile_strdup(p, key), .name = profile_strdup(p, name), .value = value,
			      .unit = unit};
	vec_push(&p->figures, f);
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
		if (f->comp_dir_len > strmap_len(&p->strings, f->file))
			return "func comp_dir_len beyond its file";
	}
	for (size_t i = 0; i < p->frames.len; i++) {
		const struct pf_frame *f = &p->frames.items[i];
		if (f->func >= p->funcs.len)
			return "frame func out of range";
		if (f->lib != PF_NONE && f->lib >= p->libs.len)
			return "frame lib out of range";
		if (f->file >= p->strings.count)
			return "frame file out of range";
	}
	for (size_t i = 0; i < p->line_ticks.len; i++)
		if (p->line_ticks.items[i].func >= p->funcs.len)
			return "line ticks func out of range";
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
