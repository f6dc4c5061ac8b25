/* driver.c: the one path from inputs to a report (driver.h), for every
 * subcommand and for both sides of `profan diff`. */
#include "profan/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profan/calltree.h"
#include "profan/demangle.h"
#include "profan/diff.h"
#include "profan/export.h"
#include "profan/format.h"
#include "profan/load.h"
#include "profan/match.h"
#include "profan/prefetch.h"
#include "profan/runorder.h"
#include "profan/source.h"
#include "profan/transform.h"
#include "profan/views.h"

/* What every input of a run shares: the options and the side inputs each format read once. */
struct run {
	const struct profan_opts *o;
	void **side;                   /* per format (format_at order): its run_open's, or NULL */
	size_t formats;
	struct sym_prefetch *prefetch; /* symbol files opened while the inputs are read, or NULL */
};

static int run_init(struct run *rn, const struct profan_opts *o)
{
	memset(rn, 0, sizeof(*rn));
	rn->o = o;
	rn->prefetch = o->no_symbols ? NULL : sym_prefetch_new(&o->symbols);
	while (format_at(rn->formats))
		rn->formats++;
	rn->side = xcalloc(rn->formats + 1, sizeof(*rn->side));
	for (size_t i = 0; i < rn->formats; i++) {
		const struct input_format *f = format_at(i);
		if (f->run_open && f->run_open(o, &rn->side[i]) < 0)
			return -1;
	}
	return 0;
}

static void run_release(struct run *rn)
{
	for (size_t i = 0; i < rn->formats; i++)
		if (format_at(i)->run_close)
			format_at(i)->run_close(rn->side[i]);
	free(rn->side);
	sym_prefetch_free(rn->prefetch);
}

static void *run_side(const struct run *rn, const struct input_format *f)
{
	for (size_t i = 0; i < rn->formats; i++)
		if (format_at(i) == f)
			return rn->side[i];
	return NULL;
}

/* Options that name a side input or a feature of another format, or that F cannot carry
 * out. Returns 0, or PF_EXIT_USAGE after one error line. */
static int check_options_fit(const struct input_format *f, const struct profan_opts *o)
{
	for (size_t i = 0; format_at(i); i++) {
		const struct input_format *g = format_at(i);
		if (g != f && g->foreign_options && g->foreign_options(o, f->label) < 0)
			return PF_EXIT_USAGE;
	}
	if (f->check_options && f->check_options(o, f->label) < 0)
		return PF_EXIT_USAGE;
	return 0;
}

int driver_check_options(const struct input_format *f, const struct profan_opts *o)
{
	return check_options_fit(f, o);
}

/* One input's load: recognise the format (or check the one asked for) and call the
 * format's loader (a pf_loader for load_file/load_buffer). */
struct loaded {
	const struct input_format *format; /* the format read */
	const char *symbols;               /* the side file its names came from, or NULL */
};

struct dispatch {
	const struct input_format *format; /* asked for, or NULL */
	const struct run *rn;
	const struct driver_input *in;
	struct loaded *got;
};

/* What the loader of F gets besides the input itself, the same for text and binary formats. */
static struct load_env load_env_of(const struct dispatch *d, const struct input_format *f)
{
	const struct driver_input *in = d->in;
	return (struct load_env){
		.o = d->rn->o,
		.file = in->data == NULL && strcmp(in->path, "-") != 0 ? in->path : NULL,
		.run = run_side(d->rn, f),
		.origin = &d->got->symbols,
	};
}

static int dispatch(const struct json_doc *doc, struct profile *out, const void *ctx)
{
	const struct dispatch *d = ctx;
	const struct input_format *seen;
	if (format_recognise(doc, &seen) < 0)
		return -1; /* said what the file is */
	const struct input_format *f = d->got->format = d->format ? d->format : seen;
	if (f == NULL) {
		pf_error("%s: not a profile profan recognises (%s); name it with --format",
			 json_doc_origin(doc), format_names());
		return -1;
	}
	if (seen != NULL && seen != f) {
		pf_error("%s: this is %s, not %s: read it with 'profan %s'", json_doc_origin(doc), seen->label,
			 f->label, seen->command);
		return -1;
	}
	if (f->load == NULL) { /* a binary format's command given a JSON document */
		pf_error("%s: not %s (this is JSON)", json_doc_origin(doc), f->label);
		return -1;
	}
	struct load_env env = load_env_of(d, f);
	return f->load(doc, &env, out);
}

/* A binary input (magic_binary named it KIND): the format of that magic, if it is the one asked. */
static int dispatch_binary(const char *kind, const unsigned char *data, size_t len, const char *origin,
			   struct profile *out, const void *ctx)
{
	const struct dispatch *d = ctx;
	const struct input_format *seen = format_of_binary(kind);
	const struct input_format *f = d->got->format = d->format ? d->format : seen;
	if (seen == NULL || seen != f) {
		pf_error("%s: this is %s, not %s: read it with 'profan %s'", origin, seen ? seen->label : kind,
			 f ? f->label : "a profile", seen ? seen->command : kind);
		return -1;
	}
	struct load_env env = load_env_of(d, f);
	return f->load_binary(data, len, origin, &env, out);
}

/* Loads IN as FORMAT (NULL: recognise it) into OUT; *USED gets the format and
 * *SYMBOLS the side file its names came from (or NULL). Returns 0, or -1 /
 * LOAD_MISFIT after one error line (OUT is then released). */
static int load_one(const struct input_format *format, const struct run *rn, const struct driver_input *in,
		    struct profile *out, const struct input_format **used, const char **symbols)
{
	struct loaded got = {0};
	struct dispatch d = {.format = format, .rn = rn, .in = in, .got = &got};
	struct json_parse_opts jopts = format_parse_opts(format, rn->prefetch);
	int rc = load_input(in->path, in->data, in->len, &jopts, dispatch, dispatch_binary, &d, out);
	*used = got.format;
	*symbols = rc == 0 ? got.symbols : NULL;
	return rc;
}

/* The exit status for a load that failed with RC. */
static int load_failure(int rc)
{
	return rc == LOAD_MISFIT ? PF_EXIT_USAGE : PF_EXIT_FAIL;
}

static const char *info_value(const struct profile *p, const char *key)
{
	for (size_t i = 0; i < p->info.len; i++)
		if (strcmp(p->info.items[i].key, key) == 0)
			return p->info.items[i].value;
	return NULL;
}

/* What every format gets after its own views: the shared views (common_views)
 * and the exports, for the format's metric and sample selection. Returns
 * PF_EXIT_OK, or PF_EXIT_FAIL after one error line. */
static int finish(const struct profan_opts *o, const struct profile *p, const struct ownership *own,
		  const struct view_choice *c, struct report *r)
{
	if (c->metric >= p->metric_count)
		return PF_EXIT_OK;
	if (common_views(o, p, own, c, r) < 0)
		return PF_EXIT_FAIL;
	int rc = PF_EXIT_OK;
	if (o->folded || o->flamegraph) {
		struct pf_weights w; /* a table per stack node: only the exports of the tree need it */
		weights_compute(&w, p, c->metric, c->keep);
		struct calltree t;
		calltree_init(&t, false);
		calltree_add_topdown(&t, p, &w, 0, NULL);
		calltree_finish(&t);
		if (o->folded) {
			if (export_folded(o->folded, &t, false) < 0)
				rc = PF_EXIT_FAIL;
			else
				report_header(r, "Folded stacks", "%s (%s)", o->folded, p->metrics[c->metric].name);
		}
		if (rc == PF_EXIT_OK && o->flamegraph) {
			const char *filters = info_value(p, "Filters");
			struct flamegraph_opts fo = {
				.title = report_printf(r, "%s: %s", p->format ? p->format : "profile",
						       p->metrics[c->metric].label),
				.subtitle = filters ? report_printf(r, "Filters: %s", filters) : NULL,
				.unit = p->metrics[c->metric].unit,
			};
			if (export_flamegraph(o->flamegraph, &t, &fo) < 0)
				rc = PF_EXIT_FAIL;
			else
				report_header(r, "Flame graph", "%s", o->flamegraph);
		}
		calltree_release(&t);
		weights_release(&w);
	}
	if (rc == PF_EXIT_OK && o->pprof) {
		if (export_pprof(o->pprof, p, c->metric, c->keep) < 0)
			rc = PF_EXIT_FAIL;
		else
			report_header(r, "pprof", "%s", o->pprof);
	}
	return rc;
}

/* Whose code each function is, once per run, on the profile the views read
 * (symbolicated and transformed: --by file makes functions of its own). Several
 * --ours patterns are one alternation. Returns 0, or -1 after one error line. */
static int classify(const struct profan_opts *o, struct profile *p, struct ownership *own)
{
	char *ours = NULL;
	for (size_t i = 0; i < o->own.ours.count; i++) {
		char *more = xasprintf("%s%s(?:%s)", ours ? ours : "", ours ? "|" : "", o->own.ours.items[i]);
		free(ours);
		ours = more;
	}
	int rc = ownership_classify(own, p, &(struct ownership_opts){.ours = ours, .binary = o->own.binary, .explain = o->own.explain});
	free(ours);
	return rc;
}

/* The stages between loading and the views, the same for every command and for each file
 * of a diff: name the frames (the format's symbolication), apply the user's filters, and
 * classify whose code each function is (on the profile the views read: --by file makes
 * functions of its own). F NULL: a format the registry does not know (a profile a test
 * built). Returns 0 (OWN to be released), or -1 after one error line. */
static int prepare(const struct input_format *f, const struct profan_opts *o, struct sym_prefetch *pf,
		   struct profile *p, struct ownership *own)
{
	profile_label_libs(p); /* the libraries are all in: how the report tells them apart */
	if (f != NULL && f->symbolicate && f->symbolicate(p, o, pf) != 0)
		return -1;
	symbolize_demangle_wasm(p); /* any format's wasm:// functions (demangle.h) */
	if (transform_apply(p, o->steps, o->step_count) < 0)
		return -1;
	return classify(o, p, own);
}

/* A prepared profile's views: the format's own (F NULL: the generic ones), then the
 * shared views and the exports. */
static int view(const struct input_format *f, const struct profan_opts *o, const struct profile *p,
		const struct ownership *own, const char *const *paths, size_t n, const char *symbols,
		struct report *r)
{
	struct view_input in = {.p = p, .o = o, .paths = paths, .path_count = n, .symbols_origin = symbols, .own = own};
	struct view_choice choice = {0};
	int rc = (f ? f->views : generic_views)(&in, r, &choice);
	if (rc == PF_EXIT_OK)
		rc = finish(o, p, own, &choice, r);
	view_choice_release(&choice);
	return rc;
}

/* One analysis of a loaded profile: prepare, then view. */
static int analyse(const struct input_format *f, const struct profan_opts *o, struct sym_prefetch *pf,
		   struct profile *p, const char *const *paths, size_t n, const char *symbols, struct report *r)
{
	struct ownership own;
	if (prepare(f, o, pf, p, &own) < 0)
		return PF_EXIT_FAIL;
	int rc = view(f, o, p, &own, paths, n, symbols, r);
	ownership_release(&own);
	return rc;
}

int driver_run(const struct input_format *format, const struct profan_opts *o, const struct driver_input *inputs,
	       size_t n, struct report *r)
{
	if (n == 0) {
		pf_error("no input to analyse");
		return PF_EXIT_USAGE;
	}
	if (format && check_options_fit(format, o) != 0)
		return PF_EXIT_USAGE;
	struct run rn;
	if (run_init(&rn, o) < 0) {
		run_release(&rn);
		return PF_EXIT_FAIL;
	}
	const char **paths = xcalloc(n, sizeof(*paths));
	for (size_t i = 0; i < n; i++)
		paths[i] = inputs[i].path;
	struct profile p;
	const struct input_format *f = NULL;
	const char *symbols = NULL;
	int rc = PF_EXIT_FAIL;
	bool loaded = false;
	int lrc = load_one(format, &rn, &inputs[0], &p, &f, &symbols);
	if (lrc < 0) {
		rc = load_failure(lrc);
		goto out;
	}
	loaded = true;
	/* several inputs are runs of one program: merged into one profile */
	for (size_t i = 1; i < n; i++) {
		struct profile more;
		const struct input_format *g;
		const char *unused;
		if ((lrc = load_one(f, &rn, &inputs[i], &more, &g, &unused)) < 0) {
			rc = load_failure(lrc);
			goto out;
		}
		int bad = profile_merge(&p, &more, inputs[i].path);
		profile_release(&more);
		if (bad)
			goto out;
	}
	profile_note_inputs(&p, paths, n);
	if (format == NULL && (rc = check_options_fit(f, o)) != 0)
		goto out;
	rc = analyse(f, o, rn.prefetch, &p, paths, n, symbols, r);
out:
	if (loaded)
		profile_release(&p);
	free(paths);
	run_release(&rn);
	return rc;
}

int driver_run_profile(const struct profan_opts *o, struct profile *p, const char *name, struct report *r)
{
	const struct input_format *f = p->format ? format_find(p->format) : NULL;
	return analyse(f, o, NULL, p, &name, 1, NULL, r);
}

struct side {
	struct profile *files;
	struct ownership *owns; /* whose code, per file: DHAT sites are lines of yours */
	const char **paths;
	size_t count, classified;
};

static void side_release(struct side *s)
{
	for (size_t i = 0; i < s->classified; i++)
		ownership_release(&s->owns[i]);
	for (size_t i = 0; i < s->count; i++)
		profile_release(&s->files[i]);
	free(s->owns);
	free(s->files);
	free(s->paths);
}

static void side_alloc(struct side *s, size_t n)
{
	s->files = xcalloc(n ? n : 1, sizeof(*s->files));
	s->owns = xcalloc(n ? n : 1, sizeof(*s->owns));
	s->paths = xcalloc(n ? n : 1, sizeof(*s->paths));
}

/* Loads IN[FROM..N) as files of their own into S (allocated for N); all must be of one
 * format (*FORMAT: given, or the first one seen, whose options are then checked). */
static int load_files(const struct input_format **format, const struct run *rn, const struct driver_input *in,
		      size_t from, size_t n, struct side *s)
{
	for (size_t i = from; i < n; i++) {
		const struct input_format *f;
		const char *unused;
		s->paths[i] = in[i].path;
		int rc = load_one(*format, rn, &in[i], &s->files[i], &f, &unused);
		if (rc < 0)
			return load_failure(rc);
		s->count = i + 1;
		if (*format == NULL) {
			*format = f;
			if ((rc = check_options_fit(f, rn->o)) != 0)
				return rc;
		}
	}
	return PF_EXIT_OK;
}

/* Symbolicates, filters and classifies each loaded file of S. */
static int prepare_side(const struct input_format *f, const struct run *rn, struct side *s)
{
	for (size_t i = 0; i < s->count; i++) {
		if (prepare(f, rn->o, rn->prefetch, &s->files[i], &s->owns[i]) < 0)
			return PF_EXIT_FAIL;
		s->classified = i + 1;
	}
	return PF_EXIT_OK;
}

/* When each input file was made, as far as its name or file time tells: a date and
 * time in every name, else modification times at least 0.1 s apart (a checkout or
 * a copy writes its files within milliseconds; runs of a program take longer). */
static char *order_of_files(const struct driver_input *base, size_t nb, const struct driver_input *news,
			    size_t nn, const char **source)
{
	size_t n = nb + nn;
	int64_t *when = xcalloc(n + 1, sizeof(*when));
	bool *known = xcalloc(n + 1, sizeof(*known));
	char *order = NULL;
	for (int pass = 0; pass < 2 && order == NULL; pass++) {
		for (size_t i = 0; i < n; i++) {
			const struct driver_input *in = i < nb ? &base[i] : &news[i - nb];
			struct stat st;
			known[i] = false;
			if (in->data != NULL || strcmp(in->path, "-") == 0)
				continue;
			if (pass == 0)
				known[i] = runorder_time_in_name(in->path, &when[i]);
			else if (stat(in->path, &st) == 0 && S_ISREG(st.st_mode)) {
				when[i] = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
				known[i] = true;
			}
		}
		order = runorder_from_times(when, known, nb, nn, pass == 0 ? 1 : 100000000);
		*source = pass == 0 ? "the times in the file names" : "the files' modification times";
	}
	free(when);
	free(known);
	return order;
}

/* The comparison of two prepared sides, and its exports. */
static int compare(const struct input_format *f, const struct profan_opts *o, const struct diff_side *b,
		   const struct diff_side *n, const char *order, const char *order_source, struct report *r)
{
	struct diff_opts dopt = {.metric = o->metric,
				 .confidence = o->confidence,
				 .match_file = o->match_file,
				 .aa = o->aa,
				 .order = order,
				 .order_source = order_source,
				 .run_opts = o,
				 .format = f ? f->diff : NULL,
				 .fail_on_change = o->fail_on_change,
				 .fail_pct = o->fail_pct};
	int status = diff_report(b, n, &dopt, r); /* DIFF_EXIT_SLOWER: a complete report */
	int rc = status == DIFF_EXIT_SLOWER ? PF_EXIT_OK : status;
	if (rc != PF_EXIT_OK || !(o->folded || o->flamegraph))
		return rc != PF_EXIT_OK ? rc : status;
	struct calltree t;
	diff_calltree(b, n, &dopt, &t);
	if (o->folded) {
		if (export_folded(o->folded, &t, true) < 0)
			rc = PF_EXIT_FAIL;
		else
			report_header(r, "Folded stacks", "%s (two columns: base, new)", o->folded);
	}
	if (rc == PF_EXIT_OK && o->flamegraph) {
		const struct profile *first = &b->files[0];
		size_t m = o->metric ? profile_metric_index(first, o->metric) : first->default_metric;
		struct flamegraph_opts fo = {
			.title = report_printf(r, "Differential flame graph: %s", first->metrics[m].label),
			.subtitle = report_printf(r, "base %s · new %s", b->paths[0], n->paths[0]),
			.unit = first->metrics[m].unit,
			.diff = true,
		};
		if (export_flamegraph(o->flamegraph, &t, &fo) < 0)
			rc = PF_EXIT_FAIL;
		else
			report_header(r, "Flame graph", "%s (differential)", o->flamegraph);
	}
	calltree_release(&t);
	return rc != PF_EXIT_OK ? rc : status;
}

/* The format of every input of a diff as its first bytes show it (format_of_head), before any
 * is read whole: two formats, or a file of another format than FORMAT (given), are refused
 * before a file is parsed or symbolicated and any warning of the other side is printed. Files
 * whose first bytes do not tell, and what is not a regular file (stdin, <(cmd): read once), are
 * left to their loader. */
static int check_formats(const struct input_format *format, const struct driver_input *const arms[2],
			 const size_t count[2])
{
	const struct input_format *first = NULL;
	const char *first_path = NULL;
	for (size_t a = 0; a < 2; a++)
		for (size_t i = 0; i < count[a]; i++) {
			const struct driver_input *in = &arms[a][i];
			struct stat st;
			if (in->data == NULL && (stat(in->path, &st) != 0 || !S_ISREG(st.st_mode)))
				continue; /* a pipe is read once (and a missing file is its loader's to say) */
			struct source *s = in->data ? source_open_buffer(in->data, in->len, in->path)
						    : source_open_file(in->path);
			if (s == NULL)
				return PF_EXIT_FAIL; /* said why */
			const char *head;
			size_t len = source_head(s, &head);
			const struct input_format *f = format_of_head(head, len);
			source_close(s);
			if (f == NULL)
				continue;
			if (format != NULL && f != format) {
				pf_error("%s: this is %s, not %s: read it with 'profan %s'", in->path,
					 f->label, format->label, f->command);
				return PF_EXIT_FAIL;
			}
			if (first != NULL && f != first) {
				pf_error("diff: cannot compare %s (%s) with %s (%s)", first_path, first->label,
					 in->path, f->label);
				return PF_EXIT_USAGE;
			}
			if (first == NULL) {
				first = f;
				first_path = in->path;
			}
		}
	return PF_EXIT_OK;
}

static int check_diff_options(const struct profan_opts *o, size_t nb, size_t nn)
{
	if (o->pprof || o->tree || o->inverted || o->callers || o->callees || o->per_file ||
	    o->annotate.pattern) {
		pf_error("diff: --pprof, trees, --per-file and --annotate work on one side: use them with the "
			 "format's own command");
		return PF_EXIT_USAGE;
	}
	char err[160];
	char *order = o->order ? runorder_parse(o->order, nb, nn, err, sizeof(err)) : NULL;
	if (o->order && order == NULL) {
		pf_error("diff: --order wants %s", err);
		return PF_EXIT_USAGE;
	}
	free(order);
	return PF_EXIT_OK;
}

int driver_diff(const struct input_format *format, const struct profan_opts *o, const struct driver_input *base,
		size_t nb, const struct driver_input *new_side, size_t nn, struct report *r)
{
	if (nb == 0 || nn == 0) {
		pf_error("diff: give at least one base and one new profile");
		return PF_EXIT_USAGE;
	}
	int rc = check_diff_options(o, nb, nn);
	if (rc != PF_EXIT_OK || (format && (rc = check_options_fit(format, o)) != 0) ||
	    (rc = check_formats(format, (const struct driver_input *const[2]){base, new_side},
				(const size_t[2]){nb, nn})) != PF_EXIT_OK)
		return rc;
	char *order = NULL;
	struct run rn;
	struct side sides[2] = {{0}, {0}};
	rc = PF_EXIT_FAIL;
	if (run_init(&rn, o) < 0)
		goto out;
	/* the first base file decides the format (when not given); for files whose first bytes did
	 * not tell (check_formats), a new arm of another format is refused on its first file, before
	 * the other files are read or anything is symbolicated */
	const struct input_format *f = format;
	side_alloc(&sides[0], nb);
	side_alloc(&sides[1], nn);
	if ((rc = load_files(&f, &rn, base, 0, 1, &sides[0])) != PF_EXIT_OK)
		goto out;
	const struct input_format *g = format;
	if ((rc = load_files(&g, &rn, new_side, 0, 1, &sides[1])) != PF_EXIT_OK)
		goto out;
	if (g != f) {
		pf_error("diff: cannot compare %s (%s) with %s (%s)", base[0].path, f->label, new_side[0].path,
			 g->label);
		rc = PF_EXIT_USAGE;
		goto out;
	}
	if ((rc = load_files(&f, &rn, base, 1, nb, &sides[0])) != PF_EXIT_OK ||
	    (rc = load_files(&f, &rn, new_side, 1, nn, &sides[1])) != PF_EXIT_OK ||
	    (rc = prepare_side(f, &rn, &sides[0])) != PF_EXIT_OK ||
	    (rc = prepare_side(f, &rn, &sides[1])) != PF_EXIT_OK)
		goto out;
	struct diff_side b = {sides[0].files, sides[0].count, sides[0].paths, sides[0].owns};
	struct diff_side n = {sides[1].files, sides[1].count, sides[1].paths, sides[1].owns};
	const char *source = "--order";
	order = o->order ? runorder_parse(o->order, nb, nn, (char[160]){0}, 160) /* checked above */
			 : order_of_files(base, nb, new_side, nn, &source);
	rc = compare(f, o, &b, &n, order, source, r);
out:
	free(order);
	side_release(&sides[0]);
	side_release(&sides[1]);
	run_release(&rn);
	return rc;
}

int driver_diff_profiles(const struct profan_opts *o, struct profile *base, size_t nb,
			 const char *const *base_names, struct profile *news, size_t nn, const char *const *new_names,
			 struct report *r)
{
	int rc = check_diff_options(o, nb, nn);
	struct ownership *owns = xcalloc(nb + nn + 1, sizeof(*owns));
	size_t classified = 0;
	for (size_t i = 0; rc == PF_EXIT_OK && i < nb + nn; i++) {
		struct profile *p = i < nb ? &base[i] : &news[i - nb];
		if (prepare(p->format ? format_find(p->format) : NULL, o, NULL, p, &owns[i]) < 0)
			rc = PF_EXIT_FAIL;
		else
			classified = i + 1;
	}
	if (rc == PF_EXIT_OK) {
		struct diff_side b = {base, nb, base_names, owns}, n = {news, nn, new_names, owns + nb};
		char *order = o->order ? runorder_parse(o->order, nb, nn, (char[160]){0}, 160) : NULL;
		rc = compare(nb > 0 && base[0].format ? format_find(base[0].format) : NULL, o, &b, &n, order, "--order",
			     r);
		free(order);
	}
	for (size_t i = 0; i < classified; i++)
		ownership_release(&owns[i]);
	free(owns);
	return rc;
}
