/* diag.c: error and warning lines on stderr, one line each, quoted input escaped. */
#include "profan/diag.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/progress.h"
#include "profan/text.h"
#include "diag_test.h"
#include "progress_int.h"

static bool quiet, color, verbose;
static FILE *output; /* NULL: stderr */

void pf_set_color(bool c)
{
	color = c;
}

void pf_set_quiet(bool q)
{
	quiet = q;
}

void pf_set_verbose(bool v)
{
	verbose = v;
}

void pf_set_output(FILE *f)
{
	output = f;
}

static _Thread_local bool *held;

bool *pf_hold_lines(bool *said)
{
	bool *was = held;
	held = said;
	return was;
}

/* One line whatever the message quotes: a key or a path from the input can hold a
 * line break (which would start a forged "profan:" line) or an escape sequence,
 * so control characters and bytes that are not UTF-8 are shown as \xNN; and one
 * of bounded length: past DIAG_MAX_BYTES its middle is cut ("…"), keeping where it
 * starts (the file) and how it ends (what is wrong). */
static void emit(const char *prefix, const char *sgr, const char *fmt, va_list ap)
{
	if (held != NULL) {
		*held = true;
		return;
	}
	char buf[1024], *heap = NULL;
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	const char *msg = buf;
	if (n < 0) {
		msg = "(unprintable message)";
		n = (int)strlen(msg);
	} else if ((size_t)n >= sizeof(buf)) {
		heap = xmalloc((size_t)n + 1);
		vsnprintf(heap, (size_t)n + 1, fmt, aq);
		msg = heap;
	}
	va_end(aq);
	if ((size_t)n > DIAG_MAX_BYTES) { /* a 4 MiB library name quoted twice made an 8 MB line */
		char *cut = text_shorten(msg, (size_t)n, DIAG_MAX_BYTES);
		free(heap);
		msg = heap = cut;
		n = (int)strlen(cut);
	}
	char *escaped = text_needs_escape(msg, (size_t)n) ? text_escape(msg, (size_t)n) : NULL;
	FILE *out = output ? output : stderr;
	progress_clear();
	fflush(stdout);
	if (color)
		fprintf(out, "\033[%sm%s\033[0m", sgr, prefix);
	else
		fputs(prefix, out);
	fputs(escaped ? escaped : msg, out);
	fputc('\n', out);
	free(escaped);
	free(heap);
}

void pf_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit("profan: ", "1;31", fmt, ap);
	va_end(ap);
}

void pf_warn(const char *fmt, ...)
{
	if (quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	emit("profan: warning: ", "1;33", fmt, ap);
	va_end(ap);
}

void pf_note(const char *fmt, ...)
{
	if (!verbose)
		return;
	va_list ap;
	va_start(ap, fmt);
	emit("profan: ", "2", fmt, ap);
	va_end(ap);
}
