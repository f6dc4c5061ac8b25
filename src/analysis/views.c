/* views.c: self, inclusive and nearest-owned-ancestor aggregation over the stack tree.
 * Every subcommand's tables come from here; see views.h for the contract. */
#include "profan/views.h"
#include "views_int.h"

#include <stdlib.h>
#include <string.h>

void weights_compute(struct pf_weights *w, const struct profile *p, size_t metric, const bool *keep)
{
	memset(w, 0, sizeof(*w));
	w->metric = metric;
	w->node_count = p->stacks.len;
	w->node = xcalloc(p->stacks.len ? p->stacks.len : 1, sizeof(*w->node));
	const int64_t *values = p->sample_values[metric];
	size_t cm = profile_count_metric(p);
	const int64_t *count = cm == SIZE_MAX ? NULL : p->sample_values[cm];
	for (size_t i = 0; i < p->sample_count; i++) {
		if (keep != NULL && !keep[i])
			continue;
		uint32_t t = p->sample_thread[i];
		if (t != PF_NONE && p->threads.items[t].excluded)
			continue;
		int64_t v = values[i];
		uint32_t s = p->sample_stack[i];
		if (s == PF_NONE)
			w->no_stack += v;
		else
			w->node[s] += v;
		w->total += v;
		w->sample_count += count ? (size_t)count[i] : 1;
	}
}

void weights_release(struct pf_weights *w)
{
	free(w->node);
	memset(w, 0, sizeof(*w));
}

void rows_release(struct pf_rows *r)
{
	free(r->items);
	memset(r, 0, sizeof(*r));
}

int64_t rows_sum(const struct pf_rows *r)
{
	int64_t s = 0;
	for (size_t i = 0; i < r->len; i++)
		s += r->items[i].value;
	return s;
}

uint32_t *keys_by_func(const struct profile *p, size_t *key_count)
{
	uint32_t *k = xreallocarray(NULL, p->stacks.len ? p->stacks.len : 1, sizeof(*k));
	for (size_t n = 0; n < p->stacks.len; n++)
		k[n] = profile_stack_func(p, (uint32_t)n);
	*key_count = p->funcs.len;
	return k;
}

uint32_t *keys_by_lib(const struct profile *p, size_t *key_count)
{
	uint32_t *k = xreallocarray(NULL, p->stacks.len ? p->stacks.len : 1, sizeof(*k));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t lib = profile_stack_frame(p, (uint32_t)n)->lib;
		k[n] = lib == PF_NONE ? (uint32_t)p->libs.len : lib;
	}
	*key_count = p->libs.len + 1;
	return k;
}

uint32_t *keys_nearest_owned(const struct profile *p, const uint32_t *keys, const bool *owned)
{
	uint32_t *k = xreallocarray(NULL, p->stacks.len ? p->stacks.len : 1, sizeof(*k));
	uint32_t *nearest = xreallocarray(NULL, p->stacks.len ? p->stacks.len : 1, sizeof(*nearest));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent; /* parents come first */
		nearest[n] = owned[keys[n]] ? (uint32_t)n : parent == PF_NONE ? PF_NONE : nearest[parent];
		k[n] = nearest[n] == PF_NONE ? keys[n] : keys[nearest[n]];
	}
	free(nearest);
	return k;
}

/* Turn per-key sums into rows, skipping keys that got nothing. */
static void emit_rows(const int64_t *sum, const bool *touched, size_t count, struct pf_rows *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < count; k++) {
		if (!touched[k])
			continue;
		vec_push(out, ((struct pf_row){.key = (uint32_t)k, .value = sum[k]}));
	}
}

void view_self(const struct profile *p, const struct pf_weights *w, const uint32_t *keys, size_t key_count,
	       struct pf_rows *out)
{
	int64_t *sum = xcalloc(key_count + 1, sizeof(*sum));
	bool *touched = xcalloc(key_count + 1, sizeof(*touched));
	for (size_t n = 0; n < p->stacks.len; n++) {
		if (w->node[n] == 0)
			continue;
		sum[keys[n]] += w->node[n];
		touched[keys[n]] = true;
	}
	emit_rows(sum, touched, key_count, out);
	free(sum);
	free(touched);
}

void view_inclusive(const struct profile *p, const struct pf_weights *w, const uint32_t *keys,
		    size_t key_count, struct pf_rows *out)
{
	size_t n_nodes = p->stacks.len;
	/* subtree totals: children have larger indices than parents, so one backward pass */
	int64_t *sub = xreallocarray(NULL, n_nodes ? n_nodes : 1, sizeof(*sub));
	memcpy(sub, w->node, n_nodes * sizeof(*sub));
	for (size_t n = n_nodes; n-- > 0;) {
		uint32_t parent = p->stacks.items[n].parent;
		if (parent != PF_NONE)
			sub[parent] += sub[n];
	}
	/* A node counts only if no ancestor has the same key. Walk the tree depth
	 * first, keeping per key how many nodes on the current path carry it. */
	uint32_t *child_start = xcalloc(n_nodes + 2, sizeof(*child_start));
	uint32_t *children = xreallocarray(NULL, n_nodes ? n_nodes : 1, sizeof(*children));
	for (size_t n = 0; n < n_nodes; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		child_start[(parent == PF_NONE ? n_nodes : parent) + 1]++;
	}
	/* CSR layout; roots are the children of the virtual node n_nodes */
	uint32_t *start = xcalloc(n_nodes + 2, sizeof(*start));
	for (size_t i = 1; i < n_nodes + 2; i++)
		start[i] = start[i - 1] + child_start[i];
	memcpy(child_start, start, (n_nodes + 2) * sizeof(*start));
	for (size_t n = 0; n < n_nodes; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		size_t slot = parent == PF_NONE ? n_nodes : parent;
		children[child_start[slot]++] = (uint32_t)n;
	}
	uint32_t *on_path = xcalloc(key_count + 1, sizeof(*on_path));
	int64_t *sum = xcalloc(key_count + 1, sizeof(*sum));
	bool *touched = xcalloc(key_count + 1, sizeof(*touched));
	/* explicit stack of (node, next child cursor): deep stacks must not recurse */
	struct visit {
		uint32_t node, cursor;
	};
	VEC(struct visit) stack = {0};
	for (uint32_t r = start[n_nodes]; r < start[n_nodes + 1]; r++) {
		vec_push(&stack, ((struct visit){children[r], 0}));
		uint32_t root_key = keys[children[r]];
		if (on_path[root_key]++ == 0 && sub[children[r]] != 0) {
			sum[root_key] += sub[children[r]];
			touched[root_key] = true;
		}
		while (stack.len > 0) {
			struct visit *v = &stack.items[stack.len - 1];
			uint32_t first = start[v->node], last = start[v->node + 1];
			if (first + v->cursor < last) {
				uint32_t c = children[first + v->cursor++];
				uint32_t k = keys[c];
				if (on_path[k]++ == 0 && sub[c] != 0) {
					sum[k] += sub[c];
					touched[k] = true;
				}
				vec_push(&stack, ((struct visit){c, 0}));
			} else {
				on_path[keys[v->node]]--;
				stack.len--;
			}
		}
	}
	emit_rows(sum, touched, key_count, out);
	vec_free(&stack);
	free(on_path);
	free(sum);
	free(touched);
	free(start);
	free(child_start);
	free(children);
	free(sub);
}

void view_nearest_owned(const struct profile *p, const struct pf_weights *w, const uint32_t *keys,
			size_t key_count, const bool *owned, struct pf_rows *out)
{
	size_t n_nodes = p->stacks.len;
	/* nearest[n]: closest node at or above n whose key is owned (parents come first) */
	uint32_t *nearest = xreallocarray(NULL, n_nodes ? n_nodes : 1, sizeof(*nearest));
	int64_t *sum = xcalloc(key_count + 1, sizeof(*sum));
	bool *touched = xcalloc(key_count + 1, sizeof(*touched));
	for (size_t n = 0; n < n_nodes; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		nearest[n] = owned[keys[n]] ? (uint32_t)n : parent == PF_NONE ? PF_NONE : nearest[parent];
		if (w->node[n] == 0 || owned[keys[n]])
			continue;
		uint32_t k = nearest[n] == PF_NONE ? (uint32_t)key_count : keys[nearest[n]];
		sum[k] += w->node[n];
		touched[k] = true;
	}
	emit_rows(sum, touched, key_count + 1, out);
	free(nearest);
	free(sum);
	free(touched);
}

void report_table_from_rows(struct report *r, struct report_table *t, const struct pf_rows *rows,
			    report_name_fn name_of, const void *ctx)
{
	const struct profile *p = name_of == report_func_name ? ctx : NULL;
	for (size_t i = 0; i < rows->len; i++) {
		const char *detail = NULL;
		uint32_t key = rows->items[i].key;
		const char *name = name_of(ctx, key, &detail);
		struct report_row *row = report_table_row(r, t, name, detail);
		row->values[0] = rows->items[i].value;
		if (p != NULL && key < p->funcs.len && (p->funcs.items[key].flags & PF_FUNC_OWNED))
			row->flags |= REPORT_ROW_OWNED;
	}
}

int64_t median_i64(int64_t *v, size_t n)
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
