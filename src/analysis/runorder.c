/* runorder.c: the order of a comparison's runs and the ABBA rule (runorder.h). */
#include "profan/runorder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"

char *runorder_parse(const char *text, size_t nb, size_t nn, char *err, size_t errlen)
{
	size_t len = strlen(text), count[2] = {0, 0}, k = 0;
	char *out = xmalloc(len + 1);
	for (const char *s = text; *s; s++) {
		if (*s == ' ' || *s == ',' || *s == '-' || *s == '/')
			continue;
		if (*s != 'A' && *s != 'a' && *s != 'B' && *s != 'b') {
			snprintf(err, errlen, "letters A (a base run) and B (a new run) in the order they were made, "
					      "not '%c'", *s);
			free(out);
			return NULL;
		}
		out[k] = (char)(*s == 'a' || *s == 'A' ? 'A' : 'B');
		count[out[k++] == 'B']++;
	}
	out[k] = '\0';
	if (count[0] != nb || count[1] != nn) {
		snprintf(err, errlen,
			 "one letter per run: %zu A and %zu B for %zu base and %zu new runs, not %zu and %zu", nb, nn,
			 nb, nn, count[0], count[1]);
		free(out);
		return NULL;
	}
	return out;
}

/* N digits at S, as a number; -1 if any is not a digit. */
static int digits(const char *s, int n)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* A date and time at S: YYYY MM DD, a separator or none, hh mm ss, each part
 * optionally after one of - . _ : T. Returns the characters read, 0 if none. */
static size_t date_time_at(const char *s, int64_t *when)
{
	static const int widths[6] = {4, 2, 2, 2, 2, 2};
	int part[6];
	const char *p = s;
	for (int i = 0; i < 6; i++) {
		if (i > 0 && *p && strchr("-._:T ", *p) && p[1] >= '0' && p[1] <= '9')
			p++;
		if ((part[i] = digits(p, widths[i])) < 0)
			return 0;
		p += widths[i];
	}
	if (*p >= '0' && *p <= '9')
		return 0; /* part of a longer number */
	if (part[0] < 1970 || part[1] < 1 || part[1] > 12 || part[2] < 1 || part[2] > 31 || part[3] > 23 ||
	    part[4] > 59 || part[5] > 60)
		return 0;
	*when = 0;
	for (int i = 0; i < 6; i++)
		*when = *when * (i == 0 ? 1 : 100) + part[i];
	return (size_t)(p - s);
}

bool runorder_time_in_name(const char *path, int64_t *when)
{
	const char *name = strrchr(path, '/');
	name = name ? name + 1 : path;
	for (const char *s = name; *s; s++) {
		if (s > name && s[-1] >= '0' && s[-1] <= '9')
			continue; /* starts a number, not inside one */
		if (date_time_at(s, when))
			return true;
	}
	return false;
}

struct timed {
	int64_t when;
	char arm;
};

static int timed_cmp(const void *a, const void *b)
{
	const struct timed *x = a, *y = b;
	return x->when < y->when ? -1 : x->when > y->when;
}

char *runorder_from_times(const int64_t *when, const bool *known, size_t nb, size_t nn, int64_t min_gap)
{
	size_t n = nb + nn;
	struct timed *t = xcalloc(n + 1, sizeof(*t));
	for (size_t i = 0; i < n; i++) {
		if (!known[i]) {
			free(t);
			return NULL;
		}
		t[i] = (struct timed){when[i], i < nb ? 'A' : 'B'};
	}
	qsort(t, n, sizeof(*t), timed_cmp);
	char *out = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && t[i].when - t[i - 1].when < (min_gap > 0 ? min_gap : 1)) { /* copies, not runs */
			free(out);
			free(t);
			return NULL;
		}
		out[i] = t[i].arm;
	}
	out[n] = '\0';
	free(t);
	return out;
}

char runorder_always_first(const char *order)
{
	size_t n = strlen(order), pairs = 0, first[2] = {0, 0};
	size_t *pos[2];
	size_t count[2] = {0, 0};
	pos[0] = xcalloc(n + 1, sizeof(size_t));
	pos[1] = xcalloc(n + 1, sizeof(size_t));
	for (size_t i = 0; i < n; i++) {
		int arm = order[i] == 'B';
		pos[arm][count[arm]++] = i;
	}
	for (size_t i = 0; i < count[0] && i < count[1]; i++, pairs++)
		first[pos[1][i] < pos[0][i]]++;
	free(pos[0]);
	free(pos[1]);
	if (pairs < 2)
		return 0;
	return first[0] == pairs ? 'A' : first[1] == pairs ? 'B' : 0;
}
