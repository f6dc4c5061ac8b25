/* Unit tests for report rendering: exact text layout, --top cutting, JSON round trip. */
#include "profan/render.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

#include "check.h"

static char *render(const struct report *r, bool json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct render_opts ro = {.top = 3}; /* --top 3 */
	if (json)
		render_json(f, r, &ro);
	else
		render_text(f, r, &ro);
	fclose(f);
	return buf;
}

static void build(struct report *r)
{
	report_init(r);
	report_header(r, "Input", "%s", "x.json");
	report_header(r, "Total", "%s", "1.50 ms");
	report_warning(r, "no CPU deltas");
	struct report_table *t = report_add_table(r, "top_self", "Top self", "Function");
	report_table_col(t, "Self", PF_UNIT_MICROSECONDS, 1500);
	report_table_row(r, t, "b", NULL)->values[0] = 500;
	report_table_row(r, t, "a", "a.c:3")->values[0] = 500; /* ties sort by name */
	report_table_row(r, t, "c", NULL)->values[0] = 1000;
	report_table_row(r, t, "d", NULL)->values[0] = 1;
	report_table_finish(t);
	struct report_table *m = report_add_table(r, "mem", "Memory", "Site");
	report_table_col(m, "Bytes", PF_UNIT_BYTES, 0);
	report_table_col(m, "Blocks", PF_UNIT_COUNT, 4);
	struct report_row *row = report_table_row(r, m, "s", NULL);
	row->values[0] = 3 << 20;
	row->values[1] = 1;
	report_table_finish(m);
}

static void text_layout(void)
{
	struct report r;
	build(&r);
	char *text = render(&r, false);
	CHECK_STR(text, "Input:  x.json\n"
			"Total:  1.50 ms\n"
			"warning: no CPU deltas\n"
			"\n=== Top self ===\n"
			"    Self%     Self  Function\n"
			"   66.67%  1.00 ms  c\n"
			"   33.33%  0.50 ms  a  a.c:3\n"
			"   33.33%  0.50 ms  b\n"
			"  ... 1 more row (raise --top to see them)\n"
			"\n=== Memory ===\n"
			"     Bytes   Blocks%  Blocks  Site\n"
			"  3.00 MiB    25.00%       1  s\n");
	free(text);
	report_release(&r);
}

static void json_round_trip(void)
{
	struct report r;
	build(&r);
	char *text = render(&r, true);
	cJSON *j = cJSON_Parse(text);
	CHECK(j != NULL);
	CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "header"), "Input")->valuestring, "x.json");
	cJSON *views = cJSON_GetObjectItem(j, "views");
	CHECK_INT(cJSON_GetArraySize(views), 2);
	cJSON *v0 = cJSON_GetArrayItem(views, 0);
	CHECK_STR(cJSON_GetObjectItem(v0, "id")->valuestring, "top_self");
	CHECK_INT(cJSON_GetObjectItem(v0, "rows_cut")->valuedouble, 1);
	cJSON *row0 = cJSON_GetArrayItem(cJSON_GetObjectItem(v0, "rows"), 0);
	CHECK_STR(cJSON_GetObjectItem(row0, "name")->valuestring, "c");
	CHECK_INT(cJSON_GetArrayItem(cJSON_GetObjectItem(row0, "values"), 0)->valuedouble, 1000);
	CHECK_DBL(cJSON_GetArrayItem(cJSON_GetObjectItem(row0, "percent"), 0)->valuedouble, 100.0 * 1000 / 1500,
		  1e-9);
	cJSON_Delete(j);
	free(text);
	report_release(&r);
}

static void json_integers_are_exact(void)
{
	struct report r;
	report_init(&r);
	struct report_table *t = report_add_table(&r, "t", "T", "Name");
	report_table_col(t, "Bytes", PF_UNIT_BYTES, 0);
	report_table_row(&r, t, "big", NULL)->values[0] = (1LL << 60) + 1; /* not a double */
	char *text = render(&r, true);
	CHECK(strstr(text, "1152921504606846977") != NULL);
	cJSON *j = cJSON_Parse(text);
	cJSON *col = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(j, "views"), 0),
							   "columns"), 0);
	CHECK(cJSON_IsNull(cJSON_GetObjectItem(col, "total"))); /* no total, no percent */
	cJSON_Delete(j);
	free(text);
	report_release(&r);
}

static void value_formats(void)
{
	char b[64];
	report_group_digits(b, 0);
	CHECK_STR(b, "0");
	report_group_digits(b, 999);
	CHECK_STR(b, "999");
	report_group_digits(b, -1000);
	CHECK_STR(b, "-1,000");
	report_group_digits(b, 36921);
	CHECK_STR(b, "36,921");
	report_group_digits(b, INT64_MIN);
	CHECK_STR(b, "-9,223,372,036,854,775,808");
	report_format_value(b, sizeof(b), 1023, PF_UNIT_BYTES);
	CHECK_STR(b, "1023 B");
	report_format_value(b, sizeof(b), 1536, PF_UNIT_BYTES);
	CHECK_STR(b, "1.50 KiB");
	report_format_value(b, sizeof(b), 5LL << 30, PF_UNIT_BYTES);
	CHECK_STR(b, "5.00 GiB");
	/* times scale to s, min and h: each step where the smaller unit would print 1000.00 ms,
	 * 60.00 s or 60.00 min (hand-computed: 6594125250 us = 6594.13 s = 109.90 min = 1.83 h) */
	report_format_value(b, sizeof(b), 999994, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "999.99 ms");
	report_format_value(b, sizeof(b), 999995, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "1.00 s");
	report_format_value(b, sizeof(b), 1234567, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "1.23 s");
	report_format_value(b, sizeof(b), -1234567, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "-1.23 s");
	report_format_value(b, sizeof(b), 59994000, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "59.99 s");
	report_format_value(b, sizeof(b), 59995000, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "1.00 min");
	report_format_value(b, sizeof(b), 3599699000, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "59.99 min");
	report_format_value(b, sizeof(b), 6594125250, PF_UNIT_MICROSECONDS);
	CHECK_STR(b, "1.83 h");
	report_format_value(b, sizeof(b), 2500000, PF_UNIT_NANOSECONDS);
	CHECK_STR(b, "2.50 ms");
	report_format_value(b, sizeof(b), 2500000000, PF_UNIT_NANOSECONDS);
	CHECK_STR(b, "2.50 s");
	report_format_value(b, sizeof(b), -42, PF_UNIT_COUNT);
	CHECK_STR(b, "-42");
}

static void json_names_are_valid_utf8(void)
{
	struct report r;
	report_init(&r);
	struct report_table *t = report_add_table(&r, "t", "T", "Name");
	report_table_col(t, "V", PF_UNIT_COUNT, 0);
	report_table_row(&r, t, "ok\xc3\xa9 raw\xff \xed\xa0\x80 cut\xe2\x82", NULL)->values[0] = 1;
	char *text = render(&r, true);
	cJSON *j = cJSON_Parse(text);
	cJSON *row = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(j, "views"), 0),
							   "rows"), 0);
	/* é stays; 0xff, each byte of the surrogate and of the cut sequence become U+FFFD */
	CHECK_STR(cJSON_GetObjectItem(row, "name")->valuestring,
		  "ok\xc3\xa9 raw\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd cut\xef\xbf\xbd\xef\xbf\xbd");
	cJSON_Delete(j);
	free(text);
	report_release(&r);
}

/* Same-named libraries with other paths are told apart by the shortest path suffix (issue 15 item 3). */
static void library_labels(void)
{
	static const char *const libs[][2] = {
		{"cargo", "/Users/me/.cargo/bin/cargo"},
		{"cargo", "/Users/me/.rustup/toolchains/stable-aarch64-apple-darwin/bin/cargo"},
		{"vcruntime140.dll", "C:\\Windows\\System32\\vcruntime140.dll"},
		{"vcruntime140.dll", "C:\\Program Files\\App\\vcruntime140.dll"},
		{"libc.so.6", "/usr/lib/libc.so.6"},
		{"libc.so.6", "/usr/lib/libc.so.6"}, /* the same file twice: nothing to tell apart */
		{"tool", "bin/tool"},
		{"tool", "/opt/bin/tool"}, /* the first path is the end of this one */
		{"b", "x/b"},
		{"b", "/x/b"}, /* told apart only by the whole path (a fuzzer's hang) */
		{"[kernel]", ""},
	};
	struct profile p;
	profile_init(&p);
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++) {
		struct pf_lib l = {.name = profile_intern(&p, libs[i][0]),
				   .path = profile_intern(&p, libs[i][1])};
		profile_add_lib(&p, &l);
	}
	profile_label_libs(&p);
	static const char *const want[] = {
		".cargo/bin/cargo", "stable-aarch64-apple-darwin/bin/cargo", "System32\\vcruntime140.dll",
		"App\\vcruntime140.dll", "libc.so.6", "libc.so.6", "bin/tool", "opt/bin/tool", "x/b", "/x/b", "[kernel]",
	};
	const char *detail;
	for (size_t i = 0; i < ARRAY_SIZE(want); i++)
		CHECK_STR(report_lib_name(&p, (uint32_t)i, &detail), want[i]);
	struct pf_func f = {.name = profile_intern(&p, "main"), .lib = 1};
	report_func_name(&p, profile_intern_func(&p, &f), &detail);
	CHECK_STR(detail, "[stable-aarch64-apple-darwin/bin/cargo]");
	CHECK_STR(profile_str(&p, p.libs.items[0].name), "cargo"); /* the model keeps the name */
	profile_release(&p);
}

/* A diff-style table: signed and hidden columns, a mark column, and a table with no rows. */
static void marks_signs_hidden_columns(void)
{
	struct report r;
	report_init(&r);
	struct report_table *t = report_add_table(&r, "d", "Changes", "Function");
	t->mark_header = "Verdict";
	report_table_col(t, "Change", PF_UNIT_PPM_CHANGE, 0);
	size_t per_run = report_table_col(t, "Per run", PF_UNIT_MICROSECONDS, 0);
	t->cols[per_run].sign = true;
	size_t p = report_table_col(t, "p", PF_UNIT_PVALUE, 0);
	t->cols[p].hidden = true;
	struct report_row *row = report_table_row(&r, t, "up", NULL);
	row->values[0] = 29500, row->values[1] = 50000, row->values[2] = 28571429, row->mark = "changed";
	row = report_table_row(&r, t, "down", "d.c:1");
	row->values[0] = -100, row->values[1] = -1500, row->values[2] = 1000000000, row->mark = "noise";
	row = report_table_row(&r, t, "tiny", NULL);
	row->values[2] = 155400; /* 2/12870: 4 runs per arm, every run apart */
	struct report_table *e = report_add_table(&r, "none", "Changed beyond noise", "Function");
	e->empty = "no change beyond noise";
	report_table_col(e, "Change", PF_UNIT_PPM_CHANGE, 0);
	char *text = render(&r, false);
	CHECK_STR(text, "\n=== Changes ===\n"
			"    Change    Per run  Verdict  Function\n"
			"  +2.95 pp  +50.00 ms  changed  up\n"
			"  -0.01 pp   -1.50 ms  noise    down  d.c:1\n"
			"  +0.00 pp    0.00 ms           tiny\n"
			"\n=== Changed beyond noise ===\n"
			"  no change beyond noise\n");
	free(text);
	text = render(&r, true);
	cJSON *j = cJSON_Parse(text);
	cJSON *v0 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "views"), 0);
	cJSON *cols = cJSON_GetObjectItem(v0, "columns");
	CHECK_STR(cJSON_GetObjectItem(cJSON_GetArrayItem(cols, 2), "unit")->valuestring, "ppb");
	CHECK(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(cols, 2), "json_only")));
	CHECK(cJSON_GetObjectItem(cJSON_GetArrayItem(cols, 1), "json_only") == NULL);
	cJSON *rows = cJSON_GetObjectItem(v0, "rows");
	CHECK_STR(cJSON_GetObjectItem(cJSON_GetArrayItem(rows, 0), "verdict")->valuestring, "changed");
	CHECK(cJSON_GetObjectItem(cJSON_GetArrayItem(rows, 2), "verdict") == NULL);
	CHECK_INT(cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(rows, 2), "values"), 2)->valuedouble,
		  155400);
	cJSON *v1 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "views"), 1);
	CHECK_STR(cJSON_GetObjectItem(v1, "empty")->valuestring, "no change beyond noise");
	cJSON_Delete(j);
	free(text);
	char buf[32];
	report_format_value(buf, sizeof(buf), 155400, PF_UNIT_PVALUE);
	CHECK_STR(buf, "1.6e-04");
	report_format_value(buf, sizeof(buf), 28571429, PF_UNIT_PVALUE);
	CHECK_STR(buf, "0.029");
	report_release(&r);
}

int main(void)
{
	RUN(marks_signs_hidden_columns);
	RUN(json_names_are_valid_utf8);
	RUN(text_layout);
	RUN(json_round_trip);
	RUN(value_formats);
	RUN(json_integers_are_exact);
	RUN(library_labels);
	return check_summary();
}
