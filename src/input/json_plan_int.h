/* json_plan_int.h: how the JSON layer carries out an ingest plan (json_plan.h); inside src/input/ only. */
#ifndef PROFAN_INPUT_JSON_PLAN_INT_H
#define PROFAN_INPUT_JSON_PLAN_INT_H

#include <stddef.h>

#include "profan/json_plan.h"
#include "profan/jstream.h"

/* The entry of the plans in OPTS whose path is where JS stands (a member's value is due), or
 * NULL. */
const struct jplan_entry *jplan_match(const struct jstream *js, const struct json_parse_opts *opts);
/* Reads the array due in JS into a new column by entry E; NULL when the stream failed. */
struct jcol *jplan_read(struct jstream *js, const struct jplan_entry *e);
void jcol_free(struct jcol *c);

#endif
