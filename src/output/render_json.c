/* render_json.c: a report for scripts, through cJSON: every number exact and
 * unrounded, text as valid UTF-8 (docs/profan-report.schema.json, whose
 * version RENDER_JSON_SCHEMA is: raised when a field goes or changes meaning). */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profan/render.h"
#include "profan/text.h"

#define RENDER_JSON_SCHEMA 2

static const char *unit_id(enum pf_unit u)
{
	switch (u) {
	case PF_UNIT_MICROSECONDS: return "us";
	case PF_UNIT_NANOSECONDS: return "ns";
	case PF_UNIT_BYTES: return "bytes";
	case PF_UNIT_PPM:
	case PF_UNIT_PPM_CHANGE: return "ppm";
	case PF_UNIT_PVALUE: return "ppb";
	case PF_UNIT_COUNT: break;
	}
	return "count";
}

static double percent(int64_t v, int64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0;
}

/* A JSON string for TEXT, which comes from the input: escaped per JSON, and DEL
 * and C1 too (a report piped to a terminal must not drive it); each byte that
 * is not UTF-8 becomes U+FFFD (DHAT copies symbol names as they are). */
static cJSON *json_text(const char *text)
{
	const char *s = text ? text : "";
	char *quoted = text_json_string(s, strlen(s));
	cJSON *j = cJSON_CreateRaw(quoted);
	free(quoted);
	return j;
}

/* An exact JSON integer: cJSON keeps numbers as doubles, which round past 2^53
 * (DHAT's counters get there), so the digits go in as raw text. */
static cJSON *json_int(int64_t v)
{
	char digits[24];
	snprintf(digits, sizeof(digits), "%" PRId64, v);
	return cJSON_CreateRaw(digits);
}

static cJSON *json_values(const struct report_table *t, const struct report_row *row)
{
	cJSON *vals = cJSON_CreateArray();
	for (size_t c = 0; c < t->col_count; c++)
		cJSON_AddItemToArray(vals, json_int(row->values[c]));
	return vals;
}

/* A listing (--annotate): the function with its figures, the files, and one
 * row per line shown (context lines included, gaps left out). */
static void listing_json(cJSON *v, const struct report_table *t)
{
	cJSON *f = cJSON_AddObjectToObject(v, "function");
	cJSON_AddItemToObject(f, "name", json_text(t->subject.name));
	cJSON_AddItemToObject(f, "detail", t->subject.detail ? json_text(t->subject.detail) : cJSON_CreateNull());
	cJSON_AddItemToObject(f, "values", json_values(t, &t->subject));
	cJSON *files = cJSON_AddArrayToObject(v, "files");
	cJSON *rows = cJSON_AddArrayToObject(v, "rows");
	const char *file = NULL;
	for (size_t k = 0; k < t->rows.len; k++) {
		const struct report_row *row = &t->rows.items[k];
		if (row->flags & REPORT_ROW_FILE) {
			file = row->name;
			cJSON *o = cJSON_CreateObject();
			cJSON_AddItemToObject(o, "path", json_text(row->name));
			cJSON_AddItemToObject(o, "source", row->detail ? json_text(row->detail) : cJSON_CreateNull());
			cJSON_AddItemToArray(files, o);
			continue;
		}
		if (row->flags & REPORT_ROW_GAP)
			continue;
		cJSON *o = cJSON_CreateObject();
		cJSON_AddItemToObject(o, "file", file ? json_text(file) : cJSON_CreateNull());
		cJSON_AddItemToObject(o, "line", json_int(row->line));
		cJSON_AddItemToObject(o, "source", row->name ? json_text(row->name) : cJSON_CreateNull());
		cJSON_AddItemToObject(o, "values", json_values(t, row));
		if (row->detail)
			cJSON_AddItemToObject(o, "detail", json_text(row->detail));
		cJSON_AddItemToArray(rows, o);
	}
}

int render_json(FILE *out, const struct report *r, const struct render_opts *ro)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddItemToObject(root, "schema_version", json_int(RENDER_JSON_SCHEMA));
	cJSON_AddStringToObject(root, "profan_version", PROFAN_VERSION);
	cJSON *header = cJSON_AddObjectToObject(root, "header");
	for (size_t i = 0; i < r->header.len; i++)
		cJSON_AddItemToObject(header, r->header.items[i].key, json_text(r->header.items[i].value));
	/* the header lines' figures as numbers, by line and name */
	cJSON *figures = cJSON_AddObjectToObject(root, "figures");
	for (size_t i = 0; i < r->figures.len; i++) {
		const struct pf_figure *f = &r->figures.items[i];
		cJSON *line = cJSON_GetObjectItemCaseSensitive(figures, f->key);
		if (line == NULL)
			line = cJSON_AddObjectToObject(figures, f->key);
		if (cJSON_GetObjectItemCaseSensitive(line, f->name) != NULL)
			continue; /* one value per name: the first */
		cJSON *o = cJSON_AddObjectToObject(line, f->name);
		cJSON_AddItemToObject(o, "value", json_int(f->value));
		cJSON_AddStringToObject(o, "unit", unit_id(f->unit));
	}
	cJSON *warnings = cJSON_AddArrayToObject(root, "warnings");
	for (size_t i = 0; i < r->warnings.len; i++)
		cJSON_AddItemToArray(warnings, json_text(r->warnings.items[i]));
	cJSON *views = cJSON_AddArrayToObject(root, "views");
	for (size_t i = 0; i < r->tables.len; i++) {
		const struct report_table *t = r->tables.items[i];
		cJSON *v = cJSON_CreateObject();
		cJSON_AddStringToObject(v, "id", t->id);
		cJSON_AddItemToObject(v, "title", json_text(t->title));
		cJSON_AddStringToObject(v, "key", t->key_header);
		cJSON *cols = cJSON_AddArrayToObject(v, "columns");
		for (size_t c = 0; c < t->col_count; c++) {
			cJSON *col = cJSON_CreateObject();
			const char *name = t->cols[c].json_name ? t->cols[c].json_name : t->cols[c].header;
			cJSON_AddStringToObject(col, "name", name);
			cJSON_AddStringToObject(col, "unit", unit_id(t->cols[c].unit));
			/* no total: the column shows no percentages */
			cJSON_AddItemToObject(col, "total", t->cols[c].share ? json_int(t->cols[c].total) : cJSON_CreateNull());
			if (t->cols[c].hidden)
				cJSON_AddTrueToObject(col, "json_only");
			cJSON_AddItemToArray(cols, col);
		}
		if (t->listing) {
			listing_json(v, t);
			if (t->note)
				cJSON_AddItemToObject(v, "note", json_text(t->note));
			cJSON_AddItemToArray(views, v);
			continue;
		}
		/* the mark column's rows field: its header in lower case ("Verdict": "verdict") */
		char mark_key[32] = "";
		for (size_t k = 0; t->mark_header && t->mark_header[k] && k + 1 < sizeof(mark_key); k++)
			mark_key[k] = (char)(t->mark_header[k] >= 'A' && t->mark_header[k] <= 'Z'
						     ? t->mark_header[k] - 'A' + 'a'
						     : t->mark_header[k] == ' ' ? '_' : t->mark_header[k]);
		cJSON *rows = cJSON_AddArrayToObject(v, "rows");
		size_t shown = t->ranked && ro->top > 0 && t->rows.len > ro->top ? ro->top : t->rows.len;
		for (size_t k = 0; k < shown; k++) {
			const struct report_row *row = &t->rows.items[k];
			cJSON *o = cJSON_CreateObject();
			/* trees: the plain name and its depth; the drawing is for the terminal */
			cJSON_AddItemToObject(o, "name", json_text(row->name + row->drawing));
			if (row->depth)
				cJSON_AddItemToObject(o, "depth", json_int(row->depth));
			if (row->detail)
				cJSON_AddItemToObject(o, "detail", json_text(row->detail));
			if (mark_key[0] && row->mark)
				cJSON_AddItemToObject(o, mark_key, json_text(row->mark));
			if (row->cls)
				cJSON_AddStringToObject(o, "class", row->cls);
			if (row->label)
				cJSON_AddItemToObject(o, "label", json_text(row->label));
			if (row->file) {
				cJSON_AddItemToObject(o, "file", json_text(row->file));
				if (row->line)
					cJSON_AddItemToObject(o, "line", json_int(row->line));
				if (row->column)
					cJSON_AddItemToObject(o, "column", json_int(row->column));
			}
			if (row->context)
				cJSON_AddItemToObject(o, "context", json_text(row->context));
			if (row->context_count)
				cJSON_AddItemToObject(o, "context_count", json_int(row->context_count));
			cJSON *vals = cJSON_AddArrayToObject(o, "values");
			cJSON *pct = cJSON_AddArrayToObject(o, "percent");
			for (size_t c = 0; c < t->col_count; c++) {
				cJSON_AddItemToArray(vals, json_int(row->values[c]));
				if (t->cols[c].share)
					cJSON_AddItemToArray(pct,
							     cJSON_CreateNumber(percent(row->values[c], t->cols[c].total)));
				else
					cJSON_AddItemToArray(pct, cJSON_CreateNull());
			}
			cJSON_AddItemToArray(rows, o);
		}
		cJSON_AddItemToObject(v, "rows_cut", json_int((int64_t)(t->rows.len - shown)));
		if (t->note)
			cJSON_AddItemToObject(v, "note", json_text(t->note));
		if (t->hidden)
			cJSON_AddTrueToObject(v, "json_only");
		if (t->rows.len == 0 && t->empty)
			cJSON_AddItemToObject(v, "empty", json_text(t->empty));
		cJSON_AddItemToArray(views, v);
	}
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	if (text == NULL) {
		pf_error("out of memory while writing JSON");
		return -1;
	}
	fputs(text, out);
	fputc('\n', out);
	cJSON_free(text);
	return ferror(out) ? -1 : 0;
}
