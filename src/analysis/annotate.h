/* annotate.h: --annotate RE: where inside the hottest matching functions the
 * time or the bytes go, line by line, beside the source (like pprof's list).
 *
 * Each listed function's rows add up exactly to its own figures (its self and
 * total in the format's tables); how a line gets its share depends on what the
 * format records (enum annotate_mode in analysis.h). Only lines with a cost are
 * shown, with a few lines of context when the source file is found
 * (source_text.h); otherwise the line numbers and costs alone, and where it
 * looked. See docs/annotate.md. */
#ifndef PROFAN_ANNOTATE_H
#define PROFAN_ANNOTATE_H

#include "profan/analysis.h"

/* Lines of source shown around each line with a cost. */
#define ANNOTATE_CONTEXT 3

/* Adds a header line and one listing per function (O->annotate.functions of
 * the hottest; all for 0) for metric C->metric over the samples C->keep
 * selects. Warns in the report when the matching functions have no cost in the
 * selection. Returns 0, or -1 after one error line naming the closest functions
 * when the pattern matches none (exit 1, as pprof's list). A listing of a function the
 * program's by OWN's evidence (ownership_is_program; OWN may be NULL) is highlighted. */
int annotate_views(const struct profan_opts *o, const struct profile *p, const struct ownership *own,
		   const struct view_choice *c, struct report *r);

#endif
