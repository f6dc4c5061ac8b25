/* test_annotate.c: --annotate on hand-built profiles (expected rows worked out by
 * hand in the comments) and the source file search (source_text.h) on files made here. */
#define _GNU_SOURCE /* realpath, symlink */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../pipeline/hand_profile.h"
#include "check.h"
#include "profan/analysis.h"
#include "analysis/annotate.h"
#include "analysis/source_text.h"

static struct report_table *listing(const struct report *r, const char *func)
{
	for (size_t i = 0; i < r->tables.len; i++)
		if (r->tables.items[i]->listing && strcmp(r->tables.items[i]->subject.name, func) == 0)
			return r->tables.items[i];
	return NULL;
}

static const struct report_row *line_row(const struct report_table *t, uint32_t line)
{
	for (size_t i = 0; t && i < t->rows.len; i++)
		if (t->rows.items[i].line == line && !(t->rows.items[i].flags & (REPORT_ROW_FILE | REPORT_ROW_GAP)))
			return &t->rows.items[i];
	return NULL;
}

static int annotate(const struct profile *p, const char *pattern, enum annotate_mode mode, struct report *r)
{
	struct profan_opts o;
	profan_opts_init(&o);
	o.annotate.pattern = pattern;
	o.annotate.functions = 0;
	struct view_choice c = {.metric = 0, .annotate = mode};
	report_init(r);
	return annotate_views(&o, p, NULL, &c, r);
}

/* hand_profile.h: lex runs at line 12 (10 µs, called from parse) and, recursing, at
 * line 15 (20 µs) below a lex at line 12. The innermost lex of each sample takes it:
 * line 12 Self 10 Total 10, line 15 Self 20 Total 20; together lex's Self 30 and Total 30
 * (the recursion counted once). parse has no lines: Total 41 at no line, Self 0. */
static void stacks_innermost_frame_takes_the_sample(void)
{
	struct profile p;
	build(&p);
	struct report r;
	annotate(&p, "^(lex|parse)$", ANNOTATE_STACKS, &r);
	struct report_table *t = listing(&r, "lex");
	CHECK(t != NULL);
	const struct report_row *l12 = line_row(t, 12), *l15 = line_row(t, 15);
	CHECK(l12 != NULL && l15 != NULL);
	if (l12 && l15) {
		CHECK_INT(l12->values[0], 10);
		CHECK_INT(l12->values[1], 10);
		CHECK_INT(l15->values[0], 20);
		CHECK_INT(l15->values[1], 20);
	}
	CHECK_INT(t->subject.values[0], 30);
	CHECK_INT(t->subject.values[1], 30);
	struct report_table *pt = listing(&r, "parse");
	const struct report_row *none = line_row(pt, 0);
	CHECK(none != NULL);
	if (none) {
		CHECK_STR(none->name, "(no line information)");
		CHECK_INT(none->values[0], 0);
		CHECK_INT(none->values[1], 41);
	}
	/* lex ranks first (Self 30 against 0) */
	CHECK(r.tables.len == 2 && r.tables.items[0] == t);
	report_release(&r);
	profile_release(&p);
}

/* A function's lines in another file (an #include'd body): frame.file says so, and the
 * listing has a heading per file, the function's own first. f in a.c: line 3 (5 µs),
 * line 7 of b.inc (2 µs). */
static void lines_in_another_file(void)
{
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	struct pf_func f = {.name = profile_intern(&p, "f"), .file = profile_intern(&p, "/src/a.c"),
			    .lib = PF_NONE, .line = 1};
	uint32_t fi = profile_intern_func(&p, &f);
	struct pf_frame own = {.func = fi, .lib = PF_NONE, .address = 0x10, .line = 3};
	struct pf_frame inc = {.func = fi, .lib = PF_NONE, .address = 0x20, .line = 7,
			       .file = profile_intern(&p, "/src/b.inc")};
	int64_t v5 = 5, v2 = 2;
	profile_add_sample(&p, profile_intern_stack(&p, PF_NONE, profile_intern_frame(&p, &own)), PF_NONE, &v5);
	profile_add_sample(&p, profile_intern_stack(&p, PF_NONE, profile_intern_frame(&p, &inc)), PF_NONE, &v2);
	struct report r;
	annotate(&p, "^f$", ANNOTATE_STACKS, &r);
	struct report_table *t = listing(&r, "f");
	CHECK(t != NULL);
	size_t files = 0;
	const char *first = NULL;
	for (size_t i = 0; t && i < t->rows.len; i++)
		if (t->rows.items[i].flags & REPORT_ROW_FILE) {
			files++;
			first = first ? first : t->rows.items[i].name;
		}
	CHECK_INT(files, 2);
	CHECK_STR(first, "/src/a.c");
	CHECK_INT(line_row(t, 3)->values[0], 5);
	CHECK_INT(line_row(t, 7)->values[0], 2);
	report_release(&r);
	profile_release(&p);
}

/* Line ticks split the self time: 10 µs over three lines with one tick each is
 * 10/3 = 3.33 each; the one left over goes to the first line ticked: 4, 3, 3. Line 9,
 * with ticks of another function, gets nothing. */
static void ticks_split_self_exactly(void)
{
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "time", "time", PF_UNIT_MICROSECONDS);
	uint32_t js = profile_intern(&p, "file:///x.js");
	uint32_t fr = profile_func_frame(&p, profile_intern(&p, "g"), js, PF_NONE, 4, 1, 0);
	uint32_t other = profile_func_frame(&p, profile_intern(&p, "h"), 0, PF_NONE, 0, 0, 0);
	uint32_t g = p.frames.items[fr].func, h = p.frames.items[other].func;
	int64_t v = 10;
	profile_add_sample(&p, profile_intern_stack(&p, PF_NONE, fr), PF_NONE, &v);
	profile_add_line_ticks(&p, g, 5, 1);
	profile_add_line_ticks(&p, g, 6, 1);
	profile_add_line_ticks(&p, g, 7, 1);
	profile_add_line_ticks(&p, h, 9, 50);
	struct report r;
	annotate(&p, "^g$", ANNOTATE_TICKS, &r);
	struct report_table *t = listing(&r, "g");
	CHECK(t != NULL && t->col_count == 1);
	CHECK_INT(line_row(t, 5)->values[0], 4);
	CHECK_INT(line_row(t, 6)->values[0], 3);
	CHECK_INT(line_row(t, 7)->values[0], 3);
	CHECK(line_row(t, 9) == NULL);
	CHECK_INT(t->subject.values[0], 10);
	report_release(&r);
	profile_release(&p);
}

/* A pattern that matches no function is an error (its line names the closest names), not a
 * warning: no listing, nothing in the report, -1 for exit 1 (issue 34, item 5). */
static void pattern_matching_nothing_fails(void)
{
	struct profile p;
	build(&p);
	struct report r;
	CHECK_INT(annotate(&p, "^nothing_here$", ANNOTATE_STACKS, &r), -1);
	CHECK_INT(r.tables.len, 0);
	CHECK_INT(r.warnings.len, 0);
	report_release(&r);
	profile_release(&p);
}

static char dir[64];

static void write_file(const char *rel, const char *text)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	for (char *s = strchr(path + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0700);
		*s = '/';
	}
	FILE *f = fopen(path, "wb");
	fputs(text, f);
	fclose(f);
}

static void find(const struct annotate_opts *o, const struct source_roots *roots, const char *recorded,
		 struct source_text *t)
{
	source_text_find(o, roots, recorded, strlen(recorded), t);
}

/* Where a recorded path is looked for: OLD=NEW prefixes, the path itself, the tails under
 * each --source-path; file:// URLs decoded; CRLF line ends dropped; binary files refused;
 * nothing read outside the roots, through a link or by a NUL byte that cuts the name. */
static void source_search(void)
{
	strcpy(dir, "/tmp/profan-srctest.XXXXXX");
	CHECK(mkdtemp(dir) != NULL);
	write_file("checkout/src/main.rs", "fn main() {\r\n\tlet x = 1;\r\n}\r\n");
	write_file("rust/library/core/src/ptr/mod.rs", "one\ntwo\n");
	write_file("my dir/app.js", "a\nb");
	write_file("checkout/bin.c", "x");
	write_file("outside/secret.c", "secret\n");
	char bin[128], link[160], secret[160];
	snprintf(bin, sizeof(bin), "%s/checkout/bin.c", dir);
	snprintf(link, sizeof(link), "%s/checkout/link.c", dir);
	snprintf(secret, sizeof(secret), "%s/outside/secret.c", dir);
	CHECK_INT(symlink("../outside/secret.c", link), 0);
	FILE *bf = fopen(bin, "wb");
	fwrite("a\0b\n", 1, 4, bf);
	fclose(bf);

	char checkout[128], rust[128], mydir[128], url[160];
	snprintf(checkout, sizeof(checkout), "%s/checkout", dir);
	snprintf(rust, sizeof(rust), "%s/rust", dir);
	snprintf(mydir, sizeof(mydir), "%s/my dir", dir);
	struct source_roots roots = {0};
	CHECK(source_roots_add(&roots, checkout) && source_roots_add(&roots, rust));
	CHECK(source_roots_add(&roots, mydir));
	CHECK(!source_roots_add(&roots, bin)); /* no directory */
	const char *paths[] = {checkout};
	struct source_prefix pre[] = {{"/rustc/0123abcd", rust}};
	struct annotate_opts o = {.source_paths = paths, .source_path_count = 1, .prefixes = pre,
				  .prefix_count = 1};
	struct source_text t;

	find(&o, &roots, "/home/dev/build/src/main.rs", &t); /* by its tail src/main.rs */
	CHECK(t.path != NULL);
	CHECK_INT(t.line_count, 3);
	CHECK_STR(source_text_line(&t, 2), "\tlet x = 1;");
	CHECK(source_text_line(&t, 4) == NULL);
	CHECK(source_text_line(&t, 0) == NULL);
	source_text_release(&t);

	find(&o, &roots, "/rustc/0123abcd/library/core/src/ptr/mod.rs", &t);
	CHECK(t.path != NULL && strstr(t.path, "/rust/library/core/src/ptr/mod.rs") != NULL);
	CHECK_STR(source_text_line(&t, 2), "two");
	source_text_release(&t);

	find(&o, &roots, "/rustc/0123abcdef/library/x.rs", &t); /* not the prefix: another hash */
	CHECK(t.path == NULL);
	CHECK(t.looked != NULL && strstr(t.looked, "/rustc/0123abcdef/library/x.rs") != NULL);
	CHECK(t.looked != NULL && strstr(t.looked, "by its tails") != NULL);
	source_text_release(&t);

	snprintf(url, sizeof(url), "file://%s/my%%20dir/app.js", dir);
	find(&o, &roots, url, &t);
	CHECK(t.path != NULL);
	CHECK_INT(t.line_count, 2);
	CHECK_STR(source_text_line(&t, 2), "b");
	source_text_release(&t);

	find(&o, &roots, bin, &t); /* a NUL byte: not a source file */
	CHECK(t.path == NULL);
	source_text_release(&t);

	find(&o, &roots, dir, &t); /* a directory */
	CHECK(t.path == NULL);
	source_text_release(&t);

	find(&o, &roots, "node:internal/main", &t);
	CHECK(t.path == NULL && t.looked != NULL);
	source_text_release(&t);

	/* outside the roots: not read, and the folder that --source-path would need is named */
	find(&o, &roots, secret, &t);
	CHECK(t.path == NULL && t.refused != NULL && t.looked == NULL);
	char *real = realpath(secret, NULL);
	CHECK(t.refused != NULL && real != NULL && strncmp(t.refused, real, strlen(real)) == 0);
	*strrchr(real, '/') = '\0';
	char want[200];
	snprintf(want, sizeof(want), "--source-path %s allows it", real);
	CHECK(t.refused != NULL && strstr(t.refused, want) != NULL);
	free(real);
	source_text_release(&t);
	find(&o, &roots, link, &t); /* a link out of a root */
	CHECK(t.path == NULL && t.refused != NULL && strstr(t.refused, "/outside/secret.c is outside") != NULL);
	source_text_release(&t);
	/* a %00 or a NUL in the name would cut it to a file that exists: refused */
	snprintf(url, sizeof(url), "file://%s/my%%20dir/app.js%%00.map", dir);
	find(&o, &roots, url, &t);
	CHECK(t.path == NULL && t.refused != NULL && strstr(t.refused, "NUL byte") != NULL);
	source_text_release(&t);
	char named[200];
	int n = snprintf(named, sizeof(named), "%s/checkout/src/main.rs%c.js", dir, 0);
	source_text_find(&o, &roots, named, (size_t)n, &t);
	CHECK(t.path == NULL && t.refused != NULL && strstr(t.refused, "NUL byte") != NULL);
	source_text_release(&t);
	/* the same file read once it is under a root */
	CHECK(source_roots_add(&roots, dir));
	find(&o, &roots, link, &t);
	CHECK(t.path != NULL && t.line_count == 1);
	source_text_release(&t);
	source_roots_release(&roots);

	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK_INT(system(cmd), 0);
}

int main(void)
{
	(void)build_b; /* hand_profile.h's second profile is for the diff tests */
	RUN(stacks_innermost_frame_takes_the_sample);
	RUN(lines_in_another_file);
	RUN(ticks_split_self_exactly);
	RUN(pattern_matching_nothing_fails);
	RUN(source_search);
	return check_summary();
}
