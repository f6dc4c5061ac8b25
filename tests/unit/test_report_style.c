/* Unit tests for the terminal renderer: names shortened to a width in the middle
 * (keeping the function's own name), details dropped before names, graded
 * percentages and owned rows in color. Every expected line is written by hand
 * from the rules in report.c's comments; the column arithmetic is spelled out. */
#include "profan/render.h"

#include <stdlib.h>

#include "check.h"

static char *render(const struct report *r, bool color, int width)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct render_opts st = {.color = color, .width = width};
	render_text(f, r, &st);
	fclose(f);
	return buf;
}

/* One table, total 10 ms: the rows take 50 %, 20 %, 5 % and 0.5 %. Every value
 * prints as "N.NN ms" (7 columns), so a row's name starts after
 * "   50.00%" (9) + "  5.00 ms" (9) + "  " (2) = 20 columns. */
static void build(struct report *r)
{
	report_init(r);
	struct report_table *t = report_add_table(r, "top", "Top", "Function");
	report_table_col(t, "Self", PF_UNIT_MICROSECONDS, 10000);
	struct report_row *row = report_table_row(r, t, "mozilla::dom::workers::WorkerPrivate::DoRunLoop", NULL);
	row->values[0] = 5000;
	row->flags |= REPORT_ROW_OWNED;
	report_table_row(r, t, "/usr/lib/x86_64-linux-gnu/libc.so.6", NULL)->values[0] = 2000;
	report_table_row(r, t, "outer::inner::f(x::y)", NULL)->values[0] = 500;
	report_table_row(r, t, "main", "src/very/long/path/work.c:1234")->values[0] = 50;
	report_table_finish(t);
}

/* Width 40 leaves 20 columns for a name: 19 and an ellipsis. The kept end is
 * the last "::"/"."/"/" segment when it takes at most 2/3 of 20 = 13 columns:
 * "::DoRunLoop" (11) keeps 8 columns of head; "/libc.so.6" (10) keeps 9; in
 * "outer::inner::f(x::y)" the "::" inside the parentheses does not count, so
 * "::f(x::y)" (9) keeps 10. "main" fits, but not with its 30-column detail. */
static void shortened_to_width(void)
{
	struct report r;
	build(&r);
	char *text = render(&r, false, 40);
	CHECK_STR(text, "\n=== Top ===\n"
			"    Self%     Self  Function\n"
			"   50.00%  5.00 ms  mozilla:\u2026::DoRunLoop\n"
			"   20.00%  2.00 ms  /usr/lib/\u2026/libc.so.6\n"
			"    5.00%  0.50 ms  outer::inn\u2026::f(x::y)\n"
			"    0.50%  0.05 ms  main\n");
	free(text);
	report_release(&r);
}

/* When the kept segment would take more than two thirds, the end is the last
 * third: room 20, so (20 - 1) / 3 = 6 columns of tail and 13 of head. */
static void long_segment_keeps_last_third(void)
{
	struct report r;
	report_init(&r);
	struct report_table *t = report_add_table(&r, "top", "Top", "Function");
	report_table_col(t, "Self", PF_UNIT_MICROSECONDS, 10000);
	report_table_row(&r, t, "a::an_extremely_long_function_name", NULL)->values[0] = 5000;
	report_table_finish(t);
	char *text = render(&r, false, 40);
	CHECK_STR(text, "\n=== Top ===\n"
			"    Self%     Self  Function\n"
			"   50.00%  5.00 ms  a::an_extreme\u2026n_name\n");
	free(text);
	report_release(&r);
}

/* A multi-byte name is cut on character boundaries and counted in columns. */
static void utf8_names_cut_on_characters(void)
{
	struct report r;
	report_init(&r);
	struct report_table *t = report_add_table(&r, "top", "Top", "Function");
	report_table_col(t, "Self", PF_UNIT_MICROSECONDS, 10000);
	/* 24 two-byte characters, no separator: head 13, ellipsis, tail (20 - 1) / 3 = 6 */
	report_table_row(&r, t, "ééééééééééééééééééééééüü", NULL)->values[0] = 5000;
	report_table_finish(t);
	char *text = render(&r, false, 40);
	CHECK_STR(text, "\n=== Top ===\n"
			"    Self%     Self  Function\n"
			"   50.00%  5.00 ms  ééééééééééééé\u2026ééééüü\n");
	free(text);
	report_release(&r);
}

/* Width 0 (a pipe or a file) never shortens and keeps every detail. */
static void no_width_keeps_everything(void)
{
	struct report r;
	build(&r);
	char *text = render(&r, false, 0);
	CHECK_STR(text, "\n=== Top ===\n"
			"    Self%     Self  Function\n"
			"   50.00%  5.00 ms  mozilla::dom::workers::WorkerPrivate::DoRunLoop\n"
			"   20.00%  2.00 ms  /usr/lib/x86_64-linux-gnu/libc.so.6\n"
			"    5.00%  0.50 ms  outer::inner::f(x::y)\n"
			"    0.50%  0.05 ms  main  src/very/long/path/work.c:1234\n");
	free(text);
	report_release(&r);
}

/* Bold title; red from 10 %, yellow from 1 %, plain below; owned rows bold
 * cyan; details dim. The layout is the plain one with escapes added. */
static void colors(void)
{
	struct report r;
	build(&r);
	char *text = render(&r, true, 0);
	CHECK_STR(text, "\n\033[1m=== Top ===\033[0m\n"
			"    Self%     Self  Function\n"
			" \033[31m  50.00%\033[0m  5.00 ms  \033[1;36mmozilla::dom::workers::WorkerPrivate::DoRunLoop\033[0m\n"
			" \033[31m  20.00%\033[0m  2.00 ms  /usr/lib/x86_64-linux-gnu/libc.so.6\n"
			" \033[33m   5.00%\033[0m  0.50 ms  outer::inner::f(x::y)\n"
			"    0.50%  0.05 ms  main  \033[2msrc/very/long/path/work.c:1234\033[0m\n");
	free(text);
	report_release(&r);
}

/* A DHAT-style chain of frames is cut between frames: at width 50 the name has
 * 30 columns; "make_big (peak.c:22)" (20) plus " <- …" (5) fits, the second
 * frame would not. With 20 columns the first frame alone is cut to 20 - 5 = 15
 * columns: it has no "::"/"."/"/" segment outside parentheses, so its last
 * third, (15 - 1) / 3 = 4 columns (":22)"), ends it after 10 columns of head. */
static void frame_chains_cut_between_frames(void)
{
	struct report r;
	report_init(&r);
	struct report_table *t = report_add_table(&r, "sites", "Sites", "Site");
	report_table_col(t, "Self", PF_UNIT_MICROSECONDS, 10000);
	report_table_row(&r, t, "make_big (peak.c:22) <- main (peak.c:70)", NULL)->values[0] = 5000;
	report_table_finish(t);
	char *text = render(&r, false, 50);
	CHECK_STR(text, "\n=== Sites ===\n"
			"    Self%     Self  Site\n"
			"   50.00%  5.00 ms  make_big (peak.c:22) <- \u2026\n");
	free(text);
	text = render(&r, false, 40);
	CHECK_STR(text, "\n=== Sites ===\n"
			"    Self%     Self  Site\n"
			"   50.00%  5.00 ms  make_big (\u2026:22) <- \u2026\n");
	free(text);
	report_release(&r);
}

int main(void)
{
	RUN(frame_chains_cut_between_frames);
	RUN(shortened_to_width);
	RUN(long_segment_keeps_last_third);
	RUN(utf8_names_cut_on_characters);
	RUN(no_width_keeps_everything);
	RUN(colors);
	return check_summary();
}
