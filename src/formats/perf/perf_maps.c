/* perf_maps.c: a process's mappings (perf_maps.h), kept sorted and disjoint so that an
 * address is found by binary search; a new mapping cuts the ones it overlaps, as mmap does. */
#include "perf_maps.h"

#include <string.h>

/* Index of the first map whose end is above ADDR. */
static size_t first_after(const struct perf_maps *ms, uint64_t addr)
{
	size_t lo = 0, hi = ms->m.len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ms->m.items[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void insert_at(struct perf_maps *ms, size_t i, struct perf_map m)
{
	vec_reserve(&ms->m, ms->m.len + 1);
	memmove(ms->m.items + i + 1, ms->m.items + i, (ms->m.len - i) * sizeof(m));
	ms->m.items[i] = m;
	ms->m.len++;
}

void perf_maps_add(struct perf_maps *ms, uint64_t start, uint64_t end, uint64_t pgoff, uint32_t lib)
{
	size_t i = first_after(ms, start);
	/* cut the maps that overlap [start, end) */
	while (i < ms->m.len && ms->m.items[i].start < end) {
		struct perf_map *o = &ms->m.items[i];
		if (o->start < start) {
			struct perf_map tail = *o;
			o->end = start;
			i++;
			if (tail.end > end) { /* the new map lies inside the old one: keep its tail */
				tail.pgoff += end - tail.start;
				tail.start = end;
				insert_at(ms, i, tail);
				break;
			}
			continue;
		}
		if (o->end > end) { /* the old map's head is covered */
			o->pgoff += end - o->start;
			o->start = end;
			break;
		}
		memmove(o, o + 1, (ms->m.len - i - 1) * sizeof(*o));
		ms->m.len--;
	}
	insert_at(ms, first_after(ms, start), (struct perf_map){start, end, pgoff, lib});
	ms->gen++;
}

const struct perf_map *perf_maps_find(const struct perf_maps *ms, uint64_t addr)
{
	size_t i = first_after(ms, addr);
	return i < ms->m.len && ms->m.items[i].start <= addr ? &ms->m.items[i] : NULL;
}

void perf_maps_copy(struct perf_maps *dst, const struct perf_maps *src)
{
	dst->m.len = 0;
	vec_reserve(&dst->m, src->m.len);
	if (src->m.len)
		memcpy(dst->m.items, src->m.items, src->m.len * sizeof(*src->m.items));
	dst->m.len = src->m.len;
	dst->gen++;
}

void perf_maps_clear(struct perf_maps *ms)
{
	ms->m.len = 0;
	ms->gen++;
}

void perf_maps_release(struct perf_maps *ms)
{
	vec_free(&ms->m);
}
