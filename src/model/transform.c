/* transform.c: the filters and granularity changes of transform.h. Each one
 * rewrites the profile's stack table and sample columns in place (the
 * strings, functions and frames stay, new ones are added), so every view,
 * tree and export downstream reads an ordinary profile. */
#include "profan/transform.h"

#include <stdlib.h>
#include <string.h>

#include "profan/match.h"
#include "profan/ownership.h"
#include "profan/report.h"

#define DROP (PF_NONE - 1) /* a stack node whose samples leave the profile */

/* has[n]: node n or one of its ancestors is a function flagged in MATCH. */
static bool *path_has(const struct profile *p, const bool *match)
{
	bool *has = xcalloc(p->stacks.len + 1, sizeof(*has));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		has[n] = match[profile_stack_func(p, (uint32_t)n)] || (parent != PF_NONE && has[parent]);
	}
	return has;
}

/* Keeps the samples whose KEEP flag is set, in order. */
static void keep_samples(struct profile *p, const bool *keep)
{
	size_t k = 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		if (!keep[i])
			continue;
		p->sample_stack[k] = p->sample_stack[i];
		p->sample_thread[k] = p->sample_thread[i];
		for (size_t m = 0; m < p->metric_count; m++)
			p->sample_values[m][k] = p->sample_values[m][i];
		k++;
	}
	p->sample_count = k;
}

/* Replaces the stack table: node n becomes MAP[n] (a node of the new table,
 * PF_NONE for "no stack", DROP to remove its samples). */
static void remap_samples(struct profile *p, const uint32_t *map, struct pf_stack_table *fresh)
{
	bool *keep = xreallocarray(NULL, p->sample_count + 1, sizeof(*keep));
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		uint32_t ns = s == PF_NONE ? PF_NONE : map[s];
		keep[i] = ns != DROP;
		p->sample_stack[i] = ns == DROP ? PF_NONE : ns;
	}
	keep_samples(p, keep);
	free(keep);
	profile_set_stacks(p, fresh);
}

/* What happens to one stack node when the table is rebuilt. */
enum node_action { NODE_KEEP, NODE_INTO_PARENT, NODE_DROP, NODE_NEW_ROOT };

/* Rebuilds the stack table from ACTION[n] and FRAME_OF[n] (the frame a kept node gets). */
static void rebuild(struct profile *p, const uint8_t *action, const uint32_t *frame_of)
{
	struct pf_stack_table fresh = {0};
	uint32_t *map = xreallocarray(NULL, p->stacks.len + 1, sizeof(*map));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		uint32_t up = parent == PF_NONE ? PF_NONE : map[parent];
		switch (action[n]) {
		case NODE_KEEP:
			map[n] = up == DROP ? DROP : stack_table_intern(&fresh, up, frame_of[n]);
			break;
		case NODE_NEW_ROOT: map[n] = stack_table_intern(&fresh, PF_NONE, frame_of[n]); break;
		case NODE_INTO_PARENT: map[n] = up; break;
		default: map[n] = DROP; break;
		}
	}
	remap_samples(p, map, &fresh);
	free(map);
}

static uint32_t *identity_frames(const struct profile *p)
{
	uint32_t *f = xreallocarray(NULL, p->stacks.len + 1, sizeof(*f));
	for (size_t n = 0; n < p->stacks.len; n++)
		f[n] = p->stacks.items[n].frame;
	return f;
}

static void filter_samples(struct profile *p, const bool *match, bool keep_matching)
{
	bool *has = path_has(p, match);
	bool *keep = xreallocarray(NULL, p->sample_count + 1, sizeof(*keep));
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		bool hit = s != PF_NONE && has[s];
		keep[i] = hit == keep_matching;
	}
	keep_samples(p, keep);
	free(keep);
	free(has);
}

static void hide_frames(struct profile *p, const bool *match)
{
	uint8_t *action = xcalloc(p->stacks.len + 1, 1);
	for (size_t n = 0; n < p->stacks.len; n++)
		action[n] = match[profile_stack_func(p, (uint32_t)n)] ? NODE_INTO_PARENT : NODE_KEEP;
	uint32_t *frames = identity_frames(p);
	rebuild(p, action, frames);
	free(frames);
	free(action);
}

static void root_at(struct profile *p, const bool *match)
{
	bool *has = path_has(p, match);
	uint8_t *action = xcalloc(p->stacks.len + 1, 1);
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		bool above = parent != PF_NONE && has[parent];
		action[n] = above ? NODE_KEEP : has[n] ? NODE_NEW_ROOT : NODE_DROP;
	}
	uint32_t *frames = identity_frames(p);
	rebuild(p, action, frames);
	/* samples without a stack have no matching frame either */
	bool *keep = xreallocarray(NULL, p->sample_count + 1, sizeof(*keep));
	for (size_t i = 0; i < p->sample_count; i++)
		keep[i] = p->sample_stack[i] != PF_NONE;
	keep_samples(p, keep);
	free(keep);
	free(frames);
	free(action);
	free(has);
}

/* Nodes whose function (after FRAME_OF) equals their parent's fold into the parent. */
static void collapse_repeats(struct profile *p, const uint32_t *frame_of)
{
	uint8_t *action = xcalloc(p->stacks.len + 1, 1);
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t parent = p->stacks.items[n].parent;
		bool same = parent != PF_NONE &&
			    p->frames.items[frame_of[n]].func == p->frames.items[frame_of[parent]].func;
		action[n] = same ? NODE_INTO_PARENT : NODE_KEEP;
	}
	rebuild(p, action, frame_of);
	free(action);
}

/* The name a function gets at granularity BY, for a frame at LINE (0: unknown). */
static char *granular_name(const struct profile *p, const struct pf_frame *fr, enum transform_by by)
{
	const struct pf_func *f = &p->funcs.items[fr->func];
	uint32_t lib = fr->lib != PF_NONE ? fr->lib : f->lib;
	const char *libname = lib != PF_NONE ? profile_str(p, p->libs.items[lib].name) : "";
	const char *file = profile_str(p, f->file);
	switch (by) {
	case TRANSFORM_BY_FILE:
		if (*file)
			return xstrdup(file);
		return *libname ? xasprintf("[%s]", libname) : xstrdup("(no file)");
	case TRANSFORM_BY_LIB: return xstrdup(*libname ? libname : "(no library)");
	case TRANSFORM_BY_LINE: {
		uint32_t line = fr->line ? fr->line : f->line;
		const char *label = func_label(p, fr->func);
		return line ? xasprintf("%s:%u", label, line) : xstrdup(label);
	}
	case TRANSFORM_BY_FUNCTION: break;
	}
	return xstrdup(func_label(p, fr->func));
}

static void regroup(struct profile *p, enum transform_by by)
{
	size_t nf = p->frames.len;
	uint32_t *new_frame = xreallocarray(NULL, nf + 1, sizeof(*new_frame));
	if (by == TRANSFORM_BY_FUNCTION) {
		/* one location per function: addresses and lines go */
		for (size_t i = 0; i < nf; i++) {
			struct pf_frame fr = {.func = p->frames.items[i].func,
					      .lib = p->frames.items[i].lib,
					      .address = PF_NO_ADDRESS};
			new_frame[i] = profile_intern_frame(p, &fr);
		}
	} else {
		/* two passes, so that a group is owned when any of its functions is */
		struct pf_func *want = xreallocarray(NULL, nf + 1, sizeof(*want));
		struct strmap groups;
		strmap_init(&groups);
		uint32_t *group = xreallocarray(NULL, nf + 1, sizeof(*group));
		VEC(uint32_t) owned = {0};
		bool *program = ownership_program_evidence(p); /* a group's name is no frame text */
		/* names made from a library's name, once per library: the frames of one
		 * library would otherwise each copy and hash it */
		uint32_t *lib_name = xreallocarray(NULL, p->libs.len + 1, sizeof(*lib_name));
		memset(lib_name, 0xff, (p->libs.len + 1) * sizeof(*lib_name));
		for (size_t i = 0; i < nf; i++) {
			const struct pf_frame *fr = &p->frames.items[i];
			const struct pf_func *f = &p->funcs.items[fr->func];
			uint32_t lib =
				by == TRANSFORM_BY_LIB ? (fr->lib != PF_NONE ? fr->lib : f->lib) : f->lib;
			uint32_t from_lib = fr->lib != PF_NONE ? fr->lib : f->lib;
			bool by_lib_name = from_lib < p->libs.len &&
					   (by == TRANSFORM_BY_LIB || (by == TRANSFORM_BY_FILE && f->file == 0));
			uint32_t name_id = by_lib_name ? lib_name[from_lib] : UINT32_MAX;
			if (name_id == UINT32_MAX) {
				char *name = granular_name(p, fr, by);
				name_id = profile_intern(p, name);
				free(name);
				if (by_lib_name)
					lib_name[from_lib] = name_id;
			}
			want[i] = (struct pf_func){.name = name_id, .lib = lib};
			if (by == TRANSFORM_BY_LINE) {
				want[i].file = fr->file ? fr->file : f->file;
				want[i].line = fr->line ? fr->line : f->line;
			}
			if (by == TRANSFORM_BY_LINE || by == TRANSFORM_BY_FILE)
				want[i].comp_dir_len = f->comp_dir_len;
			if (by == TRANSFORM_BY_FILE)
				want[i].file = f->file; /* whose code a file is depends on its path (ownership.h) */
			char *key = xasprintf("%u/%u/%u/%u", want[i].name, want[i].file, want[i].lib,
					      want[i].line);
			group[i] = strmap_intern(&groups, key);
			while (owned.len <= group[i])
				vec_push(&owned, 0);
			owned.items[group[i]] |= f->flags & PF_FUNC_EVIDENCE;
			owned.items[group[i]] |= program[fr->func] ? PF_FUNC_OWNED : 0;
			free(key);
		}
		free(lib_name);
		for (size_t i = 0; i < nf; i++) {
			want[i].flags = owned.items[group[i]];
			struct pf_frame fr = {.func = profile_intern_func(p, &want[i]),
					      .lib = want[i].lib,
					      .address = PF_NO_ADDRESS,
					      .line = want[i].line};
			new_frame[i] = profile_intern_frame(p, &fr);
		}
		vec_free(&owned);
		free(program);
		free(group);
		strmap_release(&groups);
		free(want);
	}
	uint32_t *frame_of = xreallocarray(NULL, p->stacks.len + 1, sizeof(*frame_of));
	for (size_t n = 0; n < p->stacks.len; n++)
		frame_of[n] = new_frame[p->stacks.items[n].frame];
	if (by == TRANSFORM_BY_FILE || by == TRANSFORM_BY_LIB) {
		collapse_repeats(p, frame_of); /* a.c -> a.c -> b.c reads a.c -> b.c */
	} else {
		uint8_t *action = xcalloc(p->stacks.len + 1, 1);
		rebuild(p, action, frame_of);
		free(action);
	}
	free(frame_of);
	free(new_frame);
}

static const char *const kind_names[] = {
	[TRANSFORM_FOCUS] = "focus",
	[TRANSFORM_IGNORE] = "ignore",
	[TRANSFORM_HIDE] = "hide",
	[TRANSFORM_ROOT_AT] = "root-at",
	[TRANSFORM_COLLAPSE_RECURSION] = "collapse-recursion",
	[TRANSFORM_BY] = "by",
};
static const char *const by_names[] = {
	[TRANSFORM_BY_FUNCTION] = "function",
	[TRANSFORM_BY_FILE] = "file",
	[TRANSFORM_BY_LINE] = "line",
	[TRANSFORM_BY_LIB] = "lib",
};

const char *transform_kind_name(enum transform_kind k)
{
	return kind_names[k];
}

int transform_by_parse(const char *name, enum transform_by *out)
{
	for (size_t b = 0; b < ARRAY_SIZE(by_names); b++)
		if (strcmp(name, by_names[b]) == 0) {
			*out = (enum transform_by)b;
			return 0;
		}
	return -1;
}

/* Applies ST to P; *MATCHED gets the number of functions its regex matched. */
static int apply_step(struct profile *p, const struct transform_step *st, size_t *matched)
{
	*matched = 0;
	if (st->kind == TRANSFORM_COLLAPSE_RECURSION) {
		uint32_t *frames = identity_frames(p);
		collapse_repeats(p, frames);
		free(frames);
		return 0;
	}
	if (st->kind == TRANSFORM_BY) {
		regroup(p, st->by);
		return 0;
	}
	bool *match = match_funcs_re(p, st->pattern, matched);
	if (match == NULL)
		return -1;
	switch (st->kind) {
	case TRANSFORM_FOCUS: filter_samples(p, match, true); break;
	case TRANSFORM_IGNORE: filter_samples(p, match, false); break;
	case TRANSFORM_HIDE: hide_frames(p, match); break;
	case TRANSFORM_ROOT_AT: root_at(p, match); break;
	default: break;
	}
	free(match);
	return 0;
}

/* Weight of METRIC over counted samples (excluded threads left out, as in the views). */
static int64_t counted_total(const struct profile *p, size_t metric)
{
	int64_t t = 0;
	if (metric >= p->metric_count)
		return 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t th = p->sample_thread[i];
		if (th == PF_NONE || !p->threads.items[th].excluded)
			t += p->sample_values[metric][i];
	}
	return t;
}

int transform_apply(struct profile *p, const struct transform_step *steps, size_t n)
{
	if (n == 0)
		return 0;
	size_t metric = p->default_metric;
	int64_t before = counted_total(p, metric);
	bool drops = false, unmatched = false;
	const char *desc = ""; /* "focus=RE, hide=RE, by=file": at most TRANSFORM_MAX_STEPS parts */
	for (size_t i = 0; i < n; i++) {
		const struct transform_step *st = &steps[i];
		const char *name = st->option ? st->option : kind_names[st->kind];
		size_t matched;
		if (apply_step(p, st, &matched) < 0)
			return -1;
		if (st->kind == TRANSFORM_BY)
			desc = profile_printf(p, "%s%sby=%s", desc, *desc ? ", " : "", by_names[st->by]);
		else if (st->pattern)
			desc = profile_printf(p, "%s%s%s=%s", desc, *desc ? ", " : "", name, st->pattern);
		else
			desc = profile_printf(p, "%s%s%s", desc, *desc ? ", " : "", name);
		if (st->pattern && matched == 0) {
			profile_warn(p, "--%s '%s' matches no function", name, st->pattern);
			unmatched = true;
		}
		drops |= st->kind == TRANSFORM_FOCUS || st->kind == TRANSFORM_IGNORE ||
			 st->kind == TRANSFORM_ROOT_AT;
	}
	if (drops && metric < p->metric_count) {
		int64_t after = counted_total(p, metric);
		char a[48], b[48];
		report_format_value(a, sizeof(a), after, p->metrics[metric].unit);
		report_format_value(b, sizeof(b), before, p->metrics[metric].unit);
		/* one rule for every filter: keeping nothing is said on stderr (once: a pattern
		 * that matched nothing has said why) */
		if (after == 0 && before != 0 && !unmatched)
			profile_warn(p, "the filters %s keep nothing of %s: every view is empty", desc, b);
		desc = profile_printf(p, "%s (kept %s of %s, %.2f%%)", desc, a, b,
				      before ? 100.0 * (double)after / (double)before : 0.0);
	}
	profile_add_info(p, "Filters", desc);
	const char *bad = profile_check(p);
	if (bad != NULL) { /* a bug in a transform, not in the input: say so loudly */
		pf_error("internal error after filters: %s", bad);
		return -1;
	}
	return 0;
}
