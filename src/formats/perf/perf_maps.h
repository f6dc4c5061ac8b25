/* perf_maps.h: one process's executable mappings as MMAP records leave them (perf_maps.c):
 * sorted, without overlaps (a new map replaces what it covers), found by address. */
#ifndef PROFAN_PERF_MAPS_H
#define PROFAN_PERF_MAPS_H

#include <stdint.h>

#include "profan/alloc.h"

struct perf_map {
	uint64_t start, end, pgoff;
	uint32_t lib;
};

struct perf_maps {
	VEC(struct perf_map) m;
	uint64_t gen; /* changes with every change of the maps */
};

void perf_maps_add(struct perf_maps *ms, uint64_t start, uint64_t end, uint64_t pgoff, uint32_t lib);
const struct perf_map *perf_maps_find(const struct perf_maps *ms, uint64_t addr);
void perf_maps_copy(struct perf_maps *dst, const struct perf_maps *src);
void perf_maps_clear(struct perf_maps *ms);
void perf_maps_release(struct perf_maps *ms);

#endif
