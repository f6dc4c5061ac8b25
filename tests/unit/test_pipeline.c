/* Unit tests for the transforms, call trees, merging, per-file shares and
 * diff, on a hand-built profile whose answers are worked out by hand in the
 * comments (never by running profan). The options are set in a struct
 * profan_opts, as the command line would set them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../pipeline/hand_profile.h"
#include "check.h"
#include "profan/analysis.h"
#include "profan/calltree.h"
#include "profan/diff.h"
#include "profan/driver.h"
#include "profan/json.h"
#include "profan/match.h"
#include "profan/report.h"
#include "profan/transform.h"
#include "profan/views.h"
#include "analysis/views_int.h"
#include "input/json_test.h"
#include "model/profile_test.h"
#include "formats/registry_test.h"

/* Sum of self (or inclusive) weight of the functions displayed as NAME. */
static int64_t value(const struct profile *p, const char *name, bool inclusive)
{
	struct pf_weights w;
	weights_compute(&w, p, 0, NULL);
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	struct pf_rows rows;
	if (inclusive)
		view_inclusive(p, &w, keys, nkeys, &rows);
	else
		view_self(p, &w, keys, nkeys, &rows);
	int64_t v = 0;
	for (size_t i = 0; i < rows.len; i++)
		if (strcmp(func_label(p, rows.items[i].key), name) == 0)
			v += rows.items[i].value;
	rows_release(&rows);
	free(keys);
	weights_release(&w);
	return v;
}

static int64_t total(const struct profile *p)
{
	struct pf_weights w;
	weights_compute(&w, p, 0, NULL);
	int64_t t = w.total;
	weights_release(&w);
	return t;
}

/* Options ARGS ("--focus", "RE", ...) stored in O the way the command line
 * stores them, then the transforms applied to P. Returns 0, -1 after an error,
 * or -2 for an option the command line would refuse. */
static int prepare(struct profile *p, struct profan_opts *o, const char *const *args)
{
	profan_opts_init(o);
	for (size_t i = 0; args[i]; i++) {
		const char *a = args[i], *v = args[i + 1];
		static const struct {
			const char *name;
			enum transform_kind kind;
		} steps[] = {{"--focus", TRANSFORM_FOCUS}, {"--ignore", TRANSFORM_IGNORE}, {"--hide", TRANSFORM_HIDE},
			     {"--root-at", TRANSFORM_ROOT_AT}};
		bool done = false;
		for (size_t k = 0; k < 4 && !done; k++)
			if (strcmp(a, steps[k].name) == 0) {
				char err[300];
				struct regex *re = regex_compile(v, err, sizeof(err));
				if (re == NULL)
					return -2;
				regex_free(re);
				o->steps[o->step_count++] = (struct transform_step){steps[k].kind, v, 0};
				i++;
				done = true;
			}
		if (done)
			continue;
		if (strcmp(a, "--collapse-recursion") == 0) {
			o->steps[o->step_count++] = (struct transform_step){.kind = TRANSFORM_COLLAPSE_RECURSION};
		} else if (strcmp(a, "--by") == 0) {
			enum transform_by by;
			if (transform_by_parse(v, &by) < 0)
				return -2;
			o->steps[o->step_count++] = (struct transform_step){.kind = TRANSFORM_BY, .by = by};
			i++;
		} else if (strcmp(a, "--tree") == 0) {
			o->tree = true;
		} else if (strcmp(a, "--inverted") == 0) {
			o->inverted = true;
		} else if (strcmp(a, "--per-file") == 0) {
			o->per_file = true;
		} else if (strcmp(a, "--tree-threshold") == 0) {
			o->tree_threshold = strtod(v, NULL);
			i++;
		} else if (strcmp(a, "--callers") == 0 || strcmp(a, "--callees") == 0) {
			*(a[4] == 'l' && a[7] == 'r' ? &o->callers : &o->callees) = v;
			i++;
		} else if (strcmp(a, "-q") == 0) {
			pf_set_quiet(true);
		} else {
			return -2;
		}
	}
	return transform_apply(p, o->steps, o->step_count);
}

/* The shared views (trees, per-file shares) for metric 0 and the samples KEEP selects (NULL: all). */
static void views(const struct profan_opts *o, const struct profile *p, bool *keep, struct report *r)
{
	struct view_choice c = {.metric = 0, .keep = keep};
	common_views(o, p, NULL, &c, r);
}

static const char *info(const struct profile *p, const char *key)
{
	for (size_t i = 0; i < p->info.len; i++)
		if (strcmp(p->info.items[i].key, key) == 0)
			return p->info.items[i].value;
	return NULL;
}

static void fixture_sums(void)
{
	struct profile p;
	build(&p);
	CHECK(profile_check(&p) == NULL);
	CHECK_INT(total(&p), 56);
	CHECK_INT(value(&p, "lex", false), 30);
	CHECK_INT(value(&p, "malloc", false), 18);
	CHECK_INT(value(&p, "main", true), 52);
	CHECK_INT(value(&p, "parse", true), 41);
	CHECK_INT(value(&p, "alloc", true), 13);
	profile_release(&p);
}

static void focus_and_ignore(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--focus", "^parse$", NULL}), 0);
	CHECK_INT(total(&p), 41); /* samples 1, 2, 3, 8 */
	CHECK_INT(value(&p, "lex", false), 30);
	CHECK_INT(value(&p, "malloc", false), 11); /* 5 + 6 */
	CHECK_INT(value(&p, "memcpy", true), 0);
	CHECK_STR(info(&p, "Filters"), "focus=^parse$ (kept 0.04 ms of 0.06 ms, 73.21%)"); /* 41/56 */
	profile_release(&p);

	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--ignore", "parse", NULL}), 0);
	CHECK_INT(total(&p), 15); /* samples 4, 5, 6 and the stackless 7 */
	CHECK_INT(value(&p, "malloc", false), 7);
	CHECK_INT(p.sample_count, 4);
	profile_release(&p);

	/* composed in order: focus malloc (3, 4, 8: 18), then ignore alloc (leaves 3: 5) */
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--focus", "malloc", "--ignore", "^alloc$", NULL}), 0);
	CHECK_INT(total(&p), 5);
	CHECK(strncmp(info(&p, "Filters"), "focus=malloc, ignore=^alloc$ (kept", 34) == 0);
	profile_release(&p);
}

static void hide(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--hide", "^malloc$", NULL}), 0);
	CHECK_INT(total(&p), 56); /* nothing leaves */
	CHECK_INT(value(&p, "malloc", true), 0);
	CHECK_INT(value(&p, "parse", false), 5); /* sample 3 */
	CHECK_INT(value(&p, "alloc", false), 13); /* samples 4 and 8 */
	CHECK_INT(value(&p, "alloc", true), 13);
	CHECK_INT(value(&p, "main", false), 1);
	profile_release(&p);

	/* hiding the root: its own sample loses its stack, the rest start one level lower */
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--hide", "^main$", NULL}), 0);
	struct pf_weights w;
	weights_compute(&w, &p, 0, NULL);
	CHECK_INT(w.no_stack, 5); /* 4 + sample 6 */
	CHECK_INT(w.total, 56);
	weights_release(&w);
	CHECK_INT(value(&p, "parse", true), 41);
	profile_release(&p);
}

static void root_at(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--root-at", "^alloc$", NULL}), 0);
	CHECK_INT(total(&p), 13); /* samples 4 and 8, both now alloc > malloc */
	CHECK_INT(value(&p, "alloc", true), 13);
	CHECK_INT(value(&p, "main", true), 0);
	CHECK_INT(value(&p, "parse", true), 0);
	size_t roots = 0;
	for (size_t n = 0; n < p.stacks.len; n++)
		roots += p.stacks.items[n].parent == PF_NONE;
	CHECK_INT(roots, 1);
	CHECK_INT(p.stacks.len, 2);
	profile_release(&p);
}

static void collapse_recursion(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--collapse-recursion", NULL}), 0);
	CHECK_INT(total(&p), 56);
	CHECK_INT(value(&p, "lex", true), 30); /* inclusive counts once per sample anyway */
	CHECK_INT(value(&p, "lex", false), 30);
	size_t max_depth = 0;
	for (size_t n = 0; n < p.stacks.len; n++) {
		size_t d = profile_stack_depth(&p, (uint32_t)n);
		max_depth = d > max_depth ? d : max_depth;
		uint32_t parent = p.stacks.items[n].parent;
		if (parent != PF_NONE)
			CHECK(profile_stack_func(&p, (uint32_t)n) != profile_stack_func(&p, parent));
	}
	CHECK_INT(max_depth, 4); /* main parse alloc malloc; main parse lex lex is now 3 deep */
	profile_release(&p);
}

static void granularity(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--by", "lib", NULL}), 0);
	CHECK_INT(value(&p, "prog", false), 31); /* 10 + 20 + 1 */
	CHECK_INT(value(&p, "libc.so.6", false), 21); /* 5 + 7 + 3 + 6 */
	CHECK_INT(value(&p, "prog", true), 52);
	CHECK_INT(value(&p, "libc.so.6", true), 21);
	CHECK_STR(info(&p, "Filters"), "by=lib");
	profile_release(&p);

	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--by", "file", NULL}), 0);
	CHECK_INT(value(&p, "parse.c", false), 30);
	CHECK_INT(value(&p, "[libc.so.6]", false), 21); /* no file: named after the library */
	CHECK_INT(value(&p, "main.c", false), 1);
	CHECK_INT(value(&p, "main.c", true), 52);
	CHECK_INT(value(&p, "parse.c", true), 41);
	CHECK_INT(value(&p, "mem.c", true), 13);
	/* parse > lex were both parse.c: one level, so main.c > parse.c is the deepest parse.c path */
	for (size_t n = 0; n < p.stacks.len; n++) {
		uint32_t parent = p.stacks.items[n].parent;
		if (parent != PF_NONE)
			CHECK(profile_stack_func(&p, (uint32_t)n) != profile_stack_func(&p, parent));
	}
	/* ownership survives: parse.c groups owned functions */
	for (size_t f = 0; f < p.funcs.len; f++)
		if (strcmp(func_label(&p, (uint32_t)f), "parse.c") == 0)
			CHECK(p.funcs.items[f].flags & PF_FUNC_OWNED);
	profile_release(&p);

	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--by", "line", NULL}), 0);
	CHECK_INT(value(&p, "lex:12", false), 10);
	CHECK_INT(value(&p, "lex:15", false), 20);
	CHECK_INT(value(&p, "lex:12", true), 30);
	CHECK_INT(value(&p, "main", true), 52); /* no line known: the plain name */
	profile_release(&p);
}

static void bad_options_are_usage_errors(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	/* the library refuses what the command line would have refused (one error line) */
	fprintf(stderr, "(one regex error expected below)\n");
	struct transform_step bad = {.kind = TRANSFORM_FOCUS, .pattern = "(unclosed"};
	CHECK_INT(transform_apply(&p, &bad, 1), -1);
	enum transform_by by;
	CHECK_INT(transform_by_parse("module", &by), -1);
	CHECK_INT(transform_by_parse("line", &by), 0);
	CHECK_INT(by, TRANSFORM_BY_LINE);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--focus", "^nothing$", "-q", NULL}), 0);
	CHECK_INT(p.sample_count, 0);
	CHECK_INT(p.warnings.len, 1); /* "--focus '^nothing$' matches no function" */
	profile_release(&p);
}

/* The rows of table T as "name=total/self" lines, for comparing whole trees. */
static char *rows_text(const struct report_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	for (size_t i = 0; i < t->rows.len; i++)
		fprintf(f, "%s=%lld/%lld\n", t->rows.items[i].name, (long long)t->rows.items[i].values[0],
			(long long)(t->col_count > 1 ? t->rows.items[i].values[1] : 0)); /* 0: no Self column */
	fclose(f);
	return buf;
}

static struct report_table *find_table(const struct report *r, const char *id)
{
	for (size_t i = 0; i < r->tables.len; i++)
		if (strcmp(r->tables.items[i]->id, id) == 0)
			return r->tables.items[i];
	return NULL;
}

static void trees(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c,
			  (const char *[]){"--tree", "--inverted", "--callers", "^malloc$", "--callees",
					   "^parse$", NULL}),
		  0);
	struct report r;
	report_init(&r);
	views(&c, &p, NULL, &r);
	char *s = rows_text(find_table(&r, "tree"));
	CHECK_STR(s, "main=52/1\n"
		     "├─ parse=41/0\n"
		     "│  ├─ lex=30/10\n"
		     "│  │  lex=20/20\n"
		     "│  ├─ alloc=6/0\n"
		     "│  │  malloc=6/6\n"
		     "│  └─ malloc=5/5\n"
		     "├─ alloc=7/0\n"
		     "│  malloc=7/7\n"
		     "└─ memcpy=3/3\n"
		     "(no stack)=4/4\n");
	free(s);
	/* bottom-up: leaf functions first, then who called them (only the Total column) */
	s = rows_text(find_table(&r, "tree_inverted"));
	CHECK_STR(s, "lex=30/0\n"
		     "├─ lex=20/0\n"
		     "│  parse=20/0\n"
		     "│  main=20/0\n"
		     "└─ parse=10/0\n"
		     "   main=10/0\n"
		     "malloc=18/0\n"
		     "├─ alloc=13/0\n"
		     "│  ├─ main=7/0\n"
		     "│  └─ parse=6/0\n"
		     "│     main=6/0\n"
		     "└─ parse=5/0\n"
		     "   main=5/0\n"
		     "memcpy=3/0\n"
		     "└─ main=3/0\n"
		     "main=1/0\n"
		     "(no stack)=4/0\n");
	free(s);
	s = rows_text(find_table(&r, "callers"));
	CHECK_STR(s, "malloc=18/18\n"
		     "├─ alloc=13/13\n"
		     "│  ├─ main=7/7\n"
		     "│  └─ parse=6/6\n"
		     "│     main=6/6\n"
		     "└─ parse=5/5\n"
		     "   main=5/5\n");
	free(s);
	s = rows_text(find_table(&r, "callees"));
	CHECK_STR(s, "parse=41/0\n"
		     "├─ lex=30/10\n"
		     "│  lex=20/20\n"
		     "├─ alloc=6/0\n"
		     "│  malloc=6/6\n"
		     "└─ malloc=5/5\n");
	free(s);
	CHECK_INT(find_table(&r, "tree")->cols[0].total, 56);
	report_release(&r);
	profile_release(&p);
}

static void tree_threshold_elides(void)
{
	struct profile p;
	struct profan_opts c;
	build(&p);
	/* 10% of 56 is 5.6: memcpy (3) under main and malloc (5) under parse are cut */
	CHECK_INT(prepare(&p, &c, (const char *[]){"--tree", "--inverted", "--tree-threshold", "10", NULL}),
		  0);
	struct report r;
	report_init(&r);
	views(&c, &p, NULL, &r);
	char *s = rows_text(find_table(&r, "tree"));
	CHECK_STR(s, "main=52/1\n"
		     "├─ parse=41/0\n"
		     "│  ├─ lex=30/10\n"
		     "│  │  lex=20/20\n"
		     "│  ├─ alloc=6/0\n"
		     "│  │  malloc=6/6\n"
		     "│  └─ … 1 more under 10%: 0.01 ms in all, largest 0.01 ms=5/0\n"
		     "├─ alloc=7/0\n"
		     "│  malloc=7/7\n"
		     "└─ … 1 more under 10%: 0.00 ms in all, largest 0.00 ms=3/0\n"
		     "(no stack)=4/4\n");
	free(s);
	/* bottom-up, the same cut: parse (5) under malloc, and memcpy (3) and main (1) at the top */
	s = rows_text(find_table(&r, "tree_inverted"));
	CHECK_STR(s, "lex=30/0\n"
		     "├─ lex=20/0\n"
		     "│  parse=20/0\n"
		     "│  main=20/0\n"
		     "└─ parse=10/0\n"
		     "   main=10/0\n"
		     "malloc=18/0\n"
		     "├─ alloc=13/0\n"
		     "│  ├─ main=7/0\n"
		     "│  └─ parse=6/0\n"
		     "│     main=6/0\n"
		     "└─ … 1 more under 10%: 0.01 ms in all, largest 0.01 ms=5/0\n"
		     "… 2 more under 10%: 0.00 ms in all, largest 0.00 ms=4/0\n"
		     "(no stack)=4/0\n");
	free(s);
	report_release(&r);
	profile_release(&p);
}

static void deep_tree_no_recursion(void)
{
	/* 150k frames of alternating x, y: building and rendering must not recurse */
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "samples", "samples", PF_UNIT_COUNT);
	uint32_t fx = profile_func_frame(&p, profile_intern(&p, "x"), 0, PF_NONE, 0, 0, 0);
	uint32_t fy = profile_func_frame(&p, profile_intern(&p, "y"), 0, PF_NONE, 0, 0, 0);
	uint32_t s = PF_NONE;
	int64_t one = 1;
	for (int i = 0; i < 150000; i++)
		s = profile_intern_stack(&p, s, i % 2 ? fy : fx);
	profile_add_sample(&p, s, PF_NONE, &one);
	struct profan_opts c;
	CHECK_INT(prepare(&p, &c, (const char *[]){"--tree", "--inverted", "--collapse-recursion", NULL}), 0);
	CHECK_INT(p.stacks.len, 150000); /* x > y alternate: nothing direct to collapse */
	struct report r;
	report_init(&r);
	views(&c, &p, NULL, &r);
	struct report_table *t = find_table(&r, "tree");
	CHECK_INT(t->rows.len, 5000); /* cut, with a note saying so */
	CHECK(t->note != NULL);
	CHECK_STR(t->rows.items[1].name, "└─ y");
	CHECK_STR(t->rows.items[4999].name, "   y"); /* a chain of only children stays flush */
	report_release(&r);
	profile_release(&p);
}

static void merge_and_per_file(void)
{
	struct profile a, b;
	build(&a);
	build_b(&b);
	size_t funcs = a.funcs.len;
	CHECK_INT(profile_merge(&a, &b, "b"), 0);
	CHECK(profile_check(&a) == NULL);
	CHECK_INT(a.funcs.len, funcs); /* B has no function A lacks */
	CHECK_INT(profile_run_count(&a), 2);
	CHECK_INT(total(&a), 96);
	CHECK_INT(value(&a, "lex", false), 60);
	CHECK_INT(value(&a, "memcpy", true), 13);
	struct profan_opts c;
	CHECK_INT(prepare(&a, &c, (const char *[]){"--per-file", NULL}), 0);
	struct report r;
	report_init(&r);
	views(&c, &a, NULL, &r);
	struct report_table *t = find_table(&r, "per_file_self");
	CHECK(t != NULL);
	/* lex: 30/56 = 535714 ppm in A, 30/40 = 750000 in B, median (mean of two) 642857 */
	CHECK_STR(t->rows.items[0].name, "lex");
	CHECK_INT(t->rows.items[0].values[0], 642857);
	CHECK_INT(t->rows.items[0].values[1], 535714);
	CHECK_INT(t->rows.items[0].values[2], 750000);
	CHECK_STR(t->rows.items[0].detail, "53.57% 75.00%");
	struct report_table *ti = find_table(&r, "per_file_inclusive");
	/* main: 52/56 = 928571 and 40/40 = 1000000 */
	CHECK_STR(ti->rows.items[0].name, "main");
	CHECK_INT(ti->rows.items[0].values[1], 928571);
	CHECK_INT(ti->rows.items[0].values[2], 1000000);
	report_release(&r);
	profile_release(&a);
	profile_release(&b);

	/* a profile of another format is refused with one line */
	build(&a);
	build_b(&b);
	b.format = "other";
	fprintf(stderr, "(one merge error expected below)\n");
	CHECK_INT(profile_merge(&a, &b, "b.json"), -1);
	profile_release(&a);
	profile_release(&b);
}

static void diff_shares(void)
{
	struct profile a, b;
	build(&a);
	build_b(&b);
	const char *pa[] = {"a.json"}, *pb[] = {"b.json"};
	struct diff_side base = {&a, 1, pa}, news = {&b, 1, pb};
	struct profan_opts c;
	CHECK_INT(prepare(&a, &c, (const char *[]){NULL}), 0);
	struct report r;
	report_init(&r);
	CHECK_INT(diff_report(&base, &news, &(struct diff_opts){.match_file = true}, &r), 0);
	/* self shares in ppm: malloc 18/56 -> 0 (-321429), lex 535714 -> 750000 (+214286),
	 * memcpy 3/56 = 53571 -> 250000 (+196429), main 1/56 = 17857 -> 0 */
	char *s = rows_text(find_table(&r, "diff_self"));
	CHECK_STR(s, "malloc=-321429/321429\nlex=214286/535714\nmemcpy=196429/53571\nmain=-17857/17857\n");
	free(s);
	struct report_table *t = find_table(&r, "diff_self");
	CHECK_INT(t->rows.items[1].values[2], 750000);
	/* the share grew by 40 %, the time did not: the relative change is the time's */
	CHECK(strncmp(t->rows.items[1].detail, "+0.0%  (0.03 ms → 0.03 ms)", 25) == 0);
	CHECK_INT(t->rows.items[1].values[3], 0); /* per run: 30 us -> 30 us */
	CHECK(strncmp(t->rows.items[0].detail, "gone", 4) == 0);
	/* inclusive: malloc -321429, alloc 13/56 -> 0 (-232143), lex +214286, memcpy +196429,
	 * main 928571 -> 1000000 (+71429), parse 732143 -> 750000 (+17857) */
	s = rows_text(find_table(&r, "diff_inclusive"));
	CHECK_STR(s, "malloc=-321429/321429\nalloc=-232143/232143\nlex=214286/535714\nmemcpy=196429/53571\n"
		     "main=71429/928571\nparse=17857/732143\n");
	free(s);
	report_release(&r);

	/* median over two new files: B and B again gives B's shares */
	struct profile two[2];
	build_b(&two[0]);
	build_b(&two[1]);
	const char *p2[] = {"b1.json", "b2.json"};
	struct diff_side news2 = {two, 2, p2};
	report_init(&r);
	CHECK_INT(diff_report(&base, &news2, &(struct diff_opts){.metric = "cpu"}, &r), 0);
	t = find_table(&r, "diff_self");
	CHECK_STR(t->rows.items[1].name, "lex");
	CHECK_INT(t->rows.items[1].values[2], 750000);
	report_release(&r);
	fprintf(stderr, "(one metric error expected below)\n");
	report_init(&r);
	CHECK_INT(diff_report(&base, &news2, &(struct diff_opts){.metric = "bytes"}, &r), PF_EXIT_FAIL);
	report_release(&r);
	profile_release(&two[0]);
	profile_release(&two[1]);
	profile_release(&a);
	profile_release(&b);
}

/* Four runs of A against four of B, each arm's runs alike: every row whose share moved
 * is apart by the rank test (p = 2/70, the smallest there is for 4 + 4) with no spread
 * to exceed; changed when its own time per run moved too, share only when it did not
 * (lex: 30 us in both builds, its share up 40 %); A against A changes nothing; 3 + 3
 * cannot reach 95 %. */
static void diff_verdicts_over_runs(void)
{
	struct profile runs[8];
	const char *names[8] = {"a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4"};
	for (int i = 0; i < 8; i++)
		(i < 4 ? build : build_b)(&runs[i]);
	struct diff_side base = {runs, 4, names}, news = {runs + 4, 4, names + 4};
	struct report r;
	report_init(&r);
	CHECK_INT(diff_report(&base, &news, &(struct diff_opts){0}, &r), 0);
	struct report_table *t = find_table(&r, "diff_self");
	CHECK_STR(t->mark_header, "Verdict");
	size_t share_only = 0;
	for (const char *id = "diff_self"; id; id = strcmp(id, "diff_self") == 0 ? "diff_inclusive" : NULL) {
		t = find_table(&r, id);
		for (size_t i = 0; i < t->rows.len; i++) {
			bool same_time = t->rows.items[i].values[3] == 0; /* Per run */
			CHECK_STR(t->rows.items[i].mark, same_time ? "share only" : "changed");
			CHECK_INT(t->rows.items[i].values[6], t->rows.items[i].values[7]); /* base shares: min = max */
			share_only += same_time;
		}
	}
	t = find_table(&r, "diff_self");
	CHECK_STR(t->rows.items[1].name, "lex"); /* +214286 ppm after malloc's -321429 */
	CHECK_STR(t->rows.items[1].mark, "share only");
	CHECK_INT(t->rows.items[1].values[16], 28571429); /* p = 2/70 in billionths */
	CHECK_INT(share_only, 2); /* lex, self and inclusive */
	struct report_table *s = find_table(&r, "diff_changed");
	CHECK_INT(s->rows.len, 3 + 5 + 2); /* self 3, inclusive 5, libraries prog and libc */
	CHECK_INT(find_table(&r, "diff_share_only")->rows.len, 2);
	report_release(&r);

	news.files = runs; /* A against A */
	report_init(&r);
	CHECK_INT(diff_report(&base, &news, &(struct diff_opts){.aa = true}, &r), 0);
	CHECK_INT(find_table(&r, "diff_changed")->rows.len, 0);
	CHECK_STR(find_table(&r, "diff_changed")->empty, "no change beyond noise");
	CHECK_STR(find_table(&r, "diff_self")->rows.items[0].mark, "noise");
	report_release(&r);

	base.count = news.count = 3;
	news.files = runs + 4;
	report_init(&r);
	CHECK_INT(diff_report(&base, &news, &(struct diff_opts){0}, &r), 0);
	CHECK(find_table(&r, "diff_self")->mark_header == NULL); /* 2/20 = 0.1 > 0.05: no verdicts */
	CHECK_INT(find_table(&r, "diff_changed")->rows.len, 0);
	report_release(&r);
	report_init(&r);
	CHECK_INT(diff_report(&base, &news, &(struct diff_opts){.confidence = 0.90}, &r), 0);
	CHECK_INT(find_table(&r, "diff_changed")->rows.len, 10);
	report_release(&r);
	for (int i = 0; i < 8; i++)
		profile_release(&runs[i]);
}

static const char *sniff(const char *text)
{
	struct json_doc *doc = json_parse_buffer(text, strlen(text), "t.json", NULL);
	const struct input_format *f = doc ? format_of(json_doc_root(doc)) : NULL;
	json_doc_free(doc);
	return f ? format_name(f) : NULL;
}

static void format_sniffing(void)
{
	CHECK_STR(sniff("{\"meta\": {}, \"threads\": []}"), "samply");
	CHECK_STR(sniff("{\"dhatFileVersion\": 2, \"pps\": []}"), "dhat");
	CHECK_STR(sniff("{\"nodes\": [], \"samples\": [], \"timeDeltas\": []}"), "cpuprofile");
	CHECK_STR(sniff("{\"traceEvents\": []}"), "cpuprofile");
	CHECK_STR(sniff("[{\"name\": \"Profile\"}]"), "cpuprofile");
	CHECK(sniff("{\"meta\": {}}") == NULL); /* samply needs both keys */
	/* every layout the cpuprofile loader reads (issue 15 item 7): hitCount only, legacy, Profiler.stop */
	CHECK_STR(sniff("{\"nodes\": []}"), "cpuprofile");
	CHECK_STR(sniff("{\"head\": {\"id\": 1}, \"samples\": [], \"timestamps\": []}"), "cpuprofile");
	CHECK_STR(sniff("{\"profile\": {\"nodes\": []}}"), "cpuprofile");
	CHECK(sniff("{\"profile\": {\"meta\": {}}}") == NULL);
	CHECK(sniff("42") == NULL);
	CHECK(format_find("cpuprof") == format_find("cpuprofile"));
	CHECK(format_find("pprof") == NULL);
	CHECK_STR(format_name(format_find("perf")), "perf"); /* found by its magic, not by a JSON sniff */
}

/* format_recognise(): -1 and one line for files profan knows it does not read. */
static int recognise(const char *text, const char **name)
{
	struct json_doc *doc = json_parse_buffer(text, strlen(text), "t.json", NULL);
	const struct input_format *f = NULL;
	int rc = format_recognise(doc, &f);
	json_doc_free(doc);
	*name = f ? format_name(f) : NULL;
	return rc;
}

/* The messages are pinned in tests/golden/cli/what-a-file-is.t. */
static void lookalikes_refused(void)
{
	const char *name;
	CHECK_INT(recognise("{\"nodes\": [], \"samples\": []}", &name), 0);
	CHECK_STR(name, "cpuprofile");
	CHECK_INT(recognise("{\"meta\": {\"preprocessedProfileVersion\": 41}, \"threads\": []}", &name), 0);
	CHECK_STR(name, "samply");
	fprintf(stderr, "(three lookalike errors expected below)\n");
	CHECK_INT(recognise("{\"head\": {\"callFrame\": {}, \"selfSize\": 8, \"children\": []}}", &name), -1);
	CHECK(name == NULL);
	CHECK_INT(recognise("{\"meta\": {\"preprocessedProfileVersion\": 40}, \"threads\": []}", &name), -1);
	const char *gecko = "{\"meta\": {\"version\": 5}, \"libs\": [], "
			    "\"threads\": [{\"stringTable\": []}]}";
	CHECK_INT(recognise(gecko, &name), -1);
}

static void merge_metrics(void)
{
	/* a metric only the second input has: zero for the first input's samples */
	struct profile a, b;
	build(&a);
	build_b(&b);
	size_t bytes = profile_add_metric(&b, "bytes", "bytes", PF_UNIT_BYTES);
	for (size_t i = 0; i < b.sample_count; i++)
		b.sample_values[bytes][i] = 100;
	CHECK_INT(profile_merge(&a, &b, "b"), 0);
	size_t m = profile_metric_index(&a, "bytes");
	CHECK(m != SIZE_MAX);
	int64_t sum = 0;
	for (size_t i = 0; i < a.sample_count; i++)
		sum += a.sample_values[m][i];
	CHECK_INT(sum, 200); /* B's two samples */
	CHECK_INT(a.sample_count, 10);
	profile_release(&a);
	profile_release(&b);
	/* the same metric in another unit cannot be added up */
	build(&a);
	build_b(&b);
	b.metrics[0].unit = PF_UNIT_BYTES;
	fprintf(stderr, "(one unit error expected below)\n");
	CHECK_INT(profile_merge(&a, &b, "b.json"), -1);
	profile_release(&a);
	profile_release(&b);
}

static void selected_samples_only(void)
{
	/* a subcommand's own selection (samples 1 and 3: 10 + 5) reaches trees and exports */
	struct profile p;
	struct profan_opts c;
	build(&p);
	CHECK_INT(prepare(&p, &c, (const char *[]){"--tree", NULL}), 0);
	bool keep[8] = {true, false, true, false, false, false, false, false};
	struct report r;
	report_init(&r);
	views(&c, &p, keep, &r);
	char *s = rows_text(find_table(&r, "tree"));
	CHECK_STR(s, "main=15/0\n"
		     "└─ parse=15/0\n"
		     "   ├─ lex=10/10\n"
		     "   └─ malloc=5/5\n");
	free(s);
	CHECK_INT(find_table(&r, "tree")->cols[0].total, 15);
	report_release(&r);
	profile_release(&p);
}

static void ppm_unit_prints_percent(void)
{
	char buf[32];
	report_format_value(buf, sizeof(buf), 123456, PF_UNIT_PPM);
	CHECK_STR(buf, "12.35%");
	report_format_value(buf, sizeof(buf), -5000, PF_UNIT_PPM);
	CHECK_STR(buf, "-0.50%");
	int64_t v[] = {5, 1, 3, 2};
	CHECK_INT(median_i64(v, 4), 2); /* 2 and 3: the mean rounds toward the lower */
	int64_t u[] = {9, 1, 4};
	CHECK_INT(median_i64(u, 3), 4);
}

/* Sample columns past 1 MiB are big arrays (alloc.h): they grow from the heap into mappings, a
 * metric added late gets a column as long as the others, and all are freed by their size (a
 * mapping given to free() is an ASan error). 300,000 samples: each value is its index. */
static void sample_columns_grow_past_a_mib(void)
{
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "samples", "samples", PF_UNIT_COUNT);
	size_t n = 300000, late = SIZE_MAX;
	bool same = true;
	for (size_t i = 0; i < n; i++) {
		if (i == n / 2)
			late = profile_add_metric(&p, "bytes", "bytes", PF_UNIT_BYTES);
		int64_t v[2] = {(int64_t)i, 2 * (int64_t)i};
		profile_add_sample(&p, (uint32_t)(i % 7), PF_NONE, v);
	}
	for (size_t i = 0; i < n; i++)
		same = same && p.sample_values[0][i] == (int64_t)i && p.sample_stack[i] == i % 7 &&
		       p.sample_values[late][i] == (i < n / 2 ? 0 : 2 * (int64_t)i);
	CHECK(same);
	CHECK_INT(p.sample_count, n);
	profile_release(&p);
}

int main(void)
{
	RUN(fixture_sums);
	RUN(focus_and_ignore);
	RUN(hide);
	RUN(root_at);
	RUN(collapse_recursion);
	RUN(granularity);
	RUN(bad_options_are_usage_errors);
	RUN(trees);
	RUN(tree_threshold_elides);
	RUN(deep_tree_no_recursion);
	RUN(merge_and_per_file);
	RUN(diff_shares);
	RUN(diff_verdicts_over_runs);
	RUN(ppm_unit_prints_percent);
	RUN(format_sniffing);
	RUN(lookalikes_refused);
	RUN(merge_metrics);
	RUN(selected_samples_only);
	RUN(sample_columns_grow_past_a_mib);
	return check_summary();
}
