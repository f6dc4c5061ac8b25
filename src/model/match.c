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
