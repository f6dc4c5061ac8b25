/* match.c: the pipeline's regex matching (pcre2, so users get the syntax they
 * know from perl and grep -P), function display labels and the shared helpers
 * for opening and closing export files. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline_int.h"

struct pl_regex {
	pcre2_code *code;
	pcre2_match_data *md;
};

struct pl_regex *pl_regex_compile(const char *pattern, char *err, size_t errcap)
{
	int code;
	PCRE2_SIZE off;
	/* no UTF mode: names come from binaries and may hold any bytes */
	pcre2_code *c = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &code, &off, NULL);
	if (c == NULL) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(code, msg, sizeof(msg));
		snprintf(err, errcap, "%s at offset %zu", (const char *)msg, (size_t)off);
		return NULL;
	}
	pcre2_jit_compile(c, PCRE2_JIT_COMPLETE); /* a speed-up only: matching works without it */
	struct pl_regex *re = xcalloc(1, sizeof(*re));
	re->code = c;
	re->md = pcre2_match_data_create_from_pattern(c, NULL);
	return re;
}

bool pl_regex_match(const struct pl_regex *re, const char *s, size_t len)
{
	return pcre2_match(re->code, (PCRE2_SPTR)s, len, 0, 0, re->md, NULL) >= 0;
}

void pl_regex_free(struct pl_regex *re)
{
	if (re == NULL)
		return;
	pcre2_match_data_free(re->md);
	pcre2_code_free(re->code);
	free(re);
}

const char *pl_func_label(const struct profile *p, uint32_t func)
{
	const char *name = profile_func_name(p, func);
	return *name ? name : "(anonymous)";
}

bool *pl_match_funcs(const struct profile *p, const struct pl_regex *re, size_t *match_count)
{
	bool *m = xcalloc(p->funcs.len + 1, sizeof(*m));
	size_t n = 0;
	for (size_t f = 0; f < p->funcs.len; f++) {
		const char *label = pl_func_label(p, (uint32_t)f);
		m[f] = pl_regex_match(re, label, strlen(label));
		n += m[f];
	}
	if (match_count)
		*match_count = n;
	return m;
}

FILE *pl_open_output(const char *path, const char *what)
{
	if (strcmp(path, "-") == 0) {
		pf_error("%s: cannot go to standard output, which carries the report; give a file name",
			 what);
		return NULL;
	}
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		pf_error("%s: cannot write: %s", path, strerror(errno));
	return f;
}

int pl_close_output(FILE *f, const char *path)
{
	int bad = fflush(f) != 0 || ferror(f);
	int saved = errno;
	if (fclose(f) != 0 && !bad)
		bad = 1, saved = errno;
	if (bad) {
		pf_error("%s: write error: %s", path, strerror(saved ? saved : EIO));
		return -1;
	}
	return 0;
}

int64_t pl_median(int64_t *v, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 1; i < n; i++) /* n is the number of input files: insertion sort is plenty */
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			int64_t x = v[j];
			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return n % 2 ? v[n / 2] : v[n / 2 - 1] + (v[n / 2] - v[n / 2 - 1]) / 2;
}

size_t pl_utf8_clean(char *s, size_t len)
{
	size_t fixed = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		size_t n = c < 0x80                 ? 1
			   : c >= 0xc2 && c <= 0xdf ? 2
			   : (c & 0xf0) == 0xe0     ? 3
			   : c >= 0xf0 && c <= 0xf4 ? 4
						    : 0;
		bool ok = n > 0 && i + n <= len;
		for (size_t k = 1; ok && k < n; k++)
			ok = ((unsigned char)s[i + k] & 0xc0) == 0x80;
		if (!ok) {
			s[i++] = '?';
			fixed++;
			continue;
		}
		i += n;
	}
	return fixed;
}
