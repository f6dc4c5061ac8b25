/* yours.c: the "your code" views shared by samply, dhat and cpuprof (yours.h):
 * nearest frame of your code per stack node, cost outside your code with its
 * main callee, allocation cost by requester, and rows that say whose code a
 * function is. Parents come before children in the stack table, so every
 * per-node property is one forward pass. */
#include "profan/yours.h"

#include <stdlib.h>
#include <string.h>

#include "profan/hashtab.h"
#include "yours_int.h"

uint32_t *yours_keys(const struct profile *p, const struct ownership *own, const bool *skip)
{
	uint32_t *k = xreallocarray(NULL, p->stacks.len ? p->stacks.len : 1, sizeof(*k));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t f = profile_stack_func(p, (uint32_t)n), parent = p->stacks.items[n].parent;
		if (ownership_is_yours(own, f) && !(skip && skip[f]))
			k[n] = f;
		else
			k[n] = parent == PF_NONE ? YOURS_NONE(p) : k[parent];
	}
	return k;
}

const char *yours_label(const struct profile *p, const struct ownership *own, uint32_t func)
{
	if (func >= own->func_count || func >= p->funcs.len || !own->funcs[func].label ||
	    ownership_class(own, func) == OWN_YOURS)
		return NULL;
	const struct pf_func *f = &p->funcs.items[func];
	if (ownership_class(own, func) == OWN_UNKNOWN && (f->flags & PF_FUNC_SYNTHETIC))
		return NULL; /* "(no stack)" says what it is */
	const char *label = profile_str(p, own->funcs[func].label), *name = profile_str(p, f->name);
	size_t inner = strlen(label) - 2;
	/* "[kernel]" named [kernel], "libc.so.6+0xae7e8" in [libc.so.6]: the name says it */
	if (strcmp(name, label) == 0 || (strncmp(name, label + 1, inner) == 0 && name[inner] == '+'))
		return NULL;
	return label;
}

const char *yours_via(struct report *r, const struct profile *p, const struct ownership *own, uint32_t func)
{
	if (func >= p->funcs.len)
		return "(none)";
	const struct pf_func *f = &p->funcs.items[func];
	if ((f->flags & PF_FUNC_UNRESOLVED) && f->lib < p->libs.len) /* a 4 MiB library name: its first KiB */
		return report_printf(r, "[%.*s]", (int)strnlen(profile_lib_label(p, f->lib), 1024), profile_lib_label(p, f->lib));
	const char *unused, *label = yours_label(p, own, func);
	const char *name = report_func_name(p, func, &unused);
	return label ? report_printf(r, "%s %s", name, label) : name;
}

const char *yours_describe(struct report *r, const struct profile *p, const struct ownership *own, uint32_t func,
			   bool full_paths, const char **detail, const char **label)
{
	*detail = *label = NULL;
	if (func >= p->funcs.len)
		return "(none)";
	const struct pf_func *f = &p->funcs.items[func];
	const char *unused;
	const char *name = report_func_name(p, func, &unused);
	const char *file = profile_str(p, f->file);
	const char *shown = full_paths || !own ? file : ownership_shown_file(own, p, func);
	if (*file && strcmp(file, profile_str(p, f->name)) != 0) /* --by file: the name is the file */
		*detail = f->line && f->column ? report_printf(r, "%s:%u:%u", shown, f->line, f->column) /* a script */
			  : f->line	       ? report_printf(r, "%s:%u", shown, f->line)
					       : shown;
	if (!own) /* no ownership (a diff of formats without it): the library says whose */
		*label = f->lib < p->libs.len && !(f->flags & PF_FUNC_UNRESOLVED)
				 ? report_printf(r, "[%.*s]", (int)strnlen(profile_lib_label(p, f->lib), 1024),
						 profile_lib_label(p, f->lib))
				 : NULL;
	else if (ownership_class(own, func) != OWN_YOURS)
		*label = yours_label(p, own, func);
	else if (!*detail && f->lib < p->libs.len && !(f->flags & PF_FUNC_UNRESOLVED))
		*detail = report_printf(r, "[%s]", profile_str(p, p->libs.items[f->lib].name)); /* no file: its binary */
	return name;
}

struct report_row *yours_row(struct report *r, struct report_table *t, const struct profile *p,
			     const struct ownership *own, uint32_t func, bool full_paths, const char *none)
{
	if (func >= p->funcs.len)
		return report_table_row(r, t, none, NULL);
	const struct pf_func *f = &p->funcs.items[func];
	const char *detail, *label;
	const char *name = yours_describe(r, p, own, func, full_paths, &detail, &label);
	struct report_row *row = report_table_row(r, t, name, detail);
	enum own_class cls = ownership_class(own, func);
	row->cls = ownership_class_name(cls);
	if (cls == OWN_YOURS)
		row->flags |= REPORT_ROW_OWNED;
	else if (label)
		row->label = report_strdup(r, label);
	const char *file = profile_str(p, f->file);
	if (*file) {
		row->file = report_strdup(r, file);
		row->line = f->line;
		row->column = f->column;
	}
	return row;
}

/* Weights of (row key, sub key) pairs, and per row key the sub key with the most. */
struct pairs {
	struct u64map index;
	VEC(int64_t) sum;
};

static void pairs_add(struct pairs *x, uint32_t key, uint32_t sub, int64_t v)
{
	uint32_t *slot = u64map_slot(&x->index, (uint64_t)key << 32 | sub);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)x->sum.len;
		vec_push(&x->sum, 0);
	}
	x->sum.items[*slot] += v;
}

/* Sub keys are functions: ties go to the name first in byte order, then the smaller id. */
static bool before(const struct profile *p, uint32_t a, uint32_t b)
{
	int c = strcmp(profile_func_name(p, a), profile_func_name(p, b));
	return c < 0 || (c == 0 && a < b);
}

/* For each row of ROWS: the sub key with the largest weight, its weight, and
 * how many sub keys the row has. */
static void pairs_best(const struct profile *p, const struct pairs *x, const struct pf_rows *rows,
		       size_t key_count, uint32_t **best, int64_t **best_value, uint32_t **count)
{
	uint32_t *row_of = xreallocarray(NULL, key_count + 1, sizeof(*row_of));
	memset(row_of, 0xff, (key_count + 1) * sizeof(*row_of));
	for (size_t i = 0; i < rows->len; i++)
		row_of[rows->items[i].key] = (uint32_t)i;
	size_t n = rows->len ? rows->len : 1;
	*best = xreallocarray(NULL, n, sizeof(**best));
	memset(*best, 0xff, n * sizeof(**best));
	int64_t *value = xcalloc(n, sizeof(*value));
	uint32_t *c = xcalloc(n, sizeof(*c));
	for (size_t e = 0; e < x->index.len; e++) {
		uint32_t key = (uint32_t)(x->index.keys[e] >> 32), sub = (uint32_t)x->index.keys[e];
		uint32_t i = key <= key_count ? row_of[key] : PF_NONE;
		if (i == PF_NONE)
			continue;
		int64_t v = x->sum.items[x->index.vals[e]];
		c[i]++;
		if ((*best)[i] == PF_NONE || v > value[i] || (v == value[i] && before(p, sub, (*best)[i]))) {
			(*best)[i] = sub;
			value[i] = v;
		}
	}
	if (best_value)
		*best_value = value;
	else
		free(value);
	if (count)
		*count = c;
	else
		free(c);
	free(row_of);
}

static void pairs_release(struct pairs *x)
{
	u64map_release(&x->index);
	vec_free(&x->sum);
}

static void rows_from_sums(const int64_t *sum, const bool *touched, size_t count, struct pf_rows *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < count; k++)
		if (touched[k])
			vec_push(out, ((struct pf_row){.key = (uint32_t)k, .value = sum[k]}));
}

/* Per function: the one that stands for it as a callee, "via": the first function of its name in its
 * library, and for the unsymbolicated addresses of a library the first of them (shown "[libz.so.1]"). */
static uint32_t *via_groups(const struct profile *p)
{
	uint32_t *rep = xreallocarray(NULL, p->funcs.len + 1, sizeof(*rep));
	struct u64map first = {0};
	for (uint32_t f = 0; f < p->funcs.len; f++) {
		const struct pf_func *fn = &p->funcs.items[f];
		uint64_t key = fn->flags & PF_FUNC_UNRESOLVED ? (uint64_t)1 << 63 | fn->lib : (uint64_t)fn->name << 32 | fn->lib;
		uint32_t *slot = u64map_slot(&first, key);
		if (*slot == HTAB_NONE)
			*slot = f;
		rep[f] = *slot;
	}
	u64map_release(&first);
	return rep;
}

void yours_view_outside(const struct profile *p, const struct ownership *own, const struct pf_weights *w,
			const uint32_t *keys, struct pf_rows *out, uint32_t **via, int64_t **via_value)
{
	size_t nkeys = p->funcs.len + 1;
	int64_t *sum = xcalloc(nkeys, sizeof(*sum));
	bool *touched = xcalloc(nkeys, sizeof(*touched));
	struct pairs x = {0};
	uint32_t *rep = via_groups(p);
	/* callee[n]: the node just below the nearest frame of yours on n's path (what your function
	 * called or inlined), PF_NONE at your own frames and where no frame of yours is above */
	uint32_t *callee = xreallocarray(NULL, p->stacks.len + 1, sizeof(*callee));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t f = profile_stack_func(p, (uint32_t)n), parent = p->stacks.items[n].parent;
		if ((ownership_is_yours(own, f) && keys[n] == f) || parent == PF_NONE)
			callee[n] = PF_NONE;
		else if (callee[parent] == PF_NONE && keys[parent] == profile_stack_func(p, parent) &&
			 keys[parent] != YOURS_NONE(p))
			callee[n] = (uint32_t)n;
		else
			callee[n] = callee[parent];
	}
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t f = profile_stack_func(p, (uint32_t)n);
		/* "(no stack)" is no code at all */
		bool placeholder = (p->funcs.items[f].flags & PF_FUNC_SYNTHETIC) && ownership_class(own, f) == OWN_UNKNOWN;
		if (w->node[n] == 0 || ownership_is_yours(own, f) || placeholder)
			continue;
		sum[keys[n]] += w->node[n];
		touched[keys[n]] = true;
		/* no frame of yours above: the function the time is in */
		uint32_t v = callee[n] != PF_NONE ? profile_stack_func(p, callee[n]) : f;
		pairs_add(&x, keys[n], rep[v], w->node[n]);
	}
	free(callee);
	free(rep);
	rows_from_sums(sum, touched, nkeys, out);
	pairs_best(p, &x, out, nkeys, via, via_value, NULL);
	pairs_release(&x);
	free(sum);
	free(touched);
}

int64_t yours_view_alloc(const struct profile *p, const struct pf_weights *w, const bool *entry,
			 const uint32_t *keys, struct pf_rows *out)
{
	size_t nkeys = p->funcs.len + 1;
	/* outer[n]: the entry node closest to the root on n's path, or PF_NONE */
	uint32_t *outer = xreallocarray(NULL, p->stacks.len + 1, sizeof(*outer));
	int64_t *sum = xcalloc(nkeys, sizeof(*sum));
	bool *touched = xcalloc(nkeys, sizeof(*touched));
	int64_t total = 0;
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		uint32_t up = parent == PF_NONE ? PF_NONE : outer[parent];
		outer[n] = up != PF_NONE ? up : entry[profile_stack_func(p, (uint32_t)n)] ? (uint32_t)n : PF_NONE;
		if (outer[n] == PF_NONE || w->node[n] == 0)
			continue;
		uint32_t above = p->stacks.items[outer[n]].parent;
		uint32_t k = above == PF_NONE ? YOURS_NONE(p) : keys[above];
		sum[k] += w->node[n];
		touched[k] = true;
		total += w->node[n];
	}
	rows_from_sums(sum, touched, nkeys, out);
	free(outer);
	free(sum);
	free(touched);
	return total;
}

void yours_inlined_into(const struct profile *p, const struct pf_weights *w, const struct pf_rows *rows,
			uint32_t **host, uint32_t **host_count)
{
	/* host[n]: the function whose machine code node n runs in (inlined frames: their caller's) */
	uint32_t *code = xreallocarray(NULL, p->stacks.len + 1, sizeof(*code));
	struct pairs x = {0};
	for (size_t n = 0; n < p->stacks.len; n++) {
		const struct pf_frame *fr = profile_stack_frame(p, (uint32_t)n);
		uint32_t parent = p->stacks.items[n].parent;
		bool inlined = (fr->flags & PF_FRAME_INLINED) && parent != PF_NONE;
		code[n] = inlined ? code[parent] : fr->func;
		if (inlined && w->node[n] != 0 && code[n] != fr->func)
			pairs_add(&x, fr->func, code[n], w->node[n]);
	}
	pairs_best(p, &x, rows, p->funcs.len, host, NULL, host_count);
	pairs_release(&x);
	free(code);
}

/* What the "Your code" line says was left out: the runtime's, the dependencies' and the
 * allocators' functions on the stacks, each kind with its packages (the two with most
 * functions named) and how many functions. */
enum { LEFT_RUNTIME, LEFT_DEPENDENCY, LEFT_ALLOCATOR, LEFT_NOT_OURS, LEFT_KINDS };

struct left_out {
	struct u64map index[LEFT_KINDS]; /* package (interned) + 1 -> its place in pkgs[kind] */
	VEC(struct left_pkg { uint32_t name; size_t funcs; }) pkgs[LEFT_KINDS];
	size_t funcs[LEFT_KINDS];
};

static void left_out_add(struct left_out *x, const struct profile *p, const struct ownership *own, uint32_t f)
{
	const struct own_func *of = &own->funcs[f];
	const char *label = of->label ? profile_str(p, of->label) : "";
	int kind = of->rule == OWN_RULE_OURS	 ? LEFT_NOT_OURS
		   : strcmp(label, "[alloc]") == 0	 ? LEFT_ALLOCATOR
		   : of->cls == OWN_RUNTIME	 ? LEFT_RUNTIME
		   : of->cls == OWN_DEPENDENCY ? LEFT_DEPENDENCY
					       : -1;
	if (kind < 0)
		return;
	uint32_t lib = p->funcs.items[f].lib;
	uint32_t name = kind == LEFT_NOT_OURS ? 0 : of->package ? of->package : lib != PF_NONE ? p->libs.items[lib].name : 0;
	x->funcs[kind]++;
	uint32_t *slot = u64map_slot(&x->index[kind], (uint64_t)name + 1);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)x->pkgs[kind].len;
		vec_push(&x->pkgs[kind], ((struct left_pkg){name, 0}));
	}
	x->pkgs[kind].items[*slot].funcs++;
}

/* "; not yours: runtime (std, hashbrown: 259 functions), 3 dependencies (memchr, regex, +1: 120
 * functions), allocator (jemalloc: 17 functions), outside --ours (7 functions)" into OUT, or "" when
 * nothing was left out. */
static void left_out_text(struct left_out *x, const struct profile *p, char *out, size_t size)
{
	static const char *const kind_name[LEFT_KINDS] = {"runtime", "dependenc", "allocator", "outside --ours"};
	size_t len = 0;
	out[0] = '\0';
	for (int k = 0; k < LEFT_KINDS; k++) {
		struct left_pkg *pk = x->pkgs[k].items;
		size_t n = x->pkgs[k].len;
		if (n == 0)
			continue;
		for (size_t i = 1; i < n; i++) /* by functions, most first; few packages */
			for (size_t j = i; j > 0 && pk[j - 1].funcs < pk[j].funcs; j--) {
				struct left_pkg t = pk[j];
				pk[j] = pk[j - 1];
				pk[j - 1] = t;
			}
		char names[160] = "";
		size_t nl = 0;
		for (size_t i = 0; i < n && i < 2 && k != LEFT_NOT_OURS; i++)
			nl += (size_t)snprintf(names + nl, sizeof(names) - nl, "%s%s", i ? ", " : "",
					       pk[i].name ? profile_str(p, pk[i].name) : "?");
		if (n > 2 && nl < sizeof(names))
			snprintf(names + nl, sizeof(names) - nl, ", +%zu", n - 2);
		const char *kind = k == LEFT_DEPENDENCY ? (n == 1 ? "dependency" : "dependencies") : kind_name[k];
		char count[24] = "";
		if (k == LEFT_DEPENDENCY && n > 1)
			snprintf(count, sizeof(count), "%zu ", n);
		if (len < size)
			len += (size_t)snprintf(out + len, size - len, "%s%s%s (%s%s%zu function%s)",
						len ? ", " : "; not yours: ", count, kind, names, names[0] ? ": " : "",
						x->funcs[k], x->funcs[k] == 1 ? "" : "s");
	}
	for (int k = 0; k < LEFT_KINDS; k++) {
		u64map_release(&x->index[k]);
		vec_free(&x->pkgs[k]);
	}
}

void yours_header(struct report *r, const struct profile *p, const struct ownership *own)
{
	/* the functions on some stack: symbolication leaves the address-only ones behind */
	bool *used = xcalloc(p->funcs.len + 1, sizeof(*used));
	for (size_t n = 0; n < p->stacks.len; n++)
		used[profile_stack_func(p, (uint32_t)n)] = true;
	size_t funcs = 0, nlibs = 0;
	bool *lib_has = xcalloc(p->libs.len + 1, sizeof(*lib_has));
	struct left_out left = {0};
	for (size_t f = 0; f < p->funcs.len; f++) {
		if (used[f] && f < own->func_count && !ownership_is_yours(own, (uint32_t)f))
			left_out_add(&left, p, own, (uint32_t)f);
		if (!used[f] || !ownership_is_yours(own, (uint32_t)f))
			continue;
		funcs++;
		uint32_t lib = p->funcs.items[f].lib;
		if (lib != PF_NONE && !lib_has[lib])
			lib_has[lib] = true, nlibs++;
	}
	free(used);
	char libs[512] = "";
	size_t len = 0, shown = 0;
	for (size_t l = 0; l < p->libs.len; l++) {
		if (!lib_has[l])
			continue;
		const char *name = profile_str(p, p->libs.items[l].name);
		if (shown < 4 && len + strlen(name) + 8 < sizeof(libs))
			len += (size_t)snprintf(libs + len, sizeof(libs) - len, "%s%s", shown ? ", " : "", name);
		shown++;
	}
	if (shown > 4)
		snprintf(libs + len, sizeof(libs) - len, ", +%zu more", shown - 4);
	free(lib_has);
	char left_text[512];
	left_out_text(&left, p, left_text, sizeof(left_text));
	if (funcs == 0)
		report_header(r, "Your code", "no function (--ours RE names it; docs/ownership.md)%s", left_text);
	else if (nlibs == 0)
		report_header(r, "Your code", "%zu function%s%s", funcs, funcs == 1 ? "" : "s", left_text);
	else
		report_header(r, "Your code", "%zu function%s in %s%s", funcs, funcs == 1 ? "" : "s", libs, left_text);
	if (own->explain)
		ownership_explain(own, p, r);
}
