/* diag.h: exit codes and the one-line error format (and, through alloc.h,
 * checked allocation and growable arrays, which every file needs).
 *
 * Every message goes to stderr as one line: "profan: FILE: where: what". What a
 * message quotes from the input is escaped on the way out (text.h), so a line
 * break or an escape sequence in a key or a path cannot split or forge lines.
 * Nothing outside main() exits; functions that fail print one line with
 * pf_error() and return a failure value that callers pass up. */
#ifndef PROFAN_DIAG_H
#define PROFAN_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profan/alloc.h"

enum pf_exit {
	PF_EXIT_OK = 0,
	PF_EXIT_FAIL = 1,  /* input unreadable or malformed, or output write failed */
	PF_EXIT_USAGE = 2, /* bad command line; the message says what to change */
};

/* "profan: <msg>\n" on stderr. */
void pf_error(const char *fmt, ...) PF_PRINTF(1, 2);
/* "profan: warning: <msg>\n" on stderr, unless warnings are silenced. */
/* A diagnostic longer than this shows its start and end around "…" (text_shorten). */
#define DIAG_MAX_BYTES 4096
void pf_warn(const char *fmt, ...) PF_PRINTF(1, 2);
void pf_set_quiet(bool quiet);
/* "profan: <msg>\n" on stderr when -v/--verbose asked for the details. */
void pf_note(const char *fmt, ...) PF_PRINTF(1, 2);
void pf_set_verbose(bool verbose);
/* Color the "warning:" and "error" prefixes (the CLI decides: stderr is a terminal). */
void pf_set_color(bool color);
/* On the calling thread only: lines are not printed but *SAID is set when one would have
 * been (NULL: print again). For work done ahead on another thread, which is redone where
 * it belongs when it had something to say, so lines keep their order. Returns the hold it
 * replaces, to be put back after (a helper thread's lines are held from its start: task.h). */
bool *pf_hold_lines(bool *said);

#endif
