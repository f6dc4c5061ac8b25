/* dhat_views.c: what was live at the heap's peak (or any DHAT metric), by
 * allocation site and by your functions, with stack filters.
 *
 * Per-frame text, ownership (the model's: ownership.h) and plumbing flags ->
 * per-sample keep mask (--where/--not and the metric's own per-program-point
 * condition) -> views. A site is the allocating line of your code: the first
 * frame of yours, your own allocator wrappers skipped. See docs/dhat.md. */
#define _GNU_SOURCE /* qsort_r */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profan/analysis.h"
#include "dhat.h"
#include "dhat_tree.h"
#include "profan/hashtab.h"
#include "profan/regex.h"
#include "profan/task.h"
#include "profan/views.h"
#include "profan/yours.h"

/* The sort metrics of DHAT's viewer, plus the raw fields. A program point
 * counts only when PRED holds for its own values (dh_view applies the same
 * tests to tree nodes; see dhat_tree.c). */
struct metric_def {
	const char *name, *alias;
	const char *field;     /* the summed field */
	const char *companion; /* shown next to it */
	enum dhat_pred pred;
	const char *title; /* "<title> by allocation site" */
};

static const struct metric_def metric_defs[] = {
	{"gb", "t-gmax", "gb", "gbk", DHAT_PRED_NONE, "live at t-gmax"},
	{"gbk", NULL, "gbk", "gb", DHAT_PRED_NONE, "blocks live at t-gmax"},
	{"tb", "total", "tb", "tbk", DHAT_PRED_NONE, "allocated in total"},
	{"tbk", "total-blocks", "tbk", "tb", DHAT_PRED_NONE, "blocks allocated in total"},
	{"tiny", NULL, "tbk", "tb", DHAT_PRED_TINY, "tiny blocks"},
	{"short-lived", NULL, "tbk", "tb", DHAT_PRED_SHORT_LIVED, "short-lived blocks"},
	{"zero-access", NULL, "tb", "tbk", DHAT_PRED_ZERO_ACCESS, "allocated, never read or never written"},
	{"zero-access-blocks", NULL, "tbk", "tb", DHAT_PRED_ZERO_ACCESS,
	 "blocks never read or never written"},
	{"low-access", NULL, "tb", "tbk", DHAT_PRED_LOW_ACCESS, "allocated, low access"},
	{"low-access-blocks", NULL, "tbk", "tb", DHAT_PRED_LOW_ACCESS, "blocks with low access"},
	{"eb", "t-end", "eb", "ebk", DHAT_PRED_NONE, "live at t-end (never freed)"},
	{"ebk", NULL, "ebk", "eb", DHAT_PRED_NONE, "blocks live at t-end"},
	{"rb", "reads", "rb", "tb", DHAT_PRED_NONE, "bytes read"},
	{"high-reads", NULL, "rb", "tb", DHAT_PRED_HIGH_ACCESS, "bytes read, high access"},
	{"wb", "writes", "wb", "tb", DHAT_PRED_NONE, "bytes written"},
	{"high-writes", NULL, "wb", "tb", DHAT_PRED_HIGH_ACCESS, "bytes written, high access"},
	{"tl", NULL, "tl", "tbk", DHAT_PRED_NONE, "block lifetimes (instrs)"},
	{"mb", NULL, "mb", "mbk", DHAT_PRED_NONE, "max bytes live (per program point)"},
	{"mbk", NULL, "mbk", "mb", DHAT_PRED_NONE, "max blocks live (per program point)"},
};

/* Allocator and container plumbing: never a site. Matched against a frame's
 * text without its address, e.g. "malloc (in /usr/.../vgpreload_dhat.so)".
 * Frames outside your code are skipped anyway; this names the wrappers a
 * program may have of its own (xmalloc) and, for stacks with no frame of
 * yours, the allocator frames to look past: valgrind's replacements, the C++
 * and Rust allocation paths, and dhat-rs's own (docs/dhat-rs.md). */
static const char default_plumbing[] =
	"^(malloc|calloc|realloc|reallocarray|free|memalign|posix_memalign|aligned_alloc|valloc|pvalloc"
	"|operator new|operator new\\[\\]|strdup|strndup|__strdup|__strndup|xmalloc|xcalloc|xrealloc"
	"|xreallocarray|xstrdup|xstrndup|xasprintf|g_malloc|g_malloc0|g_realloc|g_try_malloc"
	"|PyMem_\\w+|PyObject_(Malloc|Calloc|Realloc)|_PyObject_\\w*|_PyMem_\\w+|__rust_alloc\\w*"
	"|__rust_realloc|__rdl_\\w+|__rg_\\w+|exchange_malloc|do_alloc|alloc_impl|gc_alloc"
	"|PyType_GenericAlloc|_PyType_AllocNoTrack)\\b"
	"|\\(in [^)]*/vgpreload_[^)]*\\)$|\\(vg_replace_\\w+\\.c:"
	"|^(std::|__gnu_cxx::)(__new_allocator|new_allocator|allocator|allocator_traits|_Vector_base"
	"|_Hashtable_alloc|__cxx11::basic_string)"
	"|(^|::|<)(RawVec|RawVecInner|raw_vec|hashbrown|finish_grow|do_reserve_and_handle|grow_one"
	"|grow_amortized|reserve_for_push)"
	"|^<?(alloc::alloc::|dhat::Alloc|__rustc::|__rg_|dhat::ad_hoc_event)"
	"|^(alloc|allocate|allocate_in|_M_allocate|_M_create|_M_get_node|_M_allocate_node"
	"|_M_allocate_buckets|_M_realloc_insert|_M_realloc_append) \\(";

/* The run's patterns, compiled. */
struct options {
	struct regex_list where, not_;
	const struct dhat_view_opts *given; /* their texts */
	size_t stacks;
	bool tree, full_paths;
};
/* Everything the views need, per frame and per sample. */
struct ctx {
	const struct profile *p;
	const struct dhat_meta *meta;
	const struct options *o;
	const struct ownership *own;
	const char *path;
	char **frame_text;  /* "name (file:line)", built on demand: what --where and --not match */
	const char **frame_shown; /* the same with the file as displayed (ownership_short_path) */
	struct arena texts; /* where both live: one frame's text each, freed at once; */
	struct strmap shown; /* but your frames' shown texts once each, interned (shown_texts) */
	bool bare;          /* frame texts without file:line (profan diff's identities) */
	bool *owned, *plumbing;
	/* Stacks cut by valgrind's --num-callers (find_cut_stacks): per stack node, its outermost
	 * node; a stack is cut when it holds CUT_AT code addresses, the most of any, and its
	 * outermost frame is no program or thread entry. NULL: none is. */
	uint32_t *outermost, *addresses;
	uint32_t cut_at;
	bool *keep;        /* passes the filters and the metric's per-point condition */
	bool *keep_filter; /* passes --where/--not only (the tree tests conditions per node) */
	const struct metric_def *def;
	size_t metric, companion, tb; /* metric indices (SIZE_MAX when absent) */
	int64_t total;                /* the metric over the whole file: the 100 % */
};

static bool is_users(struct ctx *c, uint32_t frame)
{
	return c->owned[frame] && !c->plumbing[frame];
}

/* Text built piece by piece into DST (CAP bytes), as snprintf does: LEN counts every byte
 * asked for, written or not. Frame texts are made for every frame (225k on dhat-distinct), and
 * printf's format parsing was most of their cost. */
struct text_out {
	char *dst;
	size_t cap, len;
};

static void out_put(struct text_out *o, const char *s, size_t n)
{
	if (o->len < o->cap)
		memcpy(o->dst + o->len, s, o->len + n <= o->cap ? n : o->cap - o->len);
	o->len += n;
}

static void out_str(struct text_out *o, const char *s)
{
	out_put(o, s, strlen(s));
}

/* V in base 10 ("%u"), or in upper-case hex ("%" PRIX64) when HEX. */
static void out_number(struct text_out *o, uint64_t v, bool hex)
{
	char digits[24];
	size_t i = sizeof(digits);
	do {
		digits[--i] = "0123456789ABCDEF"[hex ? v % 16 : v % 10];
		v = hex ? v / 16 : v / 10;
	} while (v > 0);
	out_put(o, digits + i, sizeof(digits) - i);
}

/* A frame's text into DST (CAP bytes, NUL-terminated when it fits); returns its length.
 * SHOWN: files as displayed (ownership_shown_file), or whole when NULL. */
static size_t frame_text_to(char *dst, size_t cap, const struct profile *p, uint32_t frame,
			    const struct ownership *shown)
{
	const struct pf_frame *fr = &p->frames.items[frame];
	const struct pf_func *f = &p->funcs.items[fr->func];
	struct text_out o = {dst, cap, 0};
	/* without a name, the address is all that tells two frames apart */
	bool address = (f->flags & PF_FUNC_UNRESOLVED) && fr->address != PF_NO_ADDRESS && f->lib != PF_NONE;
	if (address) {
		out_str(&o, "0x");
		out_number(&o, fr->address, true);
		out_str(&o, ": ");
	}
	out_str(&o, profile_str(p, f->name));
	if (!address && f->file) {
		out_str(&o, " (");
		out_str(&o, shown ? ownership_shown_file(shown, p, fr->func) : profile_str(p, f->file));
		out_str(&o, ":");
		out_number(&o, fr->line, false);
		out_str(&o, ")");
	} else if (f->lib != PF_NONE) {
		out_str(&o, " (in ");
		out_str(&o, profile_str(p, p->libs.items[f->lib].path));
		out_str(&o, ")");
	}
	out_put(&o, "", 1);
	return o.len - 1;
}

static char *make_frame_text(struct arena *a, const struct profile *p, uint32_t frame,
			     const struct ownership *shown)
{
	char room[256];
	size_t n = frame_text_to(room, sizeof(room), p, frame, shown);
	if (n < sizeof(room))
		return arena_strndup(a, room, n);
	char *s = arena_alloc(a, n + 1);
	frame_text_to(s, n + 1, p, frame, shown);
	return s;
}

/* A frame as --where and --not see it: "name (file:line)", "name (in object)". */
static const char *frame_text(struct ctx *c, uint32_t frame)
{
	if (c->frame_text[frame] == NULL) {
		const struct pf_func *f = &c->p->funcs.items[c->p->frames.items[frame].func];
		if (c->bare && f->file) /* lines move when code is edited */
			c->frame_text[frame] = arena_strndup(&c->texts, profile_str(c->p, f->name),
							     strlen(profile_str(c->p, f->name)));
		else
			c->frame_text[frame] = make_frame_text(&c->texts, c->p, frame, NULL);
	}
	return c->frame_text[frame];
}

/* A frame as dh_view shows it: valgrind's text as written, when the loader kept it. */
static const char *tree_text(struct ctx *c, uint32_t frame)
{
	uint32_t text = c->p->frames.items[frame].text;
	return text ? profile_str(c->p, text) : frame_text(c, frame);
}

/* A frame as the views show it: std's files shortened unless --full-paths. */
static const char *frame_shown(struct ctx *c, uint32_t frame)
{
	if (c->o->full_paths)
		return frame_text(c, frame);
	if (c->frame_shown[frame] == NULL)
		c->frame_shown[frame] = make_frame_text(&c->texts, c->p, frame, c->own);
	return c->frame_shown[frame];
}

/* Does any pattern of L match frame FRAME's text? A pcre2 failure (a pathological pattern) is
 * an error. Every frame is matched, and most texts are not wanted after (only --where, --not,
 * --full-paths and a diff's bare names read them all): those are made in ROOM (CAP bytes) and
 * not kept. */
static int match_plumbing(struct ctx *c, const struct regex_list *l, uint32_t frame, char **room, size_t *cap)
{
	char err[512];
	const char *t;
	size_t n;
	bool keep = c->o->where.res.len + c->o->not_.res.len > 0 || c->o->full_paths || c->bare;
	if (keep || c->frame_text[frame] != NULL) {
		t = frame_text(c, frame);
		n = strlen(t);
	} else {
		n = frame_text_to(*room, *cap, c->p, frame, NULL);
		if (n >= *cap) {
			*cap = n + 1;
			*room = xrealloc(*room, *cap);
			frame_text_to(*room, *cap, c->p, frame, NULL);
		}
		t = *room;
	}
	int rc = regex_list_any(l, t, n, err, sizeof(err));
	if (rc < 0)
		pf_error("%s: %s", c->path, err);
	return rc;
}

static int classify_frames(struct ctx *c, const struct regex_list *plumbing)
{
	const struct profile *p = c->p;
	size_t cap = 256;
	char *room = xmalloc(cap);
	int rc = 0;
	for (uint32_t fr = 0; fr < p->frames.len && rc >= 0; fr++) {
		c->owned[fr] = ownership_is_yours(c->own, p->frames.items[fr].func);
		rc = match_plumbing(c, plumbing, fr, &room, &cap);
		c->plumbing[fr] = rc > 0;
	}
	free(room);
	return rc < 0 ? -1 : 0;
}

/* The rule of every filter (transform.c): a pattern that matches nothing, or
 * patterns that keep nothing together, are said on stderr. */
static void filter_warnings(struct report *r, const struct ctx *c, uint64_t matched, size_t passed)
{
	const struct options *o = c->o;
	size_t nw = o->where.res.len, nn = o->not_.res.len;
	bool unmatched = false;
	for (size_t i = 0; i < nw + nn; i++)
		if (!(matched >> i & 1)) {
			report_warning(r, "--%s '%s' matches no frame", i < nw ? "where" : "not",
				       i < nw ? o->given->where.items[i] : o->given->not_.items[i - nw]);
			unmatched = true;
		}
	if (nw + nn > 0 && passed == 0 && !unmatched && c->p->sample_count > 0)
		report_warning(r, "--where/--not keep no program point: every view is empty");
}

/* keep[i]: sample i passes --where/--not and the metric's condition. *MATCHED gets
 * bit i for each pattern (--where first, then --not) that some frame matches,
 * *PASSED the number of points the patterns alone keep. */
static int compute_keep(struct ctx *c, size_t *kept, uint64_t *matched, size_t *passed)
{
	const struct profile *p = c->p;
	const struct options *o = c->o;
	size_t nw = o->where.res.len, nn = o->not_.res.len;
	/* bit i < nw: where[i] matched somewhere on the path; bit nw + j: not[j] matched */
	uint64_t *frame_bits = NULL, *node_bits = NULL; /* only with patterns: else every bit is 0 */
	int rc = 0;
	if (nw + nn > 0) {
		frame_bits = xcalloc(p->frames.len + 1, sizeof(*frame_bits));
		node_bits = xcalloc(p->stacks.len + 1, sizeof(*node_bits));
		char err[512];
		for (uint32_t fr = 0; fr < p->frames.len && rc == 0; fr++) {
			const char *t = frame_text(c, fr);
			for (size_t i = 0; i < nw + nn && rc == 0; i++) {
				const struct regex *re =
					i < nw ? o->where.res.items[i] : o->not_.res.items[i - nw];
				int m = regex_match(re, t, strlen(t), err, sizeof(err));
				if (m < 0) {
					pf_error("%s: %s", c->path, err);
					rc = -1;
				} else if (m) {
					frame_bits[fr] |= UINT64_C(1) << i;
					*matched |= UINT64_C(1) << i;
				}
			}
		}
		for (size_t n = 0; n < p->stacks.len; n++) {
			uint32_t parent = p->stacks.items[n].parent;
			node_bits[n] = frame_bits[p->stacks.items[n].frame] |
				       (parent == PF_NONE ? 0 : node_bits[parent]);
		}
	}
	uint64_t want = nw == 64 ? UINT64_MAX : (UINT64_C(1) << nw) - 1;
	*kept = *passed = 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		uint64_t bits = s == PF_NONE || node_bits == NULL ? 0 : node_bits[s];
		bool k = (bits & want) == want && (nn == 0 || (bits >> nw) == 0);
		c->keep_filter[i] = k;
		c->keep[i] = k && dhat_pred_holds(p, c->meta, i, c->def->pred);
		*kept += c->keep[i];
		*passed += k;
	}
	free(frame_bits);
	free(node_bits);
	return rc;
}

static int64_t metric_sum(const struct ctx *c, size_t m, bool filtered)
{
	int64_t s = 0;
	if (m == SIZE_MAX)
		return 0;
	for (size_t i = 0; i < c->p->sample_count; i++)
		if (!filtered || c->keep[i])
			s += c->p->sample_values[m][i];
	return s;
}

/* The profiled program's base name, for titles ("C:\\x\\prog.exe" is "prog"). */
static const char *program_name(const struct ctx *c)
{
	return *c->meta->program ? c->meta->program : "the program's";
}

/* "36,921 B (36.06 KiB)" for bytes, "1,234" for counts. */
static const char *fmt_exact(struct report *r, int64_t v, enum pf_unit unit)
{
	char grouped[32], human[64];
	report_group_digits(grouped, v);
	if (unit != PF_UNIT_BYTES)
		return report_strdup(r, grouped);
	if (v < 1024 && v > -1024)
		return report_printf(r, "%s B", grouped);
	report_format_value(human, sizeof(human), v, unit);
	return report_printf(r, "%s B (%s)", grouped, human);
}

/* A moment of the run in the file's time unit: valgrind's instructions as counted, dhat-rs's
 * microseconds as a person reads a time ("3.72 ms", "7.75 min"). */
static const char *fmt_moment(struct report *r, const struct dhat_meta *m, int64_t t)
{
	if (strcmp(m->tu, "µs") == 0) {
		char human[64];
		report_format_value(human, sizeof(human), t, PF_UNIT_MICROSECONDS);
		return report_strdup(r, human);
	}
	return report_printf(r, "%" PRId64 " %s", t, m->tu);
}

/* The metric's title; copy and ad-hoc files count copies or events, not allocations. */
/* View titles start with a capital, as in every other subcommand. */
static const char *capitalized(struct report *r, const char *s)
{
	char *t = (char *)report_strdup(r, s);
	if (t[0] >= 'a' && t[0] <= 'z')
		t[0] = (char)(t[0] - 'a' + 'A');
	return t;
}

static const char *metric_title(struct report *r, const struct ctx *c)
{
	const char *f = c->def->field;
	bool blocks = strcmp(f, "tbk") == 0;
	if (c->meta->kind == DHAT_HEAP || (!blocks && strcmp(f, "tb") != 0) || c->def->pred)
		return c->def->title;
	if (c->meta->kind == DHAT_COPY)
		return blocks ? "copies in total" : "copied in total";
	return report_printf(r, "%s in total", blocks ? c->meta->blocks : c->meta->units);
}

static double pct(int64_t v, int64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0;
}

static void header(struct report *r, struct ctx *c, size_t kept)
{
	const struct profile *p = c->p;
	const struct dhat_meta *m = c->meta;
	/* merged runs: sums cover every file, the run's own facts are the first file's */
	const char *first = profile_run_count(p) > 1 ? " (file 1)" : "";
	report_header(r, "Input", "%s (%s)", c->path, p->format_detail);
	report_header(r, "Command", "%s%s", m->cmd, first);
	report_header(r, "PID", "%" PRId64 "%s", m->pid, first);
	report_header(r, "Mode", "%s", m->mode);
	yours_header(r, p, c->own);
	size_t tb = profile_metric_index(p, "tb"), tbk = profile_metric_index(p, "tbk");
	enum pf_unit u = p->metrics[tb].unit;
	const char *verb = m->kind == DHAT_COPY ? "copied" : m->kind == DHAT_HEAP ? "allocated" : NULL;
	if (u != PF_UNIT_BYTES)
		verb = m->units;
	report_header(r, "Total", "%s%s%s in %s %s", fmt_exact(r, metric_sum(c, tb, false), u), verb ? " " : "",
		      verb ? verb : "", fmt_exact(r, metric_sum(c, tbk, false), PF_UNIT_COUNT),
		      m->kind == DHAT_COPY ? "copies" : m->blocks);
	report_figure(r, "Total", "total", metric_sum(c, tb, false), u);
	report_figure(r, "Total", "blocks", metric_sum(c, tbk, false), PF_UNIT_COUNT);
	if (m->bklt) {
		size_t gb = profile_metric_index(p, "gb"), gbk = profile_metric_index(p, "gbk");
		size_t eb = profile_metric_index(p, "eb"), ebk = profile_metric_index(p, "ebk");
		int64_t gblocks = metric_sum(c, gbk, false), eblocks = metric_sum(c, ebk, false);
		report_header(r, "At t-gmax", "%s in %s block%s, at %s%s (%.2f%% of the run)",
			      fmt_exact(r, metric_sum(c, gb, false), u), fmt_exact(r, gblocks, PF_UNIT_COUNT),
			      gblocks == 1 ? "" : "s", fmt_moment(r, m, m->tg), first, pct(m->tg, m->te));
		report_header(r, "At t-end", "%s in %s block%s, at %s%s",
			      fmt_exact(r, metric_sum(c, eb, false), u), fmt_exact(r, eblocks, PF_UNIT_COUNT),
			      eblocks == 1 ? "" : "s", fmt_moment(r, m, m->te), first);
		report_figure(r, "At t-gmax", "total", metric_sum(c, gb, false), u);
		report_figure(r, "At t-gmax", "blocks", gblocks, PF_UNIT_COUNT);
		report_figure(r, "At t-end", "total", metric_sum(c, eb, false), u);
		report_figure(r, "At t-end", "blocks", eblocks, PF_UNIT_COUNT);
	} else {
		report_header(r, "t-end", "%s%s", fmt_moment(r, m, m->te), first);
	}
	if (m->bkacc) {
		size_t rb = profile_metric_index(p, "rb"), wb = profile_metric_index(p, "wb");
		report_header(r, "Reads, writes", "%s read, %s written",
			      fmt_exact(r, metric_sum(c, rb, false), u),
			      fmt_exact(r, metric_sum(c, wb, false), u));
		report_figure(r, "Reads, writes", "read", metric_sum(c, rb, false), u);
		report_figure(r, "Reads, writes", "written", metric_sum(c, wb, false), u);
	}
	report_header(r, "Program points", "%zu%s%s", m->pps, first,
		      m->merged ? report_printf(r, " (%zu merged into identical stacks)", m->merged) : "");
	const struct pf_metric *pm = &p->metrics[c->metric];
	static const char *const conditions[] = {
		[DHAT_PRED_TINY] = "average size <= 16 bytes",
		[DHAT_PRED_SHORT_LIVED] = "average lifetime <= %" PRId64 " %s",
		[DHAT_PRED_ZERO_ACCESS] = "no reads or no writes",
		[DHAT_PRED_LOW_ACCESS] = "reads or writes <= 0.4 per byte, neither 0",
		[DHAT_PRED_HIGH_ACCESS] = "reads or writes >= 1000 per byte",
	};
	if (c->def->pred)
		report_header(r, "Metric", "%s: %s of the program points with %s", c->def->name, pm->label,
			      report_printf(r, conditions[c->def->pred], m->tuth, m->tu));
	else
		report_header(r, "Metric", "%s: %s", c->def->name, pm->label);
	const struct options *o = c->o;
	if (o->where.res.len || o->not_.res.len || c->def->pred) {
		char filt[1024] = "";
		size_t n = 0;
		for (size_t i = 0; i < o->where.res.len; i++)
			n += (size_t)snprintf(filt + n, n < sizeof(filt) ? sizeof(filt) - n : 0,
					      "%s--where '%s'", n ? " " : "",
					      regex_pattern(o->where.res.items[i]));
		for (size_t i = 0; i < o->not_.res.len && n < sizeof(filt); i++)
			n += (size_t)snprintf(filt + n, sizeof(filt) - n, "%s--not '%s'", n ? " " : "",
					      regex_pattern(o->not_.res.items[i]));
		int64_t v = metric_sum(c, c->metric, true);
		const char *what;
		if (m->bklt) {
			size_t gb = profile_metric_index(p, "gb"), gbk = profile_metric_index(p, "gbk");
			int64_t blocks = metric_sum(c, gbk, true);
			what = report_printf(r, "%s live at t-gmax in %s block%s, %s allocated over the run",
					     fmt_exact(r, metric_sum(c, gb, true), u), fmt_exact(r, blocks, PF_UNIT_COUNT),
					     blocks == 1 ? "" : "s", fmt_exact(r, metric_sum(c, tb, true), u));
		} else {
			what = report_printf(r, "%s in %s %s", fmt_exact(r, metric_sum(c, tb, true), u),
					     fmt_exact(r, metric_sum(c, tbk, true), PF_UNIT_COUNT),
					     m->blocks);
		}
		report_header(r, "Kept", "%zu of %zu program points%s%s: %s; %s = %.2f%% of all", kept,
			      p->sample_count, n ? " by " : "", filt, what, c->def->name, pct(v, c->total));
	}
	if (strcmp(c->def->field, "mb") == 0 || strcmp(c->def->field, "mbk") == 0) {
		if (m->version == 2)
			report_warning(
				r,
				"DHAT 3.17 and later update mb/mbk only when the program point itself sets "
				"the global peak; most values are stale or 0");
	}
	for (size_t i = 0; i < p->warnings.len; i++)
		report_keep_warning(r, p->warnings.items[i]);
}

/* ---------------------------------------------------------------- views */

struct agg {
	struct strmap keys; /* row text -> id */
	VEC(int64_t) vals;  /* 3 per id: metric, companion, tb */
	VEC(uint32_t) func; /* per id: the site's function */
	VEC(uint32_t) line; /* per id: the site's line */
	VEC(bool) fallback; /* the site has no frame of your code */
};

static void agg_add(struct agg *a, uint32_t id, const int64_t v[3], uint32_t func, uint32_t line, bool fallback)
{
	while (a->vals.len < ((size_t)id + 1) * 3)
		vec_push(&a->vals, 0);
	while (a->fallback.len <= id) {
		vec_push(&a->fallback, false);
		vec_push(&a->func, PF_NONE);
		vec_push(&a->line, 0);
	}
	for (int k = 0; k < 3; k++)
		a->vals.items[(size_t)id * 3 + (size_t)k] += v[k];
	a->fallback.items[id] = fallback;
	a->func.items[id] = func;
	a->line.items[id] = line;
}

static void agg_release(struct agg *a)
{
	vec_free(&a->vals);
	vec_free(&a->func);
	vec_free(&a->line);
	vec_free(&a->fallback);
	strmap_release(&a->keys);
}

static void sample_vals(const struct ctx *c, size_t i, int64_t v[3])
{
	v[0] = c->p->sample_values[c->metric][i];
	v[1] = c->companion == SIZE_MAX ? 0 : c->p->sample_values[c->companion][i];
	v[2] = c->tb == SIZE_MAX ? 0 : c->p->sample_values[c->tb][i];
}

/* Where a program's or a thread's stack begins: a complete stack ends at one of these. An
 * unnamed frame ("???", ld.so's own entry) may be one: no evidence of a cut. */
static bool is_entry(const char *name)
{
	static const char *const entries[] = {"???", "main", "(below main)", "_start", "_dl_start", "__libc_start_main",
					      "__libc_start_call_main", "start_thread", "clone", "clone3",
					      "__clone", "__clone3", "thread_start", "_thread_start"};
	for (size_t i = 0; i < ARRAY_SIZE(entries); i++)
		if (strcmp(name, entries[i]) == 0)
			return true;
	return false;
}

/* valgrind records at most --num-callers code addresses per stack (inlined frames share one),
 * and the file does not say how many were asked for: a stack holding as many as the longest
 * and not ending at an entry was cut short, when other stacks show what entries look like.
 * dhat-rs files are not valgrind's. */
static void find_cut_stacks(struct ctx *c)
{
	const struct profile *p = c->p;
	if (c->meta->rust || p->stacks.len == 0)
		return;
	uint32_t *addresses = xreallocarray(NULL, p->stacks.len, sizeof(*addresses));
	uint32_t *outermost = xreallocarray(NULL, p->stacks.len, sizeof(*outermost));
	for (uint32_t n = 0; n < p->stacks.len; n++) { /* parents come first */
		uint32_t up = p->stacks.items[n].parent;
		const struct pf_frame *f = profile_stack_frame(p, n);
		bool inlined_in_up = up != PF_NONE && f->address != PF_NO_ADDRESS &&
				     f->address == profile_stack_frame(p, up)->address;
		addresses[n] = (up == PF_NONE ? 0 : addresses[up]) + !inlined_in_up;
		outermost[n] = up == PF_NONE ? n : outermost[up];
	}
	uint32_t most = 0;
	bool cut = false, whole = false;
	for (size_t i = 0; i < p->sample_count; i++)
		if (p->sample_stack[i] != PF_NONE && addresses[p->sample_stack[i]] > most)
			most = addresses[p->sample_stack[i]];
	for (size_t i = 0; i < p->sample_count && !(cut && whole); i++) {
		uint32_t s = p->sample_stack[i];
		bool entry = s != PF_NONE && is_entry(profile_func_name(p, profile_stack_func(p, outermost[s])));
		cut = cut || (s != PF_NONE && addresses[s] == most && !entry);
		whole = whole || entry;
	}
	if (!cut || !whole) { /* no stack reaches an entry: the file's entries are not known ones */
		free(addresses);
		free(outermost);
		return;
	}
	c->addresses = addresses;
	c->outermost = outermost;
	c->cut_at = most;
}

/* Was the stack ending at LEAF cut short (find_cut_stacks)? */
static bool stack_cut(const struct ctx *c, uint32_t leaf)
{
	return c->outermost && leaf != PF_NONE && c->addresses[leaf] == c->cut_at &&
	       !is_entry(profile_func_name(c->p, profile_stack_func(c->p, c->outermost[leaf])));
}

/* One line when kept stacks were cut short: their sites and callers are what was left. */
static void cut_warning(struct report *r, const struct ctx *c)
{
	const struct profile *p = c->p;
	size_t cut = 0, kept = 0;
	int64_t value = 0;
	for (size_t i = 0; c->outermost && i < p->sample_count; i++) {
		kept += c->keep[i];
		if (c->keep[i] && stack_cut(c, p->sample_stack[i])) {
			cut++;
			value += p->sample_values[c->metric][i];
		}
	}
	if (cut == 0)
		return;
	char v[64];
	report_format_value(v, sizeof(v), value, p->metrics[c->metric].unit);
	report_warning(r,
		       "%zu of %zu program points (%s of %s) have stacks cut off at %u code addresses, short of "
		       "main: their sites are \"(stack truncated)\" where no frame of yours is left; rerun "
		       "valgrind with a larger --num-callers (40)",
		       cut, kept, v, p->metrics[c->metric].name, c->cut_at);
}

/* The site of the stack ending at LEAF: its first (innermost) frame of your
 * code that is no allocator wrapper of yours. With none (*FALLBACK), the first
 * frame of a dependency past the allocator, else the first frame past it, else
 * the innermost frame. PF_NONE for an empty stack. */
static uint32_t site_node(const struct ctx *c, uint32_t leaf, bool *fallback);

/* One node N of a stack, leaf first, in the search for its site (site_node): true when N is the
 * site; else *DEP and *OTHER note the fallbacks. */
static inline bool site_step(const struct ctx *c, uint32_t n, uint32_t *dep, uint32_t *other)
{
	const struct profile *p = c->p;
	uint32_t fr = p->stacks.items[n].frame;
	if (c->plumbing[fr])
		return false;
	if (c->owned[fr])
		return true;
	if (*dep == PF_NONE && ownership_class(c->own, p->frames.items[fr].func) == OWN_DEPENDENCY)
		*dep = n;
	if (*other == PF_NONE)
		*other = n;
	return false;
}

static uint32_t site_node(const struct ctx *c, uint32_t leaf, bool *fallback)
{
	uint32_t dep = PF_NONE, other = PF_NONE;
	*fallback = true;
	for (uint32_t n = leaf; n != PF_NONE; n = c->p->stacks.items[n].parent)
		if (site_step(c, n, &dep, &other)) {
			*fallback = false;
			return n;
		}
	return dep != PF_NONE ? dep : other != PF_NONE ? other : leaf;
}

/* A caller chain walks up from its site (chain_start, then chain_step per node) and names each
 * function once per step. Valgrind's UnknownInlinedFun named after its owner from the stack
 * (PF_FRAME_NAMED: "make_strings (rsnames.rs:12)", code std's iterators call) lies under the
 * owner's own frame ("make_strings (rsnames.rs:14)"): one step, read at the named frame's line,
 * "make_strings (rsnames.rs:12) <- rsnames::main (rsnames.rs:53)". A recursion, whose frames are
 * the producer's, keeps its steps. */
struct chain_walk {
	uint32_t func; /* the function last shown */
	bool named;    /* the frame last met of it was named from the stack */
};

static struct chain_walk chain_start(const struct profile *p, uint32_t site)
{
	const struct pf_frame *fr = &p->frames.items[p->stacks.items[site].frame];
	return (struct chain_walk){fr->func, (fr->flags & PF_FRAME_NAMED) != 0};
}

/* Is node N, a frame of yours (MINE) or not, a step of the chain? */
static inline bool chain_step(const struct profile *p, struct chain_walk *w, uint32_t n, bool mine)
{
	const struct pf_frame *fr = &p->frames.items[p->stacks.items[n].frame];
	if (!mine)
		return false;
	bool again = fr->func == w->func && w->named;
	*w = (struct chain_walk){fr->func, (fr->flags & PF_FRAME_NAMED) != 0};
	return !again;
}

/* The caller chain of a site: " <- f (file:line)" for each frame of yours above it, innermost first
 * (chain_step's), up to MOST frames. */
static char *caller_chain(struct ctx *c, uint32_t site, size_t most)
{
	const struct profile *p = c->p;
	size_t len = 0, cap = 64, frames = 0;
	char *out = xmalloc(cap);
	out[0] = '\0';
	struct chain_walk walk = chain_start(p, site);
	for (uint32_t n = p->stacks.items[site].parent; n != PF_NONE && frames < most; n = p->stacks.items[n].parent) {
		uint32_t fr = p->stacks.items[n].frame;
		if (!chain_step(p, &walk, n, c->owned[fr]))
			continue;
		const char *t = frame_shown(c, fr);
		size_t tl = strlen(t);
		if (len + tl + 5 > cap) { /* a recursion 100000 deep: doubling, not one realloc per frame */
			cap = grow_cap(cap, len + tl + 5, cap);
			out = xrealloc(out, cap);
		}
		memcpy(out + len, " <- ", 4);
		memcpy(out + len + 4, t, tl + 1);
		len += tl + 4;
		frames++;
	}
	return out;
}

static void add_cols(struct report_table *t, const struct ctx *c)
{
	const struct profile *p = c->p;
	report_table_share_col(t, c->def->field, p->metrics[c->metric].unit, c->total);
	if (c->companion != SIZE_MAX)
		report_table_col(t, p->metrics[c->companion].name, p->metrics[c->companion].unit, 0);
	if (c->tb != SIZE_MAX && c->tb != c->metric && c->tb != c->companion)
		report_table_col(t, "tb", p->metrics[c->tb].unit, 0);
}

static void fill_row(struct report_row *row, const struct report_table *t, const struct ctx *c,
		     const int64_t *v)
{
	row->values[0] = v[0];
	size_t col = 1;
	if (c->companion != SIZE_MAX)
		row->values[col++] = v[1];
	if (col < t->col_count)
		row->values[col] = v[2];
}

/* What the sites and functions views need of every kept stack, made in one walk of it from
 * its leaf to the root (a million stacks of 40 nodes are 40 M reads at random in the stack
 * table: once, not three times). Per sample: its site node (PF_NONE: an empty stack), whether
 * it is a fallback, and its caller chain (caller_chain's frames) as two 64-bit hashes of their
 * shown texts' ids, so a chain is written out only when a row shows it. Per function of yours:
 * its inclusive values, a function counted once per stack. */
struct sites {
	uint32_t *node;
	bool *fallback;
	bool *cut; /* no frame of yours on a stack cut short: the site is its outermost frame */
	uint64_t (*chain)[2];
	int64_t *incl;   /* 3 per function: metric, companion, tb */
	bool *incl_seen;
	uint32_t *text_of; /* per frame of yours: its shown text's id in ctx.shown + 1 */
};

/* The shown texts of your frames (the views show them, and the caller chains are known by
 * them): each made in a scratch buffer and interned in C->shown, where it is kept once however
 * many frames show it (the copies of one function at other addresses), and its id. */
static void shown_texts(struct ctx *c, struct sites *st)
{
	size_t n = c->p->frames.len, cap = 256;
	char *room = xmalloc(cap);
	for (size_t fr = 0; fr < n; fr++) {
		if (!c->owned[fr])
			continue;
		uint32_t id;
		if (c->o->full_paths || c->frame_shown[fr] != NULL) { /* frame_shown is frame_text */
			id = strmap_intern(&c->shown, frame_shown(c, (uint32_t)fr));
		} else {
			size_t len = frame_text_to(room, cap, c->p, (uint32_t)fr, c->own);
			if (len >= cap) {
				cap = len + 1;
				room = xrealloc(room, cap);
				frame_text_to(room, cap, c->p, (uint32_t)fr, c->own);
			}
			id = strmap_intern_len(&c->shown, room, len);
			c->frame_shown[fr] = strmap_str(&c->shown, id);
		}
		st->text_of[fr] = id + 1;
	}
	free(room);
}

/* One half of the samples, walked from leaf to root (sites_compute): each sample's site node
 * and chain into ST, the inclusive values of your functions into INCL and INCL_SEEN. */
struct walk_half {
	struct ctx *c;
	struct sites *st;
	const uint32_t *owned_func; /* per frame, its function when the frame is yours */
	size_t from, to;
	int64_t *incl;
	bool *incl_seen;
};

static void walk_samples(void *arg)
{
	const struct walk_half *w = arg;
	const struct ctx *c = w->c;
	const struct profile *p = c->p;
	struct sites *st = w->st;
	size_t *stamp = xcalloc(p->funcs.len + 1, sizeof(*stamp)); /* a function once per stack */
	for (size_t i = w->from; i < w->to; i++) {
		uint32_t s = p->sample_stack[i];
		st->node[i] = PF_NONE;
		st->fallback[i] = true;
		if (!c->keep[i])
			continue;
		int64_t v[3];
		sample_vals(c, i, v);
		uint32_t site = PF_NONE, dep = PF_NONE, other = PF_NONE;
		uint64_t h1 = 0x9e3779b97f4a7c15ULL, h2 = 0x2545f4914f6cdd1dULL;
		struct chain_walk walk = {0};
		for (uint32_t n = s; n != PF_NONE; n = p->stacks.items[n].parent) {
			uint32_t fr = p->stacks.items[n].frame, f = w->owned_func[fr];
			if (f != PF_NONE && stamp[f] != i + 1) {
				stamp[f] = i + 1;
				w->incl_seen[f] = true;
				for (int k = 0; k < 3; k++)
					w->incl[(size_t)f * 3 + (size_t)k] += v[k];
			}
			if (site == PF_NONE) {
				if (site_step(c, n, &dep, &other)) {
					site = n;
					walk = chain_start(p, n);
				}
			} else if (chain_step(p, &walk, n, f != PF_NONE)) { /* a step of the chain */
				uint64_t t = st->text_of[fr];
				h1 = hash_mix(h1 ^ t);
				h2 = hash_mix(h2 + t * 0xff51afd7ed558ccdULL);
			}
		}
		if (site != PF_NONE) {
			st->node[i] = site;
			st->fallback[i] = false;
			st->chain[i][0] = h1;
			st->chain[i][1] = h2;
		} else if (stack_cut(c, s)) {
			st->node[i] = c->outermost[s];
			st->cut[i] = true;
		} else if (s != PF_NONE) {
			st->node[i] = dep != PF_NONE ? dep : other != PF_NONE ? other : s;
		}
	}
	free(stamp);
}

static void sites_compute(struct ctx *c, struct sites *st)
{
	const struct profile *p = c->p;
	size_t nf = p->funcs.len;
	st->node = xcalloc(p->sample_count + 1, sizeof(*st->node));
	st->fallback = xcalloc(p->sample_count + 1, sizeof(*st->fallback));
	st->cut = xcalloc(p->sample_count + 1, sizeof(*st->cut));
	st->chain = xcalloc(p->sample_count + 1, sizeof(*st->chain));
	st->incl = xcalloc((nf + 1) * 3, sizeof(*st->incl));
	st->incl_seen = xcalloc(nf + 1, sizeof(*st->incl_seen));
	st->text_of = xcalloc(p->frames.len + 1, sizeof(*st->text_of));
	shown_texts(c, st);
	/* per frame, its function when the frame is your code (cache-resident, unlike the nodes) */
	uint32_t *owned_func = xreallocarray(NULL, p->frames.len + 1, sizeof(*owned_func));
	for (size_t fr = 0; fr < p->frames.len; fr++)
		owned_func[fr] = c->owned[fr] ? p->frames.items[fr].func : PF_NONE;
	/* two halves of the samples at once; the second's sums added to the first's after */
	size_t half = p->sample_count / 2;
	struct walk_half mine = {c, st, owned_func, 0, half, st->incl, st->incl_seen};
	struct walk_half other = {c, st, owned_func, half, p->sample_count, xcalloc((nf + 1) * 3, sizeof(int64_t)),
				  xcalloc(nf + 1, sizeof(bool))};
	task_halves(walk_samples, &mine, &other, "profan-views");
	for (size_t f = 0; f < nf; f++) {
		st->incl_seen[f] |= other.incl_seen[f];
		for (size_t k = 0; k < 3; k++)
			st->incl[f * 3 + k] += other.incl[f * 3 + k];
	}
	free(other.incl);
	free(other.incl_seen);
	free(owned_func);
}

static void sites_release(struct sites *st)
{
	free(st->node);
	free(st->fallback);
	free(st->cut);
	free(st->chain);
	free(st->incl);
	free(st->incl_seen);
	free(st->text_of);
}

static const char *site_kind(const struct ctx *c)
{
	return c->meta->kind == DHAT_HEAP ? "allocation" : c->meta->kind == DHAT_COPY ? "copy" : "event";
}

/* Caller chains, each known by its two hashes (struct sites): two chains are taken for one only
 * if both agree, a chance of about 2^-88 among a million chains. */
struct chains {
	struct u64map index;  /* first hash (the next one, on a clash) -> chain */
	VEC(uint64_t) check;  /* per chain: its second hash */
	VEC(uint32_t) site;   /* per chain: a site node whose chain it is, to write it out */
};

/* The chain of hashes H, of site SITE, added when new. */
static uint32_t chain_of(struct chains *ch, const uint64_t h[2], uint32_t site)
{
	for (uint64_t key = h[0];; key = hash_mix(key + 1)) {
		uint32_t *slot = u64map_slot(&ch->index, key);
		if (*slot == HTAB_NONE) {
			*slot = (uint32_t)ch->check.len;
			vec_push(&ch->check, h[1]);
			vec_push(&ch->site, site);
			return *slot;
		}
		if (ch->check.items[*slot] == h[1])
			return *slot;
	}
}

static void chains_release(struct chains *ch)
{
	u64map_release(&ch->index);
	vec_free(&ch->check);
	vec_free(&ch->site);
}

static void view_sites(struct report *r, struct ctx *c, const struct sites *st)
{
	const struct profile *p = c->p;
	struct agg a = {0};
	struct chains chains = {0};
	strmap_init(&a.keys);
	/* per (site, caller chain): the metric, to find each site's main chain */
	struct u64map pair = {0};
	VEC(int64_t) pair_sum = {0};
	uint32_t *row_of = xcalloc(p->frames.len + 1, sizeof(*row_of)); /* site frame -> row id + 1 */
	uint32_t *cut_row_of = c->outermost ? xcalloc(p->frames.len + 1, sizeof(*cut_row_of)) : NULL;
	size_t kept = 0;
	for (size_t i = 0; i < p->sample_count; i++)
		kept += c->keep[i];
	u64map_reserve(&pair, kept); /* at most one chain, and one (site, chain) pair, per sample */
	u64map_reserve(&chains.index, kept);
	for (size_t i = 0; i < p->sample_count; i++) {
		if (!c->keep[i])
			continue;
		uint32_t n = st->node[i], id;
		bool chain = false;
		uint32_t ch = 0;
		if (n == PF_NONE) {
			id = strmap_intern(&a.keys, "(empty stack)");
		} else {
			uint32_t fr = p->stacks.items[n].frame;
			uint32_t *slot = st->cut[i] ? &cut_row_of[fr] : &row_of[fr];
			if (*slot == 0) {
				char *cut = st->cut[i] ? xasprintf("(stack truncated) %s", frame_shown(c, fr)) : NULL;
				*slot = strmap_intern(&a.keys, cut ? cut : frame_shown(c, fr)) + 1;
				free(cut);
			}
			id = *slot - 1;
			if (!st->fallback[i]) {
				chain = true;
				ch = chain_of(&chains, st->chain[i], n);
			}
		}
		int64_t v[3];
		sample_vals(c, i, v);
		agg_add(&a, id, v, n == PF_NONE ? PF_NONE : profile_stack_func(p, n),
			n == PF_NONE ? 0 : profile_stack_frame(p, n)->line, st->fallback[i]);
		if (chain) {
			uint32_t *slot = u64map_slot(&pair, (uint64_t)id << 32 | ch);
			if (*slot == HTAB_NONE) {
				*slot = (uint32_t)pair_sum.len;
				vec_push(&pair_sum, 0);
			}
			pair_sum.items[*slot] += v[0] != 0 ? v[0] : v[1];
		}
	}
	/* each site's main chain (ties: the first in byte order) and how many it has */
	size_t nid = a.keys.count;
	uint32_t *best = xreallocarray(NULL, nid + 1, sizeof(*best)), *count = xcalloc(nid + 1, sizeof(*count));
	int64_t *best_v = xcalloc(nid + 1, sizeof(*best_v));
	memset(best, 0xff, (nid + 1) * sizeof(*best));
	for (size_t e = 0; e < pair.len; e++) {
		uint32_t id = (uint32_t)(pair.keys[e] >> 32), ch = (uint32_t)pair.keys[e];
		int64_t v = pair_sum.items[pair.vals[e]];
		count[id]++;
		bool better = best[id] == PF_NONE || v > best_v[id];
		if (!better && v == best_v[id]) {
			char *x = caller_chain(c, chains.site.items[ch], SIZE_MAX);
			char *y = caller_chain(c, chains.site.items[best[id]], SIZE_MAX);
			better = strcmp(x, y) < 0;
			free(x);
			free(y);
		}
		if (better)
			best[id] = ch, best_v[id] = v;
	}
	struct report_table *t = report_add_table(
		r, "sites", report_printf(r, "%s by %s site", capitalized(r, metric_title(r, c)), site_kind(c)), "Site");
	t->note = report_printf(r,
				"Site: the %s line of your code (its first frame of yours, your allocator wrappers "
				"skipped), then its main caller chain; '*' marks stacks with no frame of yours",
				c->meta->kind == DHAT_HEAP ? "allocating" : "recording");
	add_cols(t, c);
	for (uint32_t id = 1; id < a.keys.count; id++) {
		if ((size_t)id * 3 >= a.vals.len)
			continue;
		const int64_t *v = &a.vals.items[(size_t)id * 3];
		if (v[0] == 0 && v[1] == 0)
			continue;
		bool fb = a.fallback.items[id];
		struct report_row *row = report_table_row(r, t, strmap_str(&a.keys, id), fb ? "*" : NULL);
		uint32_t f = a.func.items[id];
		row->flags = fb ? 0 : REPORT_ROW_OWNED;
		if (f != PF_NONE) {
			enum own_class cls = ownership_class(c->own, f);
			row->cls = ownership_class_name(cls);
			const char *label = yours_label(p, c->own, f);
			if (label)
				row->label = report_strdup(r, label);
			if (p->funcs.items[f].file) {
				row->file = report_strdup(r, profile_str(p, p->funcs.items[f].file));
				row->line = a.line.items[id];
			}
		}
		if (best[id] != PF_NONE) {
			/* the chain as shown: its first two frames of yours, and whether a third follows (its
			 * " <- " is the third: three frames are all the search below reads of the chain) */
			char *full = caller_chain(c, chains.site.items[best[id]], 3);
			const char *cut = full;
			for (int k = 0; k < 3 && cut; k++)
				cut = strstr(cut + (k ? 4 : 0), " <- ");
			char *head = cut ? xasprintf("%.*s <- \u2026", (int)(cut - full), full) : xstrdup(full);
			if (*head == '\0')
				row->context = count[id] > 1 ? report_printf(r, "(no caller of yours), 1 of %u caller chains",
									       count[id])
							     : NULL;
			else if (count[id] > 1)
				row->context = report_printf(r, "%s, 1 of %u caller chains", head + 1, count[id]);
			else
				row->context = report_strdup(r, head + 1);
			row->context_count = count[id];
			free(head);
			free(full);
		}
		fill_row(row, t, c, v);
	}
	report_table_finish(t);
	free(best);
	free(best_v);
	free(count);
	free(row_of);
	free(cut_row_of);
	u64map_release(&pair);
	vec_free(&pair_sum);
	chains_release(&chains);
	agg_release(&a);
}

/* Your functions: where they allocate (each stack to its site's function), and inclusive. */
static void view_functions(struct report *r, struct ctx *c, const struct sites *st)
{
	const struct profile *p = c->p;
	size_t key_count = p->funcs.len, none = key_count, cut = key_count + 1;
	int64_t *vals = xcalloc((key_count + 2) * 3, sizeof(*vals));
	bool *seen = xcalloc(key_count + 2, sizeof(*seen));
	for (size_t i = 0; i < p->sample_count; i++) {
		if (!c->keep[i])
			continue;
		int64_t v[3];
		sample_vals(c, i, v);
		size_t f = st->cut[i]					 ? cut
			   : st->node[i] == PF_NONE || st->fallback[i] ? none
								       : profile_stack_func(p, st->node[i]);
		seen[f] = true;
		for (int k = 0; k < 3; k++)
			vals[f * 3 + (size_t)k] += v[k];
	}
	struct report_table *t = report_add_table(
		r, "functions_self",
		report_printf(r, "%s by %s function (where it %s)", capitalized(r, metric_title(r, c)),
			      program_name(c), c->meta->kind == DHAT_HEAP ? "allocates" : "records"),
		"Function");
	t->note = "each stack to the function of its site";
	add_cols(t, c);
	for (size_t f = 0; f <= cut; f++) {
		if (!seen[f] || (vals[f * 3] == 0 && vals[f * 3 + 1] == 0))
			continue;
		struct report_row *row =
			f == cut ? report_table_row(r, t, "(stack truncated)", NULL)
				 : yours_row(r, t, p, c->own, (uint32_t)f, c->o->full_paths, "(no frame of your code)");
		fill_row(row, t, c, &vals[f * 3]);
	}
	report_table_finish(t);

	t = report_add_table(r, "functions",
			     report_printf(r, "%s by %s function (inclusive)", capitalized(r, metric_title(r, c)),
					   program_name(c)),
			     "Function");
	t->note = "each function counted once per stack, however often it appears on it";
	add_cols(t, c);
	for (size_t f = 0; f < key_count; f++) {
		const int64_t *v = &st->incl[f * 3];
		if (!st->incl_seen[f] || (v[0] == 0 && v[1] == 0))
			continue;
		fill_row(yours_row(r, t, p, c->own, (uint32_t)f, c->o->full_paths, NULL), t, c, v);
	}
	if (t->rows.len == 0 && metric_sum(c, c->metric, true) != 0)
		t->note = report_printf(r, "no frame of your code on the kept stacks: --ours RE names it "
					   "(docs/ownership.md)");
	report_table_finish(t);
	free(vals);
	free(seen);
}

/* ARG: the values the indices are sorted by, largest first. */
static int cmp_desc(const void *a, const void *b, void *arg)
{
	const int64_t *v = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	if (v[x] != v[y])
		return v[x] > v[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

static void view_stacks(struct report *r, struct ctx *c, size_t n)
{
	const struct profile *p = c->p;
	size_t *order = xcalloc(p->sample_count + 1, sizeof(*order));
	size_t k = 0;
	for (size_t i = 0; i < p->sample_count; i++)
		if (c->keep[i] && p->sample_values[c->metric][i] != 0)
			order[k++] = i;
	qsort_r(order, k, sizeof(*order), cmp_desc, p->sample_values[c->metric]);
	enum pf_unit u = p->metrics[c->metric].unit;
	for (size_t j = 0; j < k && j < n; j++) {
		size_t i = order[j];
		int64_t v[3];
		sample_vals(c, i, v);
		char a[64], b[64], d[64];
		report_format_value(a, sizeof(a), v[0], u);
		const char *more = "";
		if (c->companion != SIZE_MAX) {
			report_format_value(b, sizeof(b), v[1], p->metrics[c->companion].unit);
			more = report_printf(r, ", %s %s", b, p->metrics[c->companion].name);
		}
		if (c->tb != SIZE_MAX && c->tb != c->metric && c->tb != c->companion) {
			report_format_value(d, sizeof(d), v[2], p->metrics[c->tb].unit);
			more = report_printf(r, "%s, %s tb", more, d);
		}
		struct report_table *t =
			report_add_table(r, "stack",
					 report_printf(r, "Stack %zu of %zu: %s %s (%.2f%%)%s", j + 1, k, a,
						       c->def->name, pct(v[0], c->total), more),
					 "Frame (innermost first)");
		for (uint32_t s = p->sample_stack[i]; s != PF_NONE; s = p->stacks.items[s].parent) {
			uint32_t fr = p->stacks.items[s].frame;
			const char *flag = c->owned[fr] ? (c->plumbing[fr] ? "+" : "*") : NULL;
			report_table_row(r, t, frame_shown(c, fr), flag)->flags =
				c->owned[fr] ? REPORT_ROW_OWNED : 0;
		}
		if (p->sample_stack[i] == PF_NONE)
			report_table_row(r, t, "(empty stack)", NULL);
		if (j == 0)
			t->note = "'*' marks the frames of your code, '+' your own allocator wrappers";
	}
	free(order);
}

/* ---------------------------------------------------------------- driver */

static const struct metric_def *find_metric(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(metric_defs); i++)
		if (strcmp(metric_defs[i].name, name) == 0 ||
		    (metric_defs[i].alias && strcmp(metric_defs[i].alias, name) == 0))
			return &metric_defs[i];
	return NULL;
}

const char *const *dhat_metric_names(const char *const **descriptions)
{
	static const char *names[ARRAY_SIZE(metric_defs) + 1], *texts[ARRAY_SIZE(metric_defs) + 1];
	static char buf[ARRAY_SIZE(metric_defs)][96];
	for (size_t i = 0; i < ARRAY_SIZE(metric_defs); i++) {
		const struct metric_def *d = &metric_defs[i];
		snprintf(buf[i], sizeof(buf[i]), "%s%s%s", d->title, d->alias ? ", alias " : "",
			 d->alias ? d->alias : "");
		names[i] = d->name;
		texts[i] = buf[i];
	}
	if (descriptions)
		*descriptions = texts;
	return names;
}

bool dhat_metric_known(const char *name)
{
	return find_metric(name) != NULL;
}

static int compile_list(struct regex_list *out, const struct pattern_list *in, const char *option)
{
	char err[512];
	for (size_t i = 0; i < in->count; i++)
		if (regex_list_add(out, in->items[i], err, sizeof(err)) < 0) {
			pf_error("%s: %s", option, err);
			return -1;
		}
	return 0;
}

/* The frames of C->p as the views see them: their texts and their texts as shown (both
 * built on demand), yours by C->own (--ours is the ownership model's) and plumbing by
 * the default list and --plumbing. Returns 0, or -1 after one error line;
 * frames_release() either way. */
static int frames_prepare(struct ctx *c, const struct dhat_view_opts *dopt)
{
	size_t n = c->p->frames.len + 1;
	struct regex_list plumbing = {0};
	char err[512];
	int rc = -1;
	c->frame_text = xcalloc(n, sizeof(*c->frame_text));
	c->frame_shown = xcalloc(n, sizeof(*c->frame_shown));
	strmap_init(&c->shown);
	c->owned = xcalloc(n, sizeof(*c->owned));
	c->plumbing = xcalloc(n, sizeof(*c->plumbing));
	if (regex_list_add(&plumbing, default_plumbing, err, sizeof(err)) < 0)
		pf_error("internal error: %s", err);
	else if (compile_list(&plumbing, &dopt->plumbing, "--plumbing") == 0)
		rc = classify_frames(c, &plumbing);
	regex_list_free(&plumbing);
	if (rc == 0 && c->meta)
		find_cut_stacks(c);
	return rc;
}

static void frames_release(struct ctx *c)
{
	arena_release(&c->texts);
	strmap_release(&c->shown);
	free(c->frame_text);
	free(c->frame_shown);
	free(c->owned);
	free(c->plumbing);
	free(c->outermost);
	free(c->addresses);
}

int dhat_views(const struct view_input *in, struct report *r, struct view_choice *out)
{
	const struct profile *prof = in->p;
	const struct dhat_view_opts *dopt = dhat_view_opts_of(in->o);
	const struct dhat_meta *meta = dhat_meta_of(prof);
	struct options o = {
		.given = dopt, .stacks = dopt->stacks, .tree = dopt->alloc_tree, .full_paths = in->o->own.full_paths};
	struct ctx c = {.p = prof, .own = in->own};
	int rc = PF_EXIT_FAIL;
	if (meta == NULL) {
		pf_error("%s: not a DHAT profile", in->paths[0]);
		return PF_EXIT_FAIL;
	}
	if (dopt->where.count + dopt->not_.count > 64) {
		pf_error("at most 64 --where and --not patterns together");
		return PF_EXIT_FAIL;
	}
	if (compile_list(&o.where, &dopt->where, "--where") < 0 || compile_list(&o.not_, &dopt->not_, "--not") < 0)
		goto out;
	const struct metric_def *def = find_metric(in->o->metric ? in->o->metric : "gb");
	if (def == NULL) {
		pf_error("unknown metric '%s' (try --metric list)", in->o->metric);
		rc = PF_EXIT_USAGE;
		goto out;
	}
	if (in->o->metric == NULL && !meta->bklt)
		def = find_metric("tb"); /* copy and ad-hoc files have no peak */
	c.meta = meta;
	c.o = &o;
	c.path = in->paths[0];
	c.def = def;
	c.metric = profile_metric_index(prof, def->field);
	if (c.metric == SIZE_MAX || !dhat_pred_available(meta, def->pred)) {
		pf_error("%s: metric '%s' needs %s, which this %s-mode file does not record", c.path, def->name,
			 def->pred == DHAT_PRED_NONE || def->pred == DHAT_PRED_TINY ? def->field
			 : def->pred == DHAT_PRED_SHORT_LIVED                       ? "block lifetimes"
										    : "block accesses",
			 meta->mode);
		rc = PF_EXIT_USAGE; /* an option that does not fit this file: see README, exit status */
		goto out;
	}
	c.companion = profile_metric_index(prof, def->companion);
	c.tb = profile_metric_index(prof, "tb");
	c.total = metric_sum(&c, c.metric, false);
	c.keep = xcalloc(prof->sample_count + 1, sizeof(*c.keep));
	c.keep_filter = xcalloc(prof->sample_count + 1, sizeof(*c.keep_filter));
	size_t kept, passed;
	uint64_t matched = 0;
	if (frames_prepare(&c, dopt) < 0 || compute_keep(&c, &kept, &matched, &passed) < 0)
		goto out;
	filter_warnings(r, &c, matched, passed);
	cut_warning(r, &c);
	header(r, &c, kept);
	struct sites st;
	sites_compute(&c, &st);
	view_sites(r, &c, &st);
	view_functions(r, &c, &st);
	sites_release(&st);
	if (o.stacks)
		view_stacks(r, &c, o.stacks);
	if (o.tree) {
		struct dhat_tree_opts to = {.metric = c.metric,
					    .pred = def->pred,
					    .keep = c.keep_filter,
					    .frame_text = (const char *(*)(void *, uint32_t))tree_text,
					    .is_users = (bool (*)(void *, uint32_t))is_users,
					    .ctx = &c};
		dhat_tree_report(r, prof, meta, &to);
	}
	*out = (struct view_choice){.metric = c.metric, .keep = c.keep, .annotate = ANNOTATE_SITES};
	c.keep = NULL; /* now the caller's */
	rc = PF_EXIT_OK;
out:
	frames_release(&c);
	free(c.keep);
	free(c.keep_filter);
	regex_list_free(&o.where);
	regex_list_free(&o.not_);
	return rc;
}

const char *dhat_metric_companion(const char *name)
{
	const struct metric_def *d = find_metric(name);
	return d && strcmp(d->field, name) == 0 ? d->companion : NULL;
}

int dhat_sample_sites(const struct profile *p, const struct ownership *own, const struct profan_opts *o,
		      bool locations, struct strmap *names, uint32_t **site)
{
	struct options opts = {.full_paths = o->own.full_paths};
	struct ownership none = {0}; /* no ownership: no function is yours */
	struct ctx c = {
		.p = p, .meta = dhat_meta_of(p), .own = own ? own : &none, .o = &opts, .path = "", .bare = !locations};
	int rc = -1;
	*site = NULL;
	if (frames_prepare(&c, dhat_view_opts_of(o)) < 0)
		goto out;
	/* a site is what the sites view names: one frame (a line of yours), with its
	 * file:line as shown, or by name only when LOCATIONS is false */
	uint32_t *of_frame = xcalloc(p->frames.len + 1, sizeof(*of_frame)); /* the site frame's id + 1 */
	uint32_t *of_cut = xcalloc(p->frames.len + 1, sizeof(*of_cut));     /* the same, cut stacks */
	uint32_t empty = 0;
	*site = xcalloc(p->sample_count + 1, sizeof(**site));
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		bool fallback;
		uint32_t n = s == PF_NONE ? PF_NONE : site_node(&c, s, &fallback);
		bool cut = n != PF_NONE && fallback && stack_cut(&c, s);
		if (cut)
			n = c.outermost[s];
		uint32_t fr = n == PF_NONE ? PF_NONE : p->stacks.items[n].frame;
		uint32_t *slot = n == PF_NONE ? &empty : cut ? &of_cut[fr] : &of_frame[fr];
		if (*slot == 0) {
			const char *text = n == PF_NONE ? "(empty stack)" : locations ? frame_shown(&c, fr) : frame_text(&c, fr);
			char *name = cut ? xasprintf("(stack truncated) %s", text) : NULL;
			*slot = strmap_intern(names, name ? name : text) + 1;
			free(name);
		}
		(*site)[i] = *slot - 1;
	}
	free(of_frame);
	free(of_cut);
	rc = 0;
out:
	frames_release(&c);
	return rc;
}
