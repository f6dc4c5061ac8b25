/* match.c: which functions a user's regex (regex.h) names, and function
 * display labels (match.h). */
#include "profan/match.h"

#include <stdlib.h>
#include <string.h>

const char *func_label(const struct profile *p, uint32_t func)
{
	const char *name = profile_func_name(p, func);
	return *name ? name : "(anonymous)";
}

uint32_t *func_identity_keys(struct strmap *names, const struct profile *p)
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
		char *key = xasprintf("%s\x1f%u\x1f%u\x1f%u:%u", func_label(p, (uint32_t)f), file_id[fn->file], lib,
				      fn->line, fn->column);
		keys[f] = strmap_intern(names, key);
		free(key);
	}
	free(lib_id);
	free(file_id);
	return keys;
}

bool *match_funcs(const struct profile *p, const struct regex *re, size_t *match_count)
{
	bool *m = xcalloc(p->funcs.len + 1, sizeof(*m));
	size_t n = 0;
	char err[256];
	for (size_t f = 0; f < p->funcs.len; f++) {
		const char *label = func_label(p, (uint32_t)f);
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

bool *match_funcs_re(const struct profile *p, const char *pattern, size_t *count)
{
	char err[300];
	struct regex *re = regex_compile(pattern, err, sizeof(err));
	if (re == NULL) { /* the CLI checked it already; keep the library honest anyway */
		pf_error("%s", err);
		return NULL;
	}
	bool *m = match_funcs(p, re, count);
	regex_free(re);
	return m;
}
