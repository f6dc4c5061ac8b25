/* regex.c: a thin pcre2 wrapper for the patterns users type on the command line.
 *
 * Patterns are compiled once with JIT when available (filters run once per
 * distinct frame, possibly a million times) and keep their own match data,
 * so matching allocates nothing. Not thread-safe, like the rest of profan. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "profan/regex.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct regex {
	char *pattern;
	pcre2_code *code;
	pcre2_match_data *md;
};

struct regex *regex_compile(const char *pattern, char *err, size_t errcap)
{
	int code_err = 0;
	PCRE2_SIZE off = 0;
	/* MATCH_INVALID_UTF: frame text is raw bytes and may not be UTF-8; without it
	 * such a subject would be an error instead of simply not matching there. */
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
					 PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code_err, &off, NULL);
	if (code == NULL) {
		PCRE2_UCHAR msg[256];
		if (pcre2_get_error_message(code_err, msg, sizeof(msg)) < 0)
			snprintf((char *)msg, sizeof(msg), "pcre2 error %d", code_err);
		snprintf(err, errcap, "bad regex '%s': %s at offset %zu", pattern, (const char *)msg,
			 (size_t)off);
		return NULL;
	}
	(void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* best effort: the interpreter still works */
	struct regex *re = xcalloc(1, sizeof(*re));
	re->pattern = xstrdup(pattern);
	re->code = code;
	re->md = pcre2_match_data_create_from_pattern(code, NULL);
	if (re->md == NULL) {
		fprintf(stderr, "profan: out of memory (pcre2 match data)\n");
		abort();
	}
	return re;
}

void regex_free(struct regex *re)
{
	if (re == NULL)
		return;
	pcre2_match_data_free(re->md);
	pcre2_code_free(re->code);
	free(re->pattern);
	free(re);
}

const char *regex_pattern(const struct regex *re)
{
	return re->pattern;
}

int regex_match(const struct regex *re, const char *s, size_t len, char *err, size_t errcap)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)(s ? s : ""), s ? len : 0, 0, 0, re->md, NULL);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	PCRE2_UCHAR msg[256];
	if (pcre2_get_error_message(rc, msg, sizeof(msg)) < 0)
		snprintf((char *)msg, sizeof(msg), "pcre2 error %d", rc);
	snprintf(err, errcap, "regex '%s': %s", re->pattern, (const char *)msg);
	return -1;
}

int regex_list_add(struct regex_list *l, const char *pattern, char *err, size_t errcap)
{
	struct regex *re = regex_compile(pattern, err, errcap);
	if (re == NULL)
		return -1;
	vec_push(&l->res, re);
	return 0;
}

void regex_list_free(struct regex_list *l)
{
	for (size_t i = 0; i < l->res.len; i++)
		regex_free(l->res.items[i]);
	vec_free(&l->res);
}

int regex_list_any(const struct regex_list *l, const char *s, size_t len, char *err, size_t errcap)
{
	for (size_t i = 0; i < l->res.len; i++) {
		int rc = regex_match(l->res.items[i], s, len, err, errcap);
		if (rc != 0)
			return rc;
	}
	return 0;
}

int regex_list_all(const struct regex_list *l, const char *s, size_t len, char *err, size_t errcap)
{
	for (size_t i = 0; i < l->res.len; i++) {
		int rc = regex_match(l->res.items[i], s, len, err, errcap);
		if (rc != 1)
			return rc;
	}
	return 1;
}
