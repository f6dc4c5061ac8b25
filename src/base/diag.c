/* diag.c: error and warning lines on stderr, and allocation that cannot fail. */
#include "profan/diag.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/progress.h"

static bool quiet, color;

void pf_set_color(bool c)
{
	color = c;
}

void pf_set_quiet(bool q)
{
	quiet = q;
}

static void emit(const char *prefix, const char *sgr, const char *fmt, va_list ap)
{
	progress_clear();
	fflush(stdout);
	if (color)
		fprintf(stderr, "\033[%sm%s\033[0m", sgr, prefix);
	else
		fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
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
