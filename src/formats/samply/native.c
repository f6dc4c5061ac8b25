/* native.c: views for native profiles (owned binary, pattern filters, allocation callers).
 *
 * Sits beside views.c and works the same way: per-function flags are computed
 * once, then one forward pass over the stack tree (parents come first) carries
 * whatever each node needs from its ancestors. */
#include "native.h"

#include <stdlib.h>
#include <string.h>

bool *native_funcs_matching(const struct profile *p, const struct regex *re)
{
	bool *m = xcalloc(p->funcs.len + 1, sizeof(*m));
	for (size_t f = 0; f < p->funcs.len; f++) {
		const char *name = profile_func_name(p, (uint32_t)f);
		/* a pcre2 resource failure (-1) on one name counts as no match */
		m[f] = regex_match(re, name, strlen(name), NULL, 0) == 1;
	}
	return m;
}

bool *native_owned_funcs(const struct profile *p)
{
	bool *owned = xcalloc(p->funcs.len + 1, sizeof(*owned));
	for (size_t f = 0; f < p->funcs.len; f++) {
		const struct pf_func *fn = &p->funcs.items[f];
		owned[f] = (fn->flags & PF_FUNC_OWNED) ||
			   (fn->lib != PF_NONE && (p->libs.items[fn->lib].flags & PF_LIB_MAIN));
	}
	return owned;
}

bool *native_samples_under(const struct profile *p, const bool *match)
{
	bool *node = xcalloc(p->stacks.len + 1, sizeof(*node));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		node[n] = match[profile_stack_func(p, (uint32_t)n)] || (parent != PF_NONE && node[parent]);
	}
	bool *keep = xcalloc(p->sample_count + 1, sizeof(*keep));
	for (size_t i = 0; i < p->sample_count; i++)
		keep[i] = p->sample_stack[i] != PF_NONE && node[p->sample_stack[i]];
	free(node);
	return keep;
}

int64_t view_alloc_callers(const struct profile *p, const struct pf_weights *w, const bool *entry,
			   const bool *plumbing, struct pf_rows *out)
{
	size_t nodes = p->stacks.len, nfuncs = p->funcs.len;
	/* outer[n]: the entry node closest to the root on n's path, or PF_NONE.
	 * caller[n]: the closest node at or above n that is not plumbing. */
	uint32_t *outer = xreallocarray(NULL, nodes + 1, sizeof(*outer));
	uint32_t *caller = xreallocarray(NULL, nodes + 1, sizeof(*caller));
	int64_t *sum = xcalloc(nfuncs + 1, sizeof(*sum));
	bool *touched = xcalloc(nfuncs + 1, sizeof(*touched));
	int64_t total = 0;
	for (size_t n = 0; n < nodes; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		uint32_t f = profile_stack_func(p, (uint32_t)n);
		uint32_t up_outer = parent == PF_NONE ? PF_NONE : outer[parent];
		outer[n] = up_outer != PF_NONE ? up_outer : entry[f] ? (uint32_t)n : PF_NONE;
		caller[n] = !plumbing[f] && !entry[f] ? (uint32_t)n
			    : parent == PF_NONE       ? PF_NONE
						      : caller[parent];
		if (outer[n] == PF_NONE || w->node[n] == 0)
			continue;
		uint32_t above = p->stacks.items[outer[n]].parent;
		uint32_t c = above == PF_NONE ? PF_NONE : caller[above];
		uint32_t key = c == PF_NONE ? (uint32_t)nfuncs : profile_stack_func(p, c);
		sum[key] += w->node[n];
		touched[key] = true;
		total += w->node[n];
	}
	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k <= nfuncs; k++)
		if (touched[k])
			vec_push(out, ((struct pf_row){.key = (uint32_t)k, .value = sum[k]}));
	free(outer);
	free(caller);
	free(sum);
	free(touched);
	return total;
}
