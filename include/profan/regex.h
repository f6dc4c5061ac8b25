/* regex.h: the regular expressions users type (--where, --not, --ours, ...), backed by pcre2.
 *
 * Syntax is Perl/JavaScript style, UTF-8 aware, and tolerant of subjects that
 * are not valid UTF-8 (symbol names are raw bytes). A pattern that does not
 * compile yields a message naming the problem and its offset, which callers
 * turn into a usage error. */
#ifndef PROFAN_REGEX_H
#define PROFAN_REGEX_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/diag.h"

struct regex;

/* Compiles PATTERN. On failure returns NULL and writes, e.g.,
 * "bad regex 'a(b': missing closing parenthesis at offset 3" into ERR. */
struct regex *regex_compile(const char *pattern, char *err, size_t errcap);
void regex_free(struct regex *re);
const char *regex_pattern(const struct regex *re);

/* 1 when RE matches somewhere in S[0..LEN), 0 when not, -1 when pcre2 gave up
 * (match or depth limit: a pathological pattern), with the reason in ERR. */
int regex_match(const struct regex *re, const char *s, size_t len, char *err, size_t errcap);

/* Several patterns from repeated options (--where A --where B). */
struct regex_list {
	VEC(struct regex *) res;
};

/* Compiles and appends PATTERN; returns -1 with ERR filled on failure. */
int regex_list_add(struct regex_list *l, const char *pattern, char *err, size_t errcap);
void regex_list_free(struct regex_list *l);
/* 1 when some (any) or every (all) pattern matches, 0 when not, -1 on a pcre2 failure. An
 * empty list matches nothing for _any and everything for _all. */
int regex_list_any(const struct regex_list *l, const char *s, size_t len, char *err, size_t errcap);
int regex_list_all(const struct regex_list *l, const char *s, size_t len, char *err, size_t errcap);

#endif
