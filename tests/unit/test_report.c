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

int main(void)
{
	RUN(json_names_are_valid_utf8);
	RUN(text_layout);
	RUN(json_round_trip);
	RUN(value_formats);
	RUN(json_integers_are_exact);
	return check_summary();
}
