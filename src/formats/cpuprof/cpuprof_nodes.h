/* cpuprof_nodes.h: a .cpuprofile's "nodes" array as the cpuprof loader reads it, without the
 * JSON tree's copy.
 *
 * cpuprof_divert (below) reads `nodes` (and `profile.nodes`) from the token stream while
 * the document is parsed and leaves a stub in the tree. Each element is built as a small tree
 * in a side document; a node the loader will accept is copied into the compact columns below
 * and its tree forgotten, so the scratch is reused. A node the loader will complain about (or
 * might: the test here is stricter than the loader) keeps its tree, and the loader reads it
 * with today's jr_* code, which prints today's error line in today's order. After the first
 * element the loader stops at (not an object, no integer id, ...) the rest is only checked
 * by the stream. Nothing is reported while reading. */
#ifndef PROFAN_CPUPROF_NODES_H
#define PROFAN_CPUPROF_NODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/alloc.h"
#include "profan/json.h"
#include "profan/strmap.h"

#define CPN_NO_ID INT64_MIN

struct cpn_node {
	int64_t id, parent;      /* parent: CPN_NO_ID when absent or null */
	const struct json *tree; /* the element as a tree in cpn.side when the loader reads that, or NULL */
	uint32_t name, url;      /* callFrame.functionName and .url: ids in cpn.strings ("" when absent) */
	int32_t line, col;       /* callFrame.lineNumber and .columnNumber, -1 when absent */
	int32_t hits;            /* hitCount, -1 when absent */
	bool has_ticks;          /* positionTicks is there (and not null), perhaps empty */
	uint32_t kids, nkids;    /* children: cpn.kid_ids[kids .. kids + nkids) */
	uint32_t ticks, nticks;  /* positionTicks: (line, ticks) pairs at cpn.ticks[2 * ticks ..) */
};

struct cpn {
	char *path; /* the array's JSON path: "nodes", "profile.nodes" */
	VEC(struct cpn_node) nodes; /* the elements up to the first the loader stops at */
	VEC(int64_t) kid_ids;
	VEC(int32_t) ticks;
	struct strmap strings;
	struct json_doc *side;
	const char *seen[12]; /* the stream's text of each key the reader looks for, once met */
	/* Element 0 is a null and the array holds only numbers and nulls: the tree would have
	 * packed it, and the loader says "got null" (not "got a null"). */
	bool packed_null;
};

/* The nodes that array ARR of the tree stands for when cpuprof_divert read it, or NULL. */
const struct cpn *cpn_of(const struct json *arr);

/* Reads a .cpuprofile's nodes (and a Profiler.stop result's profile.nodes) straight from the
 * token stream while the document is parsed (json_parse_opts.divert): the tree keeps a stub,
 * not a dozen nodes per V8 node. cpuprof_load() reads documents parsed with or without it alike. */
extern const struct json_divert cpuprof_divert;

#endif
