/* match.c: which functions a user's regex (regex.h) names, function display
 * labels and the shared helpers for opening and closing export files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline_int.h"
#include "profan/regex.h"

const char *pl_func_label(const struct profile *p, uint32_t func)
{
	const char *name = profile_func_name(p, func);
	return *name ? name : "(anonymous)";
}

uint32_t *pl_func_keys(struct strmap *names, const struct profile *p)
{
	uint32_t *keys = xreallocarray(NULL, p->funcs.len + 1, sizeof(*keys));
	uint32_t *lib_id = xreallocarray(NULL, p->libs.len + 1, sizeof(*lib_id));
	uint32_t *file_id = xreallocarray(NULL, p->strings.count + 1, sizeof(*file_id));
	memset(file_id, 0xff, (p->strings.count + 1) * sizeof(*file_id));
	for (size_t l = 0; l < p->libs.len; l++) {
		uint32_t s = p->libs.items[l].name;
		lib_id[l] = strmap_intern_len(names, profile_str(p, s), strmap_len(&p->strings, s));
	}
	lib_id[p->libs.len] = 0; /* no library: "" */
	for (size_t f = 0; f < p->funcs.len; f++) {
		const struct pf_func *fn = &p->funcs.items[f];
		if (file_id[fn->file] == UINT32_MAX)
			file_id[fn->file] = strmap_intern_len(names, profile_str(p, fn->file),
							      strmap_len(&p->strings, fn->file));
		uint32_t lib = lib_id[fn->lib < p->libs.len ? fn->lib : p->libs.len];
		char *key = xasprintf("%s\x1f%u\x1f%u\x1f%u:%u", pl_func_label(p, (uint32_t)f), file_id[fn->file], lib,
				      fn->line, fn->column);
		keys[f] = strmap_intern(names, key);
		free(key);
	}
	free(lib_id);
	free(file_id);
	return keys;
}

bool *pl_match_funcs(const struct profile *p, const struct regex *re, size_t *match_count)
{
	bool *m = xcalloc(p->funcs.len + 1, sizeof(*m));
	size_t n = 0;
	char err[256];
	for (size_t f = 0; f < p->funcs.len; f++) {
		const char *label = pl_func_label(p, (uint32_t)f);
		int hit = regex_match(re, label, strlen(label), err, sizeof(err));
		if (hit < 0) {
			pf_error("%s", err);
			free(m);
			return NULL;
		}
		m[f] = hit;
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
