/* perfile.h: per input file shares of merged runs (src/analysis/perfile.c), a view of common_views.c. */
#ifndef PROFAN_ANALYSIS_PERFILE_H
#define PROFAN_ANALYSIS_PERFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/profile.h"
#include "profan/report.h"

/* With several inputs merged (profile_merge): each function's self and
 * inclusive share per input file, median, min and max, for the samples whose
 * KEEP flag is set (NULL: all). */
void perfile_tables(struct report *r, const struct profile *p, size_t metric, const bool *keep);

#endif
