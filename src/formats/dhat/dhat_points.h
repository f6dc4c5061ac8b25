/* dhat_points.h: DHAT's program points (`pps`; `aps` in version 1) as the DHAT loader reads
 * them, without the JSON tree's copy of about 570 bytes a point.
 *
 * dhat_divert (below) reads the array from the token stream while the document is parsed.
 * Each point is built as a small tree in a scratch document, its counters and frame indices
 * are copied into the columns below, and the scratch is rewound: the tree of one point at a
 * time, reused and hot in the cache. A point the columns cannot hold (not an object, a
 * counter that is not an integer >= 0, `fs` missing or not an array of integers in
 * [0, 2^31)) keeps its tree, so the loader reads it as before and reports what is wrong in
 * its own order, with the tree readers' own words. */
#ifndef PROFAN_DHAT_POINTS_H
#define PROFAN_DHAT_POINTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/json.h"

/* The counters a program point may have, in every version and mode of the format. */
enum dhat_key {
	DHAT_KEY_TB,
	DHAT_KEY_TBK,
	DHAT_KEY_TL,
	DHAT_KEY_TLI,
	DHAT_KEY_MB,
	DHAT_KEY_MBK,
	DHAT_KEY_GB,
	DHAT_KEY_GBK,
	DHAT_KEY_EB,
	DHAT_KEY_EBK,
	DHAT_KEY_FB,
	DHAT_KEY_FBK,
	DHAT_KEY_RB,
	DHAT_KEY_WB,
	DHAT_KEYS
};

struct dhat_points {
	size_t len;              /* points held: all elements, or up to the first that is no object */
	bool numbers;            /* every element was a number or null: the tree would have packed it */
	bool refused;            /* an element was no object: the loader stops there, so the rest
				  * is only checked by the stream, not kept (a file of numbers stays small) */
	uint16_t *has;           /* per point: bit K set when counter K was there */
	int64_t *value[DHAT_KEYS]; /* per counter, per point (0 when absent); NULL when no point had it */
	uint64_t *fs_at;         /* LEN + 1 offsets: point I's frames are fs[fs_at[I] .. fs_at[I + 1]) */
	uint32_t *fs;            /* ftbl indices as written, innermost first; the loader may rewrite them */
	/* the points kept as trees, in file order */
	size_t odd_len;
	size_t *odd_point;
	const struct json **odd_tree;
	struct json_doc *trees;
	size_t cap, fs_cap, odd_cap;
};

/* The counter KEY names, or -1. */
int dhat_key_of(const char *key);

/* Frees FS and FS_AT, once the loader has made its stacks of them (the biggest columns). */
void dhat_points_drop_stacks(struct dhat_points *pts);

/* The tree of point I when it was kept as one (ODD_NEXT: a cursor over the kept points,
 * starting at 0, for a pass in file order), or NULL. */
const struct json *dhat_points_tree(const struct dhat_points *pts, size_t i, size_t *odd_next);

/* Reads the top-level "pps" (version 1: "aps") from the token stream into compact columns. */
extern const struct json_divert dhat_divert;

#endif
