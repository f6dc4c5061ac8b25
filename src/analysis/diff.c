/* diff.c: profan diff's analysis (diff.h).
 *
 * Each run is measured on its own (a value per row and per run, and the run's
 * total), then each row's runs are compared arm against arm (stats.h). Tables:
 * what changed beyond noise first, then every row by size of change, the runs. */
#include "profan/diff.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/analysis.h"
#include "profan/match.h"
#include "profan/ownership.h"
#include "profan/runorder.h"
#include "stats.h"
#include "profan/views.h"
#include "profan/yours.h"
#include "yours_int.h"

/* ---------------------------------------------------------------- measuring */

/* One run's values by row key; COMP: the companion count (DHAT's blocks). */
struct run_vals {
	VEC(int64_t) val, comp;
};

/* One table's rows over every run. */
struct measure {
	const char *id;    /* diff_self, diff_inclusive, diff_library, diff_sites */
	const char *view;  /* in the summary: self, inclusive, library, site */
	struct strmap keys; /* a row's identity -> key */
	VEC(char *) label, detail; /* by key, as the first run that has the row spells it */
	VEC(bool) owned;
	struct run_vals *runs; /* by run: base runs, then new ones */
};

struct diff_state {
	size_t nruns, nb;
	const struct profile **run;
	const struct ownership **own; /* by run, NULL: none */
	size_t *metric, *comp; /* by run; comp SIZE_MAX when there is none */
	int64_t *total, *comp_total;
	bool match_file;
	bool sites; /* an allocation profile, compared exactly and by site (diff_format.sample_sites) */
	const struct diff_format *format;
	bool counts; /* COMP holds sample counts (sampled profiles), for the test against sampling noise */
	bool wall_clock; /* diff_format.wall_clock */
	struct measure self, incl, lib, site;
	/* sites of exact counts: each site's value of every metric the runs of an arm must
	 * agree on (diff_format.agreement, the compared metric and its companion) */
	const char *agree_name[8];
	size_t nagree;
	struct run_vals *agree; /* by run * nagree + metric, its val by site key */
	struct strmap names; /* functions' identities, and the library names they refer to by id */
	const struct profan_opts *run_opts;
};

static void measure_init(struct measure *m, const char *id, const char *view, size_t nruns)
{
	memset(m, 0, sizeof(*m));
	m->id = id;
	m->view = view;
	strmap_init(&m->keys);
	m->runs = xcalloc(nruns + 1, sizeof(*m->runs));
}

static void measure_release(struct measure *m, size_t nruns)
{
	for (size_t k = 0; k < m->label.len; k++) {
		free(m->label.items[k]);
		free(m->detail.items[k]);
	}
	vec_free(&m->label);
	vec_free(&m->detail);
	vec_free(&m->owned);
	for (size_t r = 0; m->runs && r < nruns; r++) {
		vec_free(&m->runs[r].val);
		vec_free(&m->runs[r].comp);
	}
	free(m->runs);
	strmap_release(&m->keys);
}

/* The key of identity ID, naming a new row LABEL (DETAIL). */
static uint32_t measure_key(struct measure *m, const char *id, const char *label, const char *detail,
			    bool owned)
{
	uint32_t k = strmap_intern(&m->keys, id);
	while (m->label.len <= k) {
		vec_push(&m->label, NULL);
		vec_push(&m->detail, NULL);
		vec_push(&m->owned, false);
	}
	if (m->label.items[k] == NULL) {
		m->label.items[k] = xstrdup(label);
		m->detail.items[k] = detail ? xstrdup(detail) : NULL;
	}
	m->owned.items[k] |= owned;
	return k;
}

static void add_at(int64_t **items, size_t *len, size_t *cap, size_t k, int64_t v)
{
	if (k >= *cap) {
		size_t ncap = grow_cap(*cap, k + 1, 64);
		*items = xreallocarray(*items, ncap, sizeof(int64_t));
		memset(*items + *cap, 0, (ncap - *cap) * sizeof(int64_t));
		*cap = ncap;
	}
	(*items)[k] += v;
	if (k >= *len)
		*len = k + 1;
}

static void measure_add(struct measure *m, size_t run, uint32_t k, int64_t v, bool comp)
{
	struct run_vals *rv = &m->runs[run];
	if (comp)
		add_at(&rv->comp.items, &rv->comp.len, &rv->comp.cap, k, v);
	else
		add_at(&rv->val.items, &rv->val.len, &rv->val.cap, k, v);
}

static int64_t measure_get(const struct measure *m, size_t run, size_t k, bool comp)
{
	const struct run_vals *rv = &m->runs[run];
	return comp ? (k < rv->comp.len ? rv->comp.items[k] : 0) : (k < rv->val.len ? rv->val.items[k] : 0);
}

/* Is library L of P the program the profile is about: the binary the loader chose
 * (PF_LIB_MAIN), or the one --binary names? */
static bool is_program(const struct profile *p, uint32_t l, const char *binary)
{
	const struct pf_lib *lib = &p->libs.items[l];
	if (binary == NULL)
		return lib->flags & PF_LIB_MAIN;
	const char *path = profile_str(p, lib->path);
	const char *slash = strrchr(path, '/');
	return strcmp(profile_str(p, lib->name), binary) == 0 || strcmp(slash ? slash + 1 : path, binary) == 0;
}

/* A library's identity across builds: the program by its role (a baseline copied aside
 * as prog-base is still the program), any other library by its name (soname), the label
 * that tells same-named ones apart by path where one profile has several. */
#define PROGRAM_ROLE "\x01program"
static const char *lib_identity(const struct profile *p, uint32_t l, const char *binary)
{
	if (l >= p->libs.len)
		return "";
	return is_program(p, l, binary) ? PROGRAM_ROLE : profile_lib_label(p, l);
}

/* Per function of P, its identity in NAMES: its name (symbolication gave it
 * funcname_simplify()'s form: no hash, no generic arguments) and its library's
 * identity, which a rebuild keeps; with MATCH_FILE, func_identity_keys()'s stricter
 * one (library name, file, line and column). The identity holds the library's id, not
 * its name, so a long library name is not copied per function. */
static uint32_t *diff_identities(struct strmap *names, const struct profile *p, bool match_file,
				 const char *binary)
{
	if (match_file)
		return func_identity_keys(names, p);
	uint32_t *ids = xreallocarray(NULL, p->funcs.len + 1, sizeof(*ids));
	uint32_t *lib_id = xreallocarray(NULL, p->libs.len + 1, sizeof(*lib_id));
	for (size_t l = 0; l <= p->libs.len; l++)
		lib_id[l] = strmap_intern(names, lib_identity(p, (uint32_t)l, binary));
	for (size_t f = 0; f < p->funcs.len; f++) {
		const struct pf_func *fn = &p->funcs.items[f];
		char *key = xasprintf("%s\x1f%u", func_label(p, (uint32_t)f),
				      lib_id[fn->lib < p->libs.len ? fn->lib : p->libs.len]);
		ids[f] = strmap_intern(names, key);
		free(key);
	}
	free(lib_id);
	return ids;
}

static const char *binary_opt(const struct diff_state *d)
{
	return d->run_opts ? d->run_opts->own.binary : NULL;
}

/* Each stack node's row in M: its function's identity, so functions that are one
 * row (two "value" getters of one script) count once per sample in inclusive. */
static uint32_t *node_keys(struct diff_state *d, struct measure *m, size_t run, size_t *count)
{
	const struct profile *p = d->run[run];
	struct report scratch; /* yours_describe's strings, copied by measure_key */
	report_init(&scratch);
	size_t nfuncs;
	uint32_t *keys = keys_by_func(p, &nfuncs);
	uint32_t *ids = diff_identities(&d->names, p, d->match_file, binary_opt(d));
	uint32_t *row_of = xcalloc(nfuncs + 1, sizeof(*row_of));
	bool full_paths = d->run_opts && d->run_opts->own.full_paths;
	for (size_t f = 0; f < nfuncs; f++) {
		const char *detail, *label;
		yours_describe(&scratch, p, d->own[run], (uint32_t)f, full_paths, &detail, &label);
		const char *place = detail && label ? report_printf(&scratch, "%s  %s", detail, label) : detail ? detail : label;
		row_of[f] = measure_key(m, strmap_str(&d->names, ids[f]), func_label(p, (uint32_t)f), place,
					ownership_is_program(d->own[run], p, (uint32_t)f));
	}
	report_release(&scratch);
	for (size_t n = 0; n < p->stacks.len; n++)
		keys[n] = row_of[keys[n]];
	free(row_of);
	free(ids);
	*count = m->keys.count;
	return keys;
}

static void add_rows(struct measure *m, size_t run, const struct pf_rows *rows, bool comp)
{
	for (size_t i = 0; i < rows->len; i++)
		measure_add(m, run, rows->items[i].key, rows->items[i].value, comp);
}

/* Self and inclusive by function, and self by library, of one run and one metric. */
static void measure_funcs(struct diff_state *d, size_t run, size_t metric, bool comp)
{
	const struct profile *p = d->run[run];
	struct pf_weights w;
	weights_compute(&w, p, metric, NULL);
	if (comp)
		d->comp_total[run] = w.total;
	else
		d->total[run] = w.total;
	size_t nkeys;
	uint32_t *keys = node_keys(d, &d->self, run, &nkeys);
	struct pf_rows self, incl;
	if (d->sites) {
		/* heap profiles: the leaf is malloc; what changed is who asked for the memory */
		uint32_t *callers = keys_nearest_owned(p, keys, d->self.owned.items);
		view_self(p, &w, callers, nkeys, &self);
		free(callers);
	} else {
		view_self(p, &w, keys, nkeys, &self);
	}
	free(keys);
	keys = node_keys(d, &d->incl, run, &nkeys);
	view_inclusive(p, &w, keys, nkeys, &incl);
	free(keys);
	add_rows(&d->self, run, &self, comp);
	add_rows(&d->incl, run, &incl, comp);
	rows_release(&self);
	rows_release(&incl);
	if (!d->sites && p->libs.len > 0) {
		size_t nlibs;
		uint32_t *lib_keys = keys_by_lib(p, &nlibs);
		struct pf_rows libs;
		view_self(p, &w, lib_keys, nlibs, &libs);
		for (size_t i = 0; i < libs.len; i++) {
			const char *detail;
			const char *name = report_lib_name(p, libs.items[i].key, &detail);
			uint32_t lk = libs.items[i].key;
			bool main_lib = lk < p->libs.len && is_program(p, lk, binary_opt(d));
			const char *id = d->match_file || lk >= p->libs.len ? name : lib_identity(p, lk, binary_opt(d));
			uint32_t k = measure_key(&d->lib, id, name, detail, main_lib);
			measure_add(&d->lib, run, k, libs.items[i].value, comp);
		}
		rows_release(&libs);
		free(lib_keys);
	}
	weights_release(&w);
}

/* The allocation sites of one run: named with their lines, matched by names
 * only unless --match file. */
static int measure_sites(struct diff_state *d, size_t run)
{
	const struct profile *p = d->run[run];
	struct strmap shown, ids;
	strmap_init(&shown);
	strmap_init(&ids);
	uint32_t *shown_of = NULL, *id_of = NULL;
	struct profan_opts none;
	const struct profan_opts *o = d->run_opts;
	if (o == NULL) {
		profan_opts_init(&none);
		o = &none;
	}
	int rc = -1;
	if (d->format->sample_sites(p, d->own[run], o, true, &shown, &shown_of) < 0 ||
	    d->format->sample_sites(p, d->own[run], o, d->match_file, &ids, &id_of) < 0)
		goto out;
	uint32_t *key_of = xcalloc((size_t)ids.count + 1, sizeof(*key_of)); /* key + 1 */
	size_t agree_metric[ARRAY_SIZE(d->agree_name)];
	for (size_t a = 0; a < d->nagree; a++)
		agree_metric[a] = profile_metric_index(p, d->agree_name[a]);
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t *slot = &key_of[id_of[i]];
		if (*slot == 0)
			*slot = measure_key(&d->site, strmap_str(&ids, id_of[i]), strmap_str(&shown, shown_of[i]),
					    NULL, true) + 1;
		measure_add(&d->site, run, *slot - 1, p->sample_values[d->metric[run]][i], false);
		if (d->comp[run] != SIZE_MAX)
			measure_add(&d->site, run, *slot - 1, p->sample_values[d->comp[run]][i], true);
		for (size_t a = 0; a < d->nagree; a++) {
			struct run_vals *rv = &d->agree[run * d->nagree + a];
			if (agree_metric[a] != SIZE_MAX)
				add_at(&rv->val.items, &rv->val.len, &rv->val.cap, *slot - 1,
				       p->sample_values[agree_metric[a]][i]);
		}
	}
	free(key_of);
	rc = 0;
out:
	free(shown_of);
	free(id_of);
	strmap_release(&shown);
	strmap_release(&ids);
	return rc;
}

/* ---------------------------------------------------------------- comparing */

/* A row compared: the share, the value and the companion count, arm against arm. */
struct compared {
	uint32_t key;
	struct stats_comparison share, value, comp;
	int64_t samples[2]; /* sampled profiles: the row's samples in each arm's runs together */
	double sampling_p;  /* the binomial test of those counts */
	enum stats_verdict verdict;
};

/* Which column holds what (SIZE_MAX: not in this table). */
struct layout {
	bool exact; /* DHAT: values first, shares second */
	size_t d_share, share_a, share_b, d_value, value_a, value_b, d_comp, comp_a, comp_b;
	size_t share_a_min, share_a_max, share_b_min, share_b_max;
	size_t value_a_min, value_a_max, value_b_min, value_b_max, spread_a, spread_b, p;
	size_t samples_a, samples_b, sampling_p;
};

static size_t col(struct report_table *t, const char *header, enum pf_unit unit, bool sign, bool hidden)
{
	size_t c = report_table_col(t, header, unit, 0);
	t->cols[c].sign = sign;
	t->cols[c].hidden = hidden;
	return c;
}

/* A column whose --json name is JSON: every format's tables name a quantity alike there
 * ("Change", "Base", "New": the value per run; "Change (share)", "Base share", "New share":
 * the share), whatever the text's headers lead with. */
static size_t jcol(struct report_table *t, const char *header, const char *json, enum pf_unit unit, bool sign,
		   bool hidden)
{
	size_t c = col(t, header, unit, sign, hidden);
	t->cols[c].json_name = json;
	return c;
}

static struct layout add_columns(struct report_table *t, const struct pf_metric *m,
				 const struct pf_metric *cm, bool exact, bool several, bool counts)
{
	struct layout l;
	memset(&l, 0xff, sizeof(l)); /* every index SIZE_MAX */
	l.exact = exact;
	const char *comp_name = cm && cm->unit == PF_UNIT_COUNT ? "Blocks" : cm ? cm->name : NULL;
	if (cm && strcmp(cm->name, "tb") == 0)
		comp_name = "Allocated"; /* beside bytes read or written */
	if (exact) {
		l.d_value = col(t, "Change", m->unit, true, false);
		l.value_a = col(t, "Base", m->unit, false, false);
		l.value_b = col(t, "New", m->unit, false, false);
		if (cm) {
			l.d_comp = col(t, comp_name, cm->unit, true, false);
		}
		l.d_share = jcol(t, "Share", "Change (share)", PF_UNIT_PPM_CHANGE, false, false);
		l.share_a = col(t, "Base share", PF_UNIT_PPM, false, true);
		l.share_b = col(t, "New share", PF_UNIT_PPM, false, true);
		if (cm) {
			l.comp_a = col(t, report_printf(t->owner, "Base %s", cm->name), cm->unit, false, true);
			l.comp_b = col(t, report_printf(t->owner, "New %s", cm->name), cm->unit, false, true);
		}
	} else {
		l.d_share = jcol(t, "Change", "Change (share)", PF_UNIT_PPM_CHANGE, false, false);
		l.share_a = jcol(t, "Base", "Base share", PF_UNIT_PPM, false, false);
		l.share_b = jcol(t, "New", "New share", PF_UNIT_PPM, false, false);
		l.d_value = jcol(t, "Per run", "Change", m->unit, true, false);
		l.value_a = jcol(t, "Base value", "Base", m->unit, false, true);
		l.value_b = jcol(t, "New value", "New", m->unit, false, true);
	}
	if (several) {
		if (!exact) {
			l.share_a_min = jcol(t, "Base min", "Base share min", PF_UNIT_PPM, false, true);
			l.share_a_max = jcol(t, "Base max", "Base share max", PF_UNIT_PPM, false, true);
			l.share_b_min = jcol(t, "New min", "New share min", PF_UNIT_PPM, false, true);
			l.share_b_max = jcol(t, "New max", "New share max", PF_UNIT_PPM, false, true);
		}
		l.value_a_min = col(t, "Base value min", m->unit, false, true);
		l.value_a_max = col(t, "Base value max", m->unit, false, true);
		l.value_b_min = col(t, "New value min", m->unit, false, true);
		l.value_b_max = col(t, "New value max", m->unit, false, true);
		/* the spread the verdict weighs: of shares (sampled), of values (exact counts) */
		enum pf_unit su = exact ? m->unit : PF_UNIT_PPM;
		l.spread_a = jcol(t, "Base spread", exact ? NULL : "Base share spread", su, false, true);
		l.spread_b = jcol(t, "New spread", exact ? NULL : "New share spread", su, false, true);
		l.p = col(t, "p", PF_UNIT_PVALUE, false, true);
		if (counts) {
			l.samples_a = col(t, "Base samples", PF_UNIT_COUNT, false, true);
			l.samples_b = col(t, "New samples", PF_UNIT_COUNT, false, true);
			l.sampling_p = col(t, "Sampling p", PF_UNIT_PVALUE, false, true);
		}
	}
	return l;
}

static void put(struct report_row *row, size_t c, int64_t v)
{
	if (c != SIZE_MAX)
		row->values[c] = v;
}

static void fill_row(struct report_row *row, const struct layout *l, const struct compared *c)
{
	put(row, l->d_share, c->share.b.median - c->share.a.median);
	put(row, l->share_a, c->share.a.median);
	put(row, l->share_b, c->share.b.median);
	put(row, l->d_value, c->value.b.median - c->value.a.median);
	put(row, l->value_a, c->value.a.median);
	put(row, l->value_b, c->value.b.median);
	put(row, l->d_comp, c->comp.b.median - c->comp.a.median);
	put(row, l->comp_a, c->comp.a.median);
	put(row, l->comp_b, c->comp.b.median);
	put(row, l->share_a_min, c->share.a.min);
	put(row, l->share_a_max, c->share.a.max);
	put(row, l->share_b_min, c->share.b.min);
	put(row, l->share_b_max, c->share.b.max);
	put(row, l->value_a_min, c->value.a.min);
	put(row, l->value_a_max, c->value.a.max);
	put(row, l->value_b_min, c->value.b.min);
	put(row, l->value_b_max, c->value.b.max);
	put(row, l->spread_a, l->exact ? c->value.a.spread : c->share.a.spread);
	put(row, l->spread_b, l->exact ? c->value.b.spread : c->share.b.spread);
	double p = l->exact ? c->value.p : c->share.p;
	put(row, l->p, (int64_t)llround(p * 1e9));
	put(row, l->samples_a, c->samples[0]);
	put(row, l->samples_b, c->samples[1]);
	put(row, l->sampling_p, (int64_t)llround(c->sampling_p * 1e9));
}

static const char *verdict_word(enum stats_verdict v)
{
	switch (v) {
	case STATS_CHANGED: return "changed";
	case STATS_NOISE: return "noise";
	case STATS_SAME: return "same";
	case STATS_SHARE_ONLY: return "share only";
	case STATS_FEW: return "too few samples";
	case STATS_UNDECIDED: break;
	}
	return NULL;
}

static int64_t abs64(int64_t v)
{
	return v < 0 ? -v : v;
}

/* Rows by size of change: of the share (sampled profiles), or of the value, then
 * the companion count, then the share (exact counts). */
struct ranked_row {
	int64_t k1, k2, k3;
	const char *name;
	struct compared c;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked_row *x = a, *y = b;
	if (x->k1 != y->k1)
		return x->k1 > y->k1 ? -1 : 1;
	if (x->k2 != y->k2)
		return x->k2 > y->k2 ? -1 : 1;
	if (x->k3 != y->k3)
		return x->k3 > y->k3 ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* V exactly, digits grouped: "30,000 B" for bytes, "1,234" for counts. */
static const char *exact(struct report *r, int64_t v, enum pf_unit unit)
{
	char grouped[32];
	report_group_digits(grouped, v);
	return unit == PF_UNIT_BYTES ? report_printf(r, "%s B", grouped) : report_strdup(r, grouped);
}

/* "+12.3%", "new", "gone" for the change of a value from A to B. */
static void relative(char *buf, size_t cap, int64_t a, int64_t b)
{
	if (a == 0 && b == 0)
		snprintf(buf, cap, "~0");
	else if (a == 0)
		snprintf(buf, cap, "new");
	else if (b == 0)
		snprintf(buf, cap, "gone");
	else
		snprintf(buf, cap, "%+.1f%%", 100.0 * (double)(b - a) / (double)a);
}

struct context {
	struct diff_state *d;
	struct report *r;
	const struct pf_metric *m, *cm;
	double alpha;
	bool several;   /* more than one run in some arm */
	bool decidable; /* the verdicts can say changed at all */
	struct stats_cache *cache;
	struct report_table *summary, *share_only; /* share_only: NULL when no row can be */
	struct layout summary_layout, share_only_layout;
	size_t share_only_rows;
	bool dhat_varies; /* an exact-count arm whose runs differ */
	size_t undecided; /* rows without a verdict though verdicts are possible (dhat_varies) */
	struct stats_comparison totals; /* the Totals line's */
	bool gate;          /* --fail-on-change */
	double gate_pct;
	const char *slower; /* --fail-on-change: what got slower, "; "-separated, or NULL */
	size_t slower_count;
	size_t tested[4], changed[4]; /* rows by measure: self, inclusive, library, site */
	struct strmap funcs_tested, funcs_changed; /* function identities, self or inclusive */
};

static const char *row_detail(struct context *x, const struct measure *ms, const struct compared *c)
{
	const struct pf_metric *m = x->m;
	char rel[48], va[48], vb[48], sa[48], sb[48], sa2[48], sb2[48];
	relative(rel, sizeof(rel), c->value.a.median, c->value.b.median);
	report_format_value(va, sizeof(va), c->value.a.median, m->unit);
	report_format_value(vb, sizeof(vb), c->value.b.median, m->unit);
	const char *place = ms->detail.items[c->key];
	const char *text;
	if (x->d->sites) {
		const char *blocks = "";
		if (x->cm)
			blocks = report_printf(x->r, "; %s %s → %s", x->cm->name,
					       exact(x->r, c->comp.a.median, x->cm->unit),
					       exact(x->r, c->comp.b.median, x->cm->unit));
		report_format_value(sa, sizeof(sa), c->share.a.median, PF_UNIT_PPM);
		report_format_value(sb, sizeof(sb), c->share.b.median, PF_UNIT_PPM);
		text = report_printf(x->r, "%s  (%s → %s%s; share %s → %s)", rel,
				     exact(x->r, c->value.a.median, m->unit), exact(x->r, c->value.b.median, m->unit),
				     blocks, sa, sb);
	} else if (!x->several) {
		text = report_printf(x->r, "%s  (%s → %s)", rel, va, vb);
	} else {
		report_format_value(sa, sizeof(sa), c->share.a.min, PF_UNIT_PPM);
		report_format_value(sa2, sizeof(sa2), c->share.a.max, PF_UNIT_PPM);
		report_format_value(sb, sizeof(sb), c->share.b.min, PF_UNIT_PPM);
		report_format_value(sb2, sizeof(sb2), c->share.b.max, PF_UNIT_PPM);
		text = report_printf(x->r, "%s  (%s → %s per run; runs %s–%s → %s–%s; p %.3g)", rel, va, vb,
				     sa, sa2, sb, sb2, c->share.p);
	}
	return place ? report_printf(x->r, "%s  %s", text, place) : text;
}

/* A sampled profile's row: changed when its own value per run moved beyond noise: the
 * arms' values separate by the rank test, further apart than 1.5 times either arm's
 * spread of values or with the share moving beyond noise the same way (stats.h's rule on
 * the shares), and its samples per run differ beyond sampling chance (a binomial test of
 * the arms' pooled counts weighted by their numbers of runs). "Share only" when just its
 * share moved (others grew or shrank); "too few samples" below DIFF_MIN_SAMPLES_PER_RUN on
 * average over all runs. Wall-clock profiles rest the verdict on the share, since their
 * values per run move with the machine's load. COMP: the row's sample counts by run. */
static void sampled_verdict(const struct context *x, struct compared *c, const int64_t *comp)
{
	const struct diff_state *d = x->d;
	size_t nb = d->nb, nn = d->nruns - nb;
	int64_t total[2] = {0, 0};
	c->samples[0] = c->samples[1] = 0;
	for (size_t r = 0; d->counts && r < d->nruns; r++) {
		c->samples[r >= nb] += comp[r];
		total[r >= nb] += d->comp_total[r];
	}
	bool share_moved = c->share.verdict == STATS_CHANGED &&
			   (!d->counts || stats_reaches(stats_binomial_p(c->samples[0], total[0], c->samples[1],
									  total[1]),
							  x->alpha));
	c->sampling_p = 1;
	if (d->wall_clock) {
		c->verdict = share_moved ? STATS_CHANGED : c->share.verdict == STATS_CHANGED ? STATS_NOISE
											: c->share.verdict;
		if (d->counts)
			c->sampling_p = stats_binomial_p(c->samples[0], total[0], c->samples[1], total[1]);
	} else if (c->value.verdict == STATS_UNDECIDED) {
		c->verdict = STATS_UNDECIDED;
	} else {
		if (d->counts)
			c->sampling_p = stats_binomial_p(c->samples[0], (int64_t)nb, c->samples[1], (int64_t)nn);
		int64_t dv = c->value.b.median - c->value.a.median, ds = c->share.b.median - c->share.a.median;
		/* a busy machine slows whole runs, which widens the values' spread but not the
		 * shares': a share that moved the same way as the value stands in for the spread */
		bool wide = c->value.beyond_spread || (share_moved && (dv > 0) == (ds > 0));
		bool moved = dv != 0 && stats_reaches(c->value.p, x->alpha) && wide &&
			     (!d->counts || stats_reaches(c->sampling_p, x->alpha));
		c->verdict = moved ? STATS_CHANGED : share_moved ? STATS_SHARE_ONLY : STATS_NOISE;
	}
	if (d->counts && c->verdict != STATS_UNDECIDED &&
	    c->samples[0] + c->samples[1] < DIFF_MIN_SAMPLES_PER_RUN * (int64_t)d->nruns)
		c->verdict = STATS_FEW;
}

/* The change --fail-on-change weighs, in percent of the base: of the value per run, or
 * for wall-clock arms of the share; 0 when nothing grew. */
static double growth_pct(const struct context *x, const struct compared *c)
{
	const struct stats_comparison *v = x->d->wall_clock ? &c->share : &c->value;
	if (v->b.median <= v->a.median)
		return 0;
	return v->a.median > 0 ? 100.0 * (double)(v->b.median - v->a.median) / (double)v->a.median : INFINITY;
}

/* --fail-on-change: a row of yours that changed and grew by at least the percentage asked. */
static void gate_row(struct context *x, const struct measure *ms, const struct compared *c, size_t which)
{
	double pct = growth_pct(x, c);
	if (!x->gate || c->verdict != STATS_CHANGED || !ms->owned.items[c->key] || pct <= 0 || pct < x->gate_pct)
		return;
	const char *what = report_printf(x->r, "%s (%s) %s", ms->label.items[c->key], ms->view,
					 isinf(pct) ? "new" : report_printf(x->r, "%+.1f%%", pct));
	x->slower = x->slower ? report_printf(x->r, "%s; %s", x->slower, what) : what;
	x->slower_count++;
	(void)which;
}

/* Compares every row of MS, fills its table and adds the changed rows to the summary. */
static void compare_measure(struct context *x, struct measure *ms, size_t which, const char *title)
{
	struct diff_state *d = x->d;
	size_t nb = d->nb, nn = d->nruns - d->nb;
	int64_t *share = xcalloc(d->nruns + 1, sizeof(*share));
	int64_t *value = xcalloc(d->nruns + 1, sizeof(*value));
	int64_t *comp = xcalloc(d->nruns + 1, sizeof(*comp));
	VEC(struct ranked_row) rows = {0};
	for (size_t k = 0; k < ms->label.len; k++) {
		if (ms->label.items[k] == NULL)
			continue;
		bool any = false;
		for (size_t r = 0; r < d->nruns; r++) {
			value[r] = measure_get(ms, r, k, false);
			comp[r] = measure_get(ms, r, k, true);
			share[r] = d->total[r] ? (int64_t)llround((double)value[r] * 1e6 / (double)d->total[r]) : 0;
			any |= value[r] != 0 || comp[r] != 0;
		}
		if (!any)
			continue;
		struct ranked_row rr = {.name = ms->label.items[k], .c.key = (uint32_t)k};
		struct compared *c = &rr.c;
		stats_compare(x->cache, share, nb, share + nb, nn, x->alpha, false, &c->share);
		stats_compare(x->cache, value, nb, value + nb, nn, x->alpha, d->sites, &c->value);
		if (d->sites) {
			stats_compare(x->cache, comp, nb, comp + nb, nn, x->alpha, true, &c->comp);
			enum stats_verdict v = c->value.verdict, w = x->cm ? c->comp.verdict : STATS_SAME;
			c->verdict = v == STATS_CHANGED || w == STATS_CHANGED ? STATS_CHANGED
				     : v == STATS_SAME && w == STATS_SAME     ? STATS_SAME
				     : v == STATS_SAME                        ? w
									      : v;
			rr.k1 = abs64(c->value.b.median - c->value.a.median);
			rr.k2 = abs64(c->comp.b.median - c->comp.a.median);
			rr.k3 = abs64(c->share.b.median - c->share.a.median);
		} else {
			sampled_verdict(x, c, comp);
			rr.k1 = abs64(c->share.b.median - c->share.a.median);
		}
		vec_push(&rows, rr);
	}
	if (rows.len > 1)
		qsort(rows.items, rows.len, sizeof(*rows.items), ranked_cmp);
	struct report_table *t = report_add_table(x->r, ms->id, title, which == 2 ? "Library"
									 : which == 3 ? "Site"
										      : "Function");
	if (x->decidable)
		t->mark_header = "Verdict";
	struct layout l = add_columns(t, x->m, x->cm, d->sites, x->several, d->counts);
	if (d->wall_clock)
		t->cols[l.d_value].hidden = true;
	t->note = d->sites ? "Change of the value (the median of each arm's runs), then of the count and of "
			    "the share of each run's total in points; the detail gives the relative change."
		: d->wall_clock
			? "Change of each arm's median share of its runs' totals, in points (the verdict's measure: "
			  "wall-clock milliseconds move with the machine's load); the detail gives the values."
		: x->several
			? "Change of each arm's median share of its runs' totals, in points; Per run: the change of the "
			  "median value; the detail gives the runs' range of shares and the rank test's p."
			: "Change of share of each side's own total in points (pp); Per run: the change of the "
			  "value; the detail gives the relative change of the value.";
	for (size_t i = 0; i < rows.len; i++) {
		const struct compared *c = &rows.items[i].c;
		const char *detail = row_detail(x, ms, c);
		struct report_row *row = report_table_row(x->r, t, ms->label.items[c->key], detail);
		fill_row(row, &l, c);
		row->flags = ms->owned.items[c->key] ? REPORT_ROW_OWNED : 0;
		if (x->decidable)
			row->mark = verdict_word(c->verdict);
		x->tested[which]++;
		if (which < 2)
			strmap_intern(&x->funcs_tested, strmap_str(&ms->keys, c->key));
		if (which != 2)
			gate_row(x, ms, c, which);
		if (d->sites && c->verdict == STATS_UNDECIDED)
			x->undecided++;
		if (c->verdict == STATS_SHARE_ONLY && x->share_only) {
			struct report_row *s = report_table_row(x->r, x->share_only, ms->label.items[c->key], detail);
			fill_row(s, &x->share_only_layout, c);
			s->flags = row->flags;
			s->mark = ms->view;
			x->share_only_rows++;
		}
		if (c->verdict != STATS_CHANGED)
			continue;
		x->changed[which]++;
		struct report_row *s = report_table_row(x->r, x->summary, ms->label.items[c->key], detail);
		fill_row(s, &x->summary_layout, c);
		s->flags = row->flags;
		s->mark = ms->view;
		if (which < 2)
			strmap_intern(&x->funcs_changed, strmap_str(&ms->keys, c->key));
	}
	t->ranked = true;
	vec_free(&rows);
	free(share);
	free(value);
	free(comp);
}

/* ---------------------------------------------------------------- the report */

static const char *side_text(struct report *r, const struct diff_side *s, const int64_t *totals,
			     const struct pf_metric *m)
{
	char tv[48];
	if (s->count == 1) {
		report_format_value(tv, sizeof(tv), totals[0], m->unit);
		return report_printf(r, "%s (%s, %s)", s->paths[0], s->files[0].format ? s->files[0].format : "?",
				     tv);
	}
	struct stats_summary sum;
	stats_summarise(totals, s->count, &sum);
	report_format_value(tv, sizeof(tv), sum.median, m->unit);
	const char *list = s->paths[0];
	for (size_t i = 1; i < s->count; i++)
		list = report_printf(r, "%s, %s", list, s->paths[i]);
	return report_printf(r, "%zu runs (%s, median %s): %s", s->count,
			     s->files[0].format ? s->files[0].format : "?", tv, list);
}

/* One arm's program: "prog (build id 1a2b3c4d…)", from its first run that names one; NULL: none. */
static const char *program_text(struct report *r, const struct diff_side *s, const char *binary,
				const char **name, const char **build_id)
{
	for (size_t f = 0; f < s->count; f++) {
		const struct profile *p = &s->files[f];
		for (uint32_t l = 0; l < p->libs.len; l++) {
			if (!is_program(p, l, binary))
				continue;
			*name = profile_str(p, p->libs.items[l].name);
			*build_id = profile_str(p, p->libs.items[l].code_id);
			size_t n = strlen(*build_id);
			return report_printf(r, "%s%s%.*s%s%s", *name, n ? " (build id " : "", (int)(n > 8 ? 8 : n),
					     *build_id, n > 8 ? "…" : "", n ? ")" : "");
		}
	}
	return NULL;
}

/* The "Binaries" line when the arms' programs differ in name or build id: they were
 * matched by role, which the reader should know. */
static void binaries_line(struct report *r, const struct diff_side *const sides[2], const char *binary,
			  bool match_file)
{
	const char *name[2] = {"", ""}, *id[2] = {"", ""}, *text[2];
	for (int s = 0; s < 2; s++)
		if ((text[s] = program_text(r, sides[s], binary, &name[s], &id[s])) == NULL)
			return;
	if (strcmp(name[0], name[1]) == 0 && strcmp(id[0], id[1]) == 0)
		return;
	report_header(r, "Binaries", "base: %s · new: %s%s", text[0], text[1],
		      match_file && strcmp(name[0], name[1]) != 0 ? " (--match file: their functions are not matched)"
								   : "");
}

/* The metric called NAME in every file, by index; -1 after one error line. */
static int resolve_metric(const struct diff_side *const sides[2], const char *name, size_t *metric_of[2])
{
	const struct profile *first = &sides[0]->files[0];
	size_t m0 = profile_metric_index(first, name);
	for (int s = 0; s < 2; s++) {
		metric_of[s] = xcalloc(sides[s]->count + 1, sizeof(size_t));
		for (size_t f = 0; f < sides[s]->count; f++) {
			const struct profile *p = &sides[s]->files[f];
			size_t m = profile_metric_index(p, name);
			if (m == SIZE_MAX) {
				pf_error("%s: no metric '%s' in this profile", sides[s]->paths[f], name);
				return -1;
			}
			if (m0 == SIZE_MAX || p->metrics[m].unit != first->metrics[m0].unit) {
				pf_error("%s: metric '%s' has another unit than in %s", sides[s]->paths[f], name,
					 sides[0]->paths[0]);
				return -1;
			}
			metric_of[s][f] = m;
		}
	}
	return 0;
}

static const char *metric_name(const struct diff_side *base, const struct diff_opts *o)
{
	const struct profile *first = &base->files[0];
	if (o->metric != NULL)
		return o->metric;
	return first->metric_count ? first->metrics[first->default_metric].name : NULL;
}

/* The line about the whole profile: each arm's total per run, and whether it moved. */
static void totals_line(struct context *x)
{
	struct diff_state *d = x->d;
	size_t nb = d->nb, nn = d->nruns - nb;
	struct stats_comparison c;
	stats_compare(x->cache, d->total, nb, d->total + nb, nn, x->alpha, d->sites, &c);
	x->totals = c;
	char a[48], a0[48], a1[48], b[48], b0[48], b1[48], ch[48];
	const struct pf_metric *m = x->m;
	report_format_value(a, sizeof(a), c.a.median, m->unit);
	report_format_value(a0, sizeof(a0), c.a.min, m->unit);
	report_format_value(a1, sizeof(a1), c.a.max, m->unit);
	report_format_value(b, sizeof(b), c.b.median, m->unit);
	report_format_value(b0, sizeof(b0), c.b.min, m->unit);
	report_format_value(b1, sizeof(b1), c.b.max, m->unit);
	report_format_value(ch, sizeof(ch), c.b.median - c.a.median, m->unit);
	char rel[48];
	relative(rel, sizeof(rel), c.a.median, c.b.median);
	const char *verdict = c.verdict == STATS_CHANGED ? (c.exact ? "changed" : "changed beyond noise")
			      : c.verdict == STATS_SAME  ? "the same"
			      : c.verdict == STATS_NOISE ? "within noise"
							 : "no noise estimate";
	const char *range_a = nb > 1 ? report_printf(x->r, " (%s–%s over %zu runs)", a0, a1, nb) : "";
	const char *range_b = nn > 1 ? report_printf(x->r, " (%s–%s over %zu runs)", b0, b1, nn) : "";
	const char *p = x->several && !c.exact ? report_printf(x->r, ", p %.3g", c.p) : "";
	report_header(x->r, "Totals", "base %s%s → new %s%s: %s%s (%s), %s%s", a, range_a, b, range_b,
		      c.b.median > c.a.median ? "+" : "", ch, rel, verdict, p);
	report_figure(x->r, "Totals", "base", c.a.median, m->unit);
	report_figure(x->r, "Totals", "new", c.b.median, m->unit);
	report_figure(x->r, "Totals", "change", c.b.median - c.a.median, m->unit);
	struct report_table *t = report_add_table(x->r, "diff_totals", report_printf(x->r, "Total %s per run",
									       m->label), "Metric");
	t->hidden = true;
	t->mark_header = "Verdict";
	size_t cc[8] = {col(t, "Change", m->unit, true, false),     col(t, "Base", m->unit, false, false),
			col(t, "Base min", m->unit, false, false), col(t, "Base max", m->unit, false, false),
			col(t, "New", m->unit, false, false),      col(t, "New min", m->unit, false, false),
			col(t, "New max", m->unit, false, false),  col(t, "p", PF_UNIT_PVALUE, false, false)};
	struct report_row *row = report_table_row(x->r, t, m->name, NULL);
	int64_t v[8] = {c.b.median - c.a.median, c.a.median, c.a.min, c.a.max, c.b.median, c.b.min, c.b.max,
			(int64_t)llround(c.p * 1e9)};
	for (int i = 0; i < 8; i++)
		row->values[cc[i]] = v[i];
	row->mark = verdict_word(c.verdict);
}

/* Each run: its arm, its total, its place in the order the runs were made. */
static void runs_table(struct context *x, const struct diff_side *const sides[2], const char *order)
{
	struct diff_state *d = x->d;
	struct report_table *t = report_add_table(x->r, "diff_runs", "Runs", "File");
	t->mark_header = "Arm";
	t->note = order ? "Each run's total; Made: its place in the order the runs were made."
			: "Each run's total.";
	size_t ct = col(t, "Total", x->m->unit, false, false);
	size_t co = order ? col(t, "Made", PF_UNIT_COUNT, false, false) : SIZE_MAX;
	size_t seen[2] = {0, 0};
	size_t *place = xcalloc(d->nruns + 1, sizeof(*place));
	for (size_t i = 0; order && order[i]; i++) { /* the i-th run made is the next of its arm */
		int arm = order[i] == 'B';
		size_t run = arm ? d->nb + seen[1] : seen[0];
		seen[arm]++;
		if (run < d->nruns)
			place[run] = i + 1;
	}
	for (size_t run = 0; run < d->nruns; run++) {
		int arm = run >= d->nb;
		size_t f = arm ? run - d->nb : run;
		struct report_row *row = report_table_row(x->r, t, sides[arm]->paths[f], NULL);
		row->mark = arm ? "new" : "base";
		row->values[ct] = d->total[run];
		put(row, co, (int64_t)place[run]);
	}
	free(place);
}

/* The header lines that say how the verdicts were reached. */
static void rule_line(struct context *x)
{
	struct diff_state *d = x->d;
	size_t nb = d->nb, nn = d->nruns - nb;
	double conf = 100 * (1 - x->alpha);
	if (d->sites)
		report_header(x->r, "Verdicts", "DHAT counts are exact: a row changed when its %s%s differ%s",
			      x->m->name, x->cm ? report_printf(x->r, " or %s", x->cm->name) : "",
			      nb == 1 && nn == 1 ? " (one run per arm: this trusts the program to allocate the same "
						   "for the same input; two runs per arm check it)"
						 : "; an arm whose runs differ falls back to the rank test");
	else if (nb == 1 && nn == 1)
		report_header(x->r, "Verdicts",
			      "one run per arm: no noise estimate exists, so no change is marked significant; "
			      "record at least %zu runs per arm",
			      stats_runs_needed(x->alpha));
	else if (!x->decidable)
		report_header(x->r, "Verdicts",
			      "with %zu and %zu runs a rank test cannot reach %.4g%% confidence (its smallest p is "
			      "%.3g), so no change is marked significant; record at least %zu runs per arm, or lower "
			      "--confidence",
			      nb, nn, conf, stats_min_p(nb, nn), stats_runs_needed(x->alpha));
	else if (d->wall_clock)
		report_header(x->r, "Verdicts",
			      "a row changed when the runs' shares of their own totals differ by a two-sided rank-sum "
			      "test at %.4g%% confidence (p <= %.3g), the arms' medians are further apart than 1.5 "
			      "times either arm's interquartile range%s",
			      conf, x->alpha,
			      d->counts ? report_printf(x->r, ", and the row's samples differ beyond sampling chance "
							      "(binomial test); at least %d samples per run on average",
							DIFF_MIN_SAMPLES_PER_RUN)
					: "");
	else
		report_header(x->r, "Verdicts",
			      "a row changed when its own value per run (%s) differs by a two-sided rank-sum test at "
			      "%.4g%% confidence (p <= %.3g), the arms' medians are further apart than 1.5 times either "
			      "arm's interquartile range%s; \"share only\" when only its share moved",
			      x->m->name, conf, x->alpha,
			      d->counts ? report_printf(x->r, ", and its samples per run differ beyond sampling chance "
							      "(binomial test); at least %d samples per run on average",
							DIFF_MIN_SAMPLES_PER_RUN)
					: "");
}

/* What the verdicts found; with --aa, as the harness' false positives. */
static void result_line(struct context *x, bool aa)
{
	size_t funcs = x->funcs_tested.count - 1, changed = x->funcs_changed.count - 1;
	size_t other = x->tested[2] + x->tested[3], other_changed = x->changed[2] + x->changed[3];
	const char *what = x->tested[3] ? "sites" : "libraries";
	const char *more = other ? report_printf(x->r, ", %zu of %zu %s", other_changed, other, what) : "";
	if (!x->decidable) {
		x->summary->empty = "nothing can be called changed: no noise estimate (see Verdicts above)";
		return;
	}
	if (aa) {
		double rate = funcs ? 100.0 * (double)changed / (double)funcs : 0;
		if (changed + other_changed == 0)
			report_header(x->r, "A/A", "no change beyond noise (0 of %zu functions%s)", funcs, more);
		else
			report_header(x->r, "A/A",
				      "%zu of %zu functions (%.1f%%)%s would have been called changed although both arms "
				      "are one configuration: the false-positive rate of this harness",
				      changed, funcs, rate, more);
		x->summary->empty = "no change beyond noise";
		return;
	}
	size_t n = x->share_only_rows;
	const char *apart =
		n ? report_printf(x->r, "; %zu row%s moved in share only (listed apart)", n, n == 1 ? "" : "s") : "";
	const char *undecided =
		x->undecided ? report_printf(x->r, "; %zu row%s without a verdict: an arm's runs differ and %zu + %zu runs "
						   "give no noise estimate",
					     x->undecided, x->undecided == 1 ? "" : "s", x->d->nb, x->d->nruns - x->d->nb)
			     : "";
	apart = report_printf(x->r, "%s%s", apart, undecided);
	if (changed + other_changed == 0 && x->undecided)
		report_header(x->r, "Result", "nothing changed beyond noise among the rows with a verdict (%zu functions%s "
					      "compared)%s",
			      funcs, other ? report_printf(x->r, ", %zu %s", other, what) : "", apart);
	else if (changed + other_changed == 0)
		report_header(x->r, "Result", "no change beyond noise (%zu functions%s compared)%s", funcs,
			      other ? report_printf(x->r, ", %zu %s", other, what) : "", apart);
	else
		report_header(x->r, "Result", "%zu of %zu functions changed%s%s%s", changed, funcs,
			      x->d->sites ? "" : " beyond noise", more, apart);
	x->summary->empty = "no change beyond noise";
}

/* --fail-on-change: the "Gate" line; returns how many things got slower (the total counts). */
static size_t gate_line(struct context *x)
{
	const struct stats_comparison *t = &x->totals;
	const char *at_least = x->gate_pct > 0 ? report_printf(x->r, " by %g%% or more", x->gate_pct) : "";
	size_t n = x->slower_count;
	const char *what = x->slower;
	if (t->verdict == STATS_CHANGED && t->b.median > t->a.median && t->a.median > 0) {
		double pct = 100.0 * (double)(t->b.median - t->a.median) / (double)t->a.median;
		if (pct >= x->gate_pct) {
			const char *tot = report_printf(x->r, "the total %+.1f%%", pct);
			what = what ? report_printf(x->r, "%s; %s", tot, what) : tot;
			n++;
		}
	}
	if (n == 0)
		report_header(x->r, "Gate",
			      "passed (--fail-on-change): neither the total nor a function of yours got %s beyond "
			      "noise%s",
			      x->d->sites ? "bigger" : "slower", at_least);
	else
		report_header(x->r, "Gate", "failed (--fail-on-change, exit status 3): %s beyond noise%s: %s",
			      x->d->sites ? "bigger" : "slower", at_least, what);
	return n;
}

/* Exact counts (DHAT): the runs of an arm should agree site by site. */
#define AGREEMENT_SITES_SHOWN 3 /* differing sites named per run */
#define AGREEMENT_RUNS_SHOWN 3  /* differing runs named per arm */

static int64_t agree_get(const struct diff_state *d, size_t run, size_t a, size_t k)
{
	const struct run_vals *rv = &d->agree[run * d->nagree + a];
	return k < rv->val.len ? rv->val.items[k] : 0;
}

/* A site where RUN differs from its arm's first run, ranked by the compared metric's change. */
struct odd_site {
	size_t key;
	int64_t by;
};

static int odd_site_cmp(const void *a, const void *b)
{
	const struct odd_site *x = a, *y = b;
	if (x->by != y->by)
		return x->by > y->by ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* "at 2 of 5 sites (planted_cache (dnoise.c:37): gb 10,000 B → 30,000 B; ...)": RUN against FROM,
 * NULL when they agree. */
static const char *run_disagreement(struct context *x, size_t from, size_t run)
{
	const struct diff_state *d = x->d;
	const struct profile *p = d->run[from];
	size_t nsites = d->site.label.len, present = 0, nodd = 0;
	struct odd_site *odd = xcalloc(nsites + 1, sizeof(*odd));
	for (size_t k = 0; k < nsites; k++) {
		bool in_either = false, differs = false;
		for (size_t a = 0; a < d->nagree; a++) {
			int64_t u = agree_get(d, from, a, k), v = agree_get(d, run, a, k);
			in_either |= u != 0 || v != 0;
			differs |= u != v;
		}
		present += in_either;
		if (differs) /* agreement metric 0: the compared one */
			odd[nodd++] = (struct odd_site){k, abs64(agree_get(d, run, 0, k) -
								 agree_get(d, from, 0, k))};
	}
	const char *text = NULL;
	if (nodd > 0) {
		qsort(odd, nodd, sizeof(*odd), odd_site_cmp);
		text = report_printf(x->r, "at %zu of %zu site%s (", nodd, present, present == 1 ? "" : "s");
		for (size_t i = 0; i < nodd && i < AGREEMENT_SITES_SHOWN; i++) {
			size_t k = odd[i].key;
			const char *what = NULL;
			for (size_t a = 0; a < d->nagree; a++) {
				int64_t u = agree_get(d, from, a, k), v = agree_get(d, run, a, k);
				if (u == v)
					continue;
				size_t m = profile_metric_index(p, d->agree_name[a]);
				enum pf_unit unit = m != SIZE_MAX ? p->metrics[m].unit : PF_UNIT_COUNT;
				const char *one = report_printf(x->r, "%s %s → %s", d->agree_name[a],
								exact(x->r, u, unit), exact(x->r, v, unit));
				what = what ? report_printf(x->r, "%s, %s", what, one) : one;
			}
			const char *label = d->site.label.items[k];
			text = report_printf(x->r, "%s%s%s: %s", text, i ? "; " : "", label, what);
		}
		if (nodd > AGREEMENT_SITES_SHOWN)
			text = report_printf(x->r, "%s; %zu more", text, nodd - AGREEMENT_SITES_SHOWN);
		text = report_printf(x->r, "%s)", text);
	}
	free(odd);
	return text;
}

/* A warning per arm naming the runs that differ from the arm's first run at any site (the
 * compared metric, its companion and diff_format.agreement), and their first sites. Sets
 * x->dhat_varies. */
static void dhat_agreement(struct context *x, const struct diff_side *const sides[2])
{
	struct diff_state *d = x->d;
	for (int s = 0; s < 2; s++) {
		size_t from = s ? d->nb : 0, to = s ? d->nruns : d->nb, shown = 0, more = 0;
		const char *odd = NULL;
		for (size_t run = from + 1; run < to; run++) {
			const char *how = run_disagreement(x, from, run);
			if (how == NULL)
				continue;
			if (shown == AGREEMENT_RUNS_SHOWN) {
				more++;
				continue;
			}
			shown++;
			const char *one = report_printf(x->r, "%s %s", sides[s]->paths[run - from], how);
			odd = odd ? report_printf(x->r, "%s, %s", odd, one) : one;
		}
		if (odd == NULL)
			continue;
		x->dhat_varies = true;
		report_warning(x->r,
			       "the %s runs differ from the arm's first run, %s: %s%s; DHAT's counts are "
			       "exact, so these runs had another input or the program is not deterministic: "
			       "their rows fall back to the rank test",
			       s ? "new" : "base", sides[s]->paths[0], odd,
			       more ? report_printf(x->r, ", %zu more run%s", more, more == 1 ? "" : "s")
				    : "");
	}
}

/* Which run was made when, and the warning of the ABBA rule. */
static void order_lines(struct context *x, const struct diff_opts *o)
{
	size_t nb = x->d->nb, nn = x->d->nruns - nb;
	if (x->d->sites && !x->dhat_varies)
		return; /* exact counts do not drift with time: the order does not matter */
	if (o->order == NULL) {
		if (nb > 1 && nn > 1)
			report_warning(x->r, "the order the runs were made in is unknown (no times in the file names, "
					     "file times too close together, as after a copy): give it with --order, "
					     "e.g. --order ABBAABBA, so a drift over time can be told from a change");
		return;
	}
	report_header(x->r, "Order", "%s (from %s; A: base, B: new)", o->order,
		      o->order_source ? o->order_source : "--order");
	char first = runorder_always_first(o->order);
	if (first)
		report_warning(x->r,
			       "the %s arm ran first in every pair of runs (%s): a drift over time would look like a "
			       "change; alternate the order within pairs (ABBA)",
			       first == 'A' ? "base" : "new", o->order);
}

static void state_release(struct diff_state *d)
{
	measure_release(&d->self, d->nruns);
	measure_release(&d->incl, d->nruns);
	measure_release(&d->lib, d->nruns);
	measure_release(&d->site, d->nruns);
	for (size_t i = 0; d->agree && i < d->nruns * d->nagree; i++)
		vec_free(&d->agree[i].val);
	free(d->agree);
	strmap_release(&d->names);
	free(d->run);
	free(d->own);
	free(d->metric);
	free(d->comp);
	free(d->total);
	free(d->comp_total);
}

int diff_report(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		struct report *r)
{
	const struct diff_side *sides[2] = {base, new_side};
	const struct profile *first = &base->files[0];
	const char *name = metric_name(base, o);
	if (name == NULL) {
		pf_error("%s: the profile has no metric", base->paths[0]);
		return PF_EXIT_FAIL;
	}
	size_t *metric_of[2] = {NULL, NULL};
	if (resolve_metric(sides, name, metric_of) < 0) {
		free(metric_of[0]);
		free(metric_of[1]);
		return PF_EXIT_FAIL;
	}
	struct diff_state d = {0};
	d.nb = base->count;
	d.nruns = base->count + new_side->count;
	d.match_file = o->match_file;
	d.format = o->format;
	d.sites = o->format != NULL && o->format->sample_sites != NULL;

	d.run_opts = o->run_opts;
	d.run = xcalloc(d.nruns, sizeof(*d.run));
	d.own = xcalloc(d.nruns, sizeof(*d.own));
	d.metric = xcalloc(d.nruns, sizeof(*d.metric));
	d.comp = xcalloc(d.nruns, sizeof(*d.comp));
	d.total = xcalloc(d.nruns, sizeof(*d.total));
	d.comp_total = xcalloc(d.nruns, sizeof(*d.comp_total));
	measure_init(&d.self, "diff_self", "self", d.nruns);
	measure_init(&d.incl, "diff_inclusive", "inclusive", d.nruns);
	measure_init(&d.lib, "diff_library", "library", d.nruns);
	measure_init(&d.site, "diff_sites", "site", d.nruns);
	strmap_init(&d.names);
	const struct pf_metric *m = &first->metrics[profile_metric_index(first, name)];
	/* with --weight samples a V8 profile's values are counts, which the load does not move */
	d.wall_clock = o->format != NULL && o->format->wall_clock && m->unit != PF_UNIT_COUNT;
	/* DHAT: blocks beside bytes; sampled profiles: sample counts; when every run records them */
	const char *comp_name = d.sites ? (o->format->companion ? o->format->companion(name) : NULL) : "samples";
	const struct pf_metric *cm = NULL;
	for (size_t run = 0; run < d.nruns; run++) {
		int s = run >= d.nb;
		size_t f = s ? run - d.nb : run;
		d.run[run] = &sides[s]->files[f];
		d.own[run] = sides[s]->owns ? &sides[s]->owns[f] : NULL;
		d.metric[run] = metric_of[s][f];
		d.comp[run] = comp_name ? profile_metric_index(d.run[run], comp_name) : SIZE_MAX;
		if (d.comp[run] == SIZE_MAX)
			comp_name = NULL;
	}
	if (d.sites) {
		const char *const *more = o->format->agreement;
		const char *names[ARRAY_SIZE(d.agree_name)] = {name, comp_name};
		size_t n = comp_name ? 2 : 1;
		for (size_t i = 0; more && more[i] && n < ARRAY_SIZE(names); i++)
			names[n++] = more[i];
		for (size_t i = 0; i < n; i++) {
			bool dup = false;
			for (size_t j = 0; j < d.nagree; j++)
				dup |= strcmp(d.agree_name[j], names[i]) == 0;
			if (!dup)
				d.agree_name[d.nagree++] = names[i];
		}
		d.agree = xcalloc(d.nruns * d.nagree + 1, sizeof(*d.agree));
	}
	int rc = PF_EXIT_OK;
	for (size_t run = 0; run < d.nruns && rc == PF_EXIT_OK; run++) {
		if (comp_name == NULL)
			d.comp[run] = SIZE_MAX;
		measure_funcs(&d, run, d.metric[run], false);
		if (comp_name)
			measure_funcs(&d, run, d.comp[run], true);
		if (d.sites && measure_sites(&d, run) < 0)
			rc = PF_EXIT_FAIL;
	}
	/* an arm's sum bounds every value summed over its runs below (and in the trees) */
	int64_t sum[2][2] = {{0, 0}, {0, 0}}; /* by arm: metric, companion */
	for (size_t run = 0; run < d.nruns && rc == PF_EXIT_OK; run++) {
		int s = run >= d.nb;
		if (__builtin_add_overflow(sum[s][0], d.total[run], &sum[s][0]) ||
		    __builtin_add_overflow(sum[s][1], d.comp_total[run], &sum[s][1])) {
			pf_error("%s: %s summed over the %s files exceeds 2^63 - 1",
				 sides[s]->paths[s ? run - d.nb : run], m->name, s ? "new" : "base");
			rc = PF_EXIT_FAIL;
		}
	}
	if (comp_name && d.sites)
		cm = &first->metrics[profile_metric_index(first, comp_name)];
	d.counts = comp_name && !d.sites &&
		   first->metrics[profile_metric_index(first, comp_name)].unit == PF_UNIT_COUNT;
	if (rc != PF_EXIT_OK)
		goto out;

	double conf = o->confidence > 0 ? o->confidence : 0.95;
	struct context x = {.d = &d, .r = r, .m = m, .cm = cm, .alpha = 1 - conf};
	x.several = base->count > 1 || new_side->count > 1;
	x.decidable = d.sites || stats_reaches(stats_min_p(base->count, new_side->count), x.alpha);
	x.cache = stats_cache_new();
	x.gate = o->fail_on_change;
	x.gate_pct = o->fail_pct;
	strmap_init(&x.funcs_tested);
	strmap_init(&x.funcs_changed);

	report_header(r, "Base", "%s", side_text(r, base, d.total, m));
	report_header(r, "New", "%s", side_text(r, new_side, d.total + d.nb, m));
	report_header(r, "Compared", "%s as a share of %s%s", m->label,
		      x.several ? "each run's own total; each arm's median over its runs" : "each side's own total",
		      d.wall_clock ? " (V8 profiles measure wall-clock time, which the machine's load stretches: "
				     "the verdicts compare shares, not milliseconds)"
				   : "");
	if (d.sites)
		report_header(r, "Self", "%s", d.format->self_note);
	if (!d.match_file)
		report_header(r, "Matched", "%s",
			      "functions by name and library, the program by its role, not its file name (--match "
			      "file: also by file and line)");
	binaries_line(r, sides, binary_opt(&d), d.match_file);
	for (size_t i = 0; i < first->info.len; i++)
		if (strcmp(first->info.items[i].key, "Filters") == 0)
			report_header(r, "Filters", "%s", first->info.items[i].value);
	if (d.sites)
		dhat_agreement(&x, sides);
	totals_line(&x);
	rule_line(&x);
	order_lines(&x, o);
	for (int s = 0; s < 2; s++)
		for (size_t f = 0; f < sides[s]->count; f++)
			for (size_t w = 0; w < sides[s]->files[f].warnings.len; w++)
				report_keep_warning(r, report_printf(r, "%s: %s", sides[s]->paths[f],
								     sides[s]->files[f].warnings.items[w]));

	x.summary = report_add_table(r, "diff_changed",
				     o->aa ? "Called changed although both arms are one configuration (--aa)"
					   : "Changed beyond noise",
				     "Function");
	x.summary->mark_header = "View";
	x.summary_layout = add_columns(x.summary, m, cm, d.sites, x.several, d.counts);
	if (d.wall_clock) /* wall-clock milliseconds move with the load: the share is what counts */
		x.summary->cols[x.summary_layout.d_value].hidden = true;
	x.summary->note = d.sites ? "Rows whose counts differ, by size of change; the full tables follow."
				 : "Rows the verdict rule calls changed, by size of change; the full tables follow.";
	if (!d.sites && !d.wall_clock && x.decidable) {
		x.share_only = report_add_table(r, "diff_share_only",
						"Share only: the share moved beyond noise, the time per run did not",
						"Function");
		x.share_only->mark_header = "View";
		x.share_only->note = "Other rows grew or shrank; these rows' own time did not change beyond noise.";
		x.share_only->empty = "none";
		x.share_only_layout = add_columns(x.share_only, m, cm, false, x.several, d.counts);
	}
	const char *ml = m->label;
	compare_measure(&x, &d.self, 0, report_printf(r, "Self share of %s: base → new, by size of change", ml));
	compare_measure(&x, &d.incl, 1,
			report_printf(r, "Inclusive share of %s: base → new, by size of change", ml));
	if (d.lib.label.len > 0)
		compare_measure(&x, &d.lib, 2, report_printf(r, "Self share of %s by library: base → new", ml));
	if (d.site.label.len > 0)
		compare_measure(&x, &d.site, 3, report_printf(r, "By allocation site, %s: base → new", ml));
	/* the summaries: by size of change, like the tables they were taken from */
	for (int k = 0; k < 2; k++) {
		struct report_table *t = k ? x.share_only : x.summary;
		if (t == NULL)
			continue;
		size_t key = d.sites ? x.summary_layout.d_value : x.summary_layout.d_share;
		struct report_row *rows = t->rows.items;
		for (size_t i = 1; i < t->rows.len; i++) /* few rows: insertion sort, stable for equal changes */
			for (size_t j = i; j > 0 && abs64(rows[j - 1].values[key]) < abs64(rows[j].values[key]); j--) {
				struct report_row tmp = rows[j];
				rows[j] = rows[j - 1];
				rows[j - 1] = tmp;
			}
		t->ranked = true;
	}
	result_line(&x, o->aa);
	if (x.gate && gate_line(&x) > 0)
		rc = DIFF_EXIT_SLOWER;
	runs_table(&x, sides, o->order);
	stats_cache_free(x.cache);
	strmap_release(&x.funcs_tested);
	strmap_release(&x.funcs_changed);
out:
	state_release(&d);
	free(metric_of[0]);
	free(metric_of[1]);
	return rc;
}

/* The tree's keys: the functions' identities of the report, so a function is one stack
 * frame in both arms whatever its build's file is called. */
static uint32_t *tree_identity(struct strmap *names, const struct profile *p, const void *ctx)
{
	const struct diff_opts *o = ctx;
	return diff_identities(names, p, o->match_file, o->run_opts ? o->run_opts->own.binary : NULL);
}

void diff_calltree(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		   struct calltree *t)
{
	const struct diff_side *sides[2] = {base, new_side};
	const char *name = metric_name(base, o);
	calltree_init(t, false);
	t->identity = tree_identity;
	t->identity_ctx = o;
	t->runs[0] = base->count;
	t->runs[1] = new_side->count;
	for (int s = 0; s < 2 && name != NULL; s++)
		for (size_t f = 0; f < sides[s]->count; f++) {
			const struct profile *p = &sides[s]->files[f];
			size_t m = profile_metric_index(p, name);
			if (m == SIZE_MAX)
				continue;
			struct pf_weights w;
			weights_compute(&w, p, m, NULL);
			calltree_add_topdown(t, p, &w, s, NULL);
			weights_release(&w);
		}
	calltree_finish(t);
}
