/* render.h: the last stage: a report (report.h) printed for people or scripts.
 *
 * Text: "=== title ===" then rows "  12.34%   56.78 ms  name  detail", colored and
 * shortened to the terminal's width when asked. JSON: the same numbers unrounded
 * (schema in README.md). Both cut ranked tables to TOP rows here, and only here. */
#ifndef PROFAN_RENDER_H
#define PROFAN_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profan/report.h"

struct render_opts {
	size_t top;  /* rows per ranked table; 0 shows all */
	bool color;  /* ANSI color */
	int width;   /* shorten long names to this many columns; 0: never (pipes and files) */
	/* the report shows on the terminal that stderr already showed the warnings on:
	 * the text header leaves them out, so each is read once (JSON keeps them) */
	bool skip_warnings;
};

/* Both return 0, or -1 if writing failed (the caller reports it). */
int render_text(FILE *out, const struct report *r, const struct render_opts *o);
int render_json(FILE *out, const struct report *r, const struct render_opts *o);

#endif
