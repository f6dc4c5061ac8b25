/* json_plan_int.h: how the JSON layer carries out an ingest plan (json_plan.h); inside src/input/ only. */
#ifndef PROFAN_INPUT_JSON_PLAN_INT_H
#define PROFAN_INPUT_JSON_PLAN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "profan/json_plan.h"
#include "profan/jstream.h"

/* The plans' entries are numbered across OPTS->plan in order; a set of them is a bit mask
 * ("live": the entries whose paths lead through the containers open at a place). The set at
 * the root of a document: every entry. */
uint32_t jplan_all(const struct json_parse_opts *opts);
/* Of LIVE, the entry whose path is where JS stands (a value is due), or NULL. */
const struct jplan_entry *jplan_match(const struct jstream *js, const struct json_parse_opts *opts, uint32_t live);
/* Of LIVE, the entries whose paths lead into the value due in JS (a container about to be entered). */
uint32_t jplan_enter(const struct jstream *js, const struct json_parse_opts *opts, uint32_t live);
/* What a plan read of one array: a column, or (JPLAN_ROWS) rows. */
struct jplan_value {
	struct jcol *col;
	struct jrows *rows;
	size_t len; /* the array's elements */
};
/* Reads the array due in JS by entry E into *OUT; -1 when the stream failed (nothing kept). */
int jplan_read(struct jstream *js, const struct jplan_entry *e, struct jplan_value *out);
void jplan_value_free(struct jplan_value *v);

#endif
