/* yours_int.h: the display rule of a function that every table and tree of the analysis stage
 * uses (src/analysis/yours.c), besides its contract (yours.h). */
#ifndef PROFAN_ANALYSIS_YOURS_INT_H
#define PROFAN_ANALYSIS_YOURS_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "profan/yours.h"

/* The one display rule of a function in every view (tables, trees, diff rows): returns its name
 * (report_func_name's), *DETAIL where it is ("src/main.rs:7": the file shortened as
 * ownership_shown_file() does unless FULL_PATHS; "[prog]" for a function of yours without a
 * file) and *LABEL whose code it is (yours_label; without OWN, the library's "[libc.so.6]").
 * Either may be NULL; strings live in R. */
const char *yours_describe(struct report *r, const struct profile *p, const struct ownership *own, uint32_t func,
			   bool full_paths, const char **detail, const char **label);

#endif
