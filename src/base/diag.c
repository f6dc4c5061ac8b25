/* diag.c: error and warning lines on stderr, and allocation that cannot fail. */
#include "profan/diag.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/progress.h"
#include "profan/text.h"

static bool quiet, color;
static FILE *output; /* NULL: stderr */

void pf_set_color(bool c)
{
	color = c;
}

void pf_set_quiet(bool q)
{
	quiet = q;
}

void pf_set_output(FILE *f)
{
	output = f;
}

/* One line whatever the message quotes: a key or a path from the input can hold a
 * line break (which would start a forged "profan:" line) or an escape sequence,
 * so control characters and bytes that are not UTF-8 are shown as \xNN. */
static void emit(const char *prefix, const char *sgr, const char *fmt, va_list ap)
{
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

static void *check(void *p, size_t size)
{
	if (p == NULL && size != 0) {
		fprintf(stderr, "profan: out of memory (allocating %zu bytes)\n", size);
		abort();
	}
	return p;
}

void *xmalloc(size_t size)
{
	return check(malloc(size ? size : 1), size);
}

void *xcalloc(size_t count, size_t size)
{
	return check(calloc(count ? count : 1, size ? size : 1), count * size);
}

void *xrealloc(void *ptr, size_t size)
{
	return check(realloc(ptr, size ? size : 1), size);
}

void *xreallocarray(void *ptr, size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size) {
		fprintf(stderr, "profan: out of memory (%zu × %zu bytes)\n", count, size);
		abort();
	}
	return xrealloc(ptr, count * size);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t len)
{
	char *d = xmalloc(len + 1);
	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(s, (size_t)n + 1, fmt, aq);
	va_end(aq);
	return s;
}

void vec_grow_(void **items, size_t *cap, size_t elem_size, size_t need)
{
	if (need <= *cap)
		return;
	size_t n = *cap ? *cap : 8;
	while (n < need)
		n = n > SIZE_MAX / 2 ? need : n * 2;
	*items = xreallocarray(*items, n, elem_size);
	*cap = n;
}
