/* json_plan_int.h: how the JSON layer carries out an ingest plan (json_plan.h); inside src/input/ only. */
#ifndef PROFAN_INPUT_JSON_PLAN_INT_H
#define PROFAN_INPUT_JSON_PLAN_INT_H

#include <stddef.h>

#include "profan/json_plan.h"
#include "profan/jstream.h"

/* The entry of the plans in OPTS whose path is where JS stands (a member's value is due), or
 * NULL. */
const struct jplan_entry *jplan_match(const struct jstream *js, const struct json_parse_opts *opts);
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
