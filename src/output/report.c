/* report.c: report tables as data, and their two renderers: aligned text for
 * people and JSON (through cJSON) for scripts. Last stage of the pipeline. */
#include "profan/report.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "profan/text.h"

void report_init(struct report *r)
{
	memset(r, 0, sizeof(*r));
}

void report_release(struct report *r)
{
	for (size_t i = 0; i < r->tables.len; i++)
		vec_free(&r->tables.items[i]->rows);
	vec_free(&r->tables);
	vec_free(&r->header);
	vec_free(&r->warnings);
	arena_release(&r->arena);
}

const char *report_strdup(struct report *r, const char *s)
{
	return s ? arena_strndup(&r->arena, s, strlen(s)) : NULL;
}

const char *report_printf(struct report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *s = arena_vprintf(&r->arena, fmt, ap);
	va_end(ap);
	return s;
}

void report_header(struct report *r, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct pf_info in = {.key = report_strdup(r, key), .value = arena_vprintf(&r->arena, fmt, ap)};
	va_end(ap);
	vec_push(&r->header, in);
}

void report_warning(struct report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *s = arena_vprintf(&r->arena, fmt, ap);
	va_end(ap);
	vec_push(&r->warnings, s);
}

void report_header_from_profile(struct report *r, const struct profile *p)
{
	for (size_t i = 0; i < p->info.len; i++)
		report_header(r, p->info.items[i].key, "%s", p->info.items[i].value);
	for (size_t i = 0; i < p->warnings.len; i++)
		report_warning(r, "%s", p->warnings.items[i]);
}

struct report_table *report_add_table(struct report *r, const char *id, const char *title,
				      const char *key_header)
{
	struct report_table *t = arena_alloc(&r->arena, sizeof(*t));
	t->id = report_strdup(r, id);
	t->title = report_strdup(r, title);
	t->key_header = report_strdup(r, key_header);
	vec_push(&r->tables, t);
	return t;
}

size_t report_table_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total)
{
	if (t->col_count == REPORT_MAX_COLS) {
		fprintf(stderr, "profan: internal error: more than %d columns\n", REPORT_MAX_COLS);
		abort();
	}
	t->cols[t->col_count] = (struct report_col){.header = header, .unit = unit, .total = total};
	return t->col_count++;
}

struct report_row *report_table_row(struct report *r, struct report_table *t, const char *name,
				    const char *detail)
{
	struct report_row row = {.name = report_strdup(r, name), .detail = report_strdup(r, detail)};
	vec_push(&t->rows, row);
	return &t->rows.items[t->rows.len - 1];
}

static int row_cmp(const void *a, const void *b)
{
	const struct report_row *x = a, *y = b;
	if (x->values[0] != y->values[0])
		return x->values[0] > y->values[0] ? -1 : 1;
	int c = strcmp(x->name, y->name);
	if (c != 0)
		return c;
	return strcmp(x->detail ? x->detail : "", y->detail ? y->detail : "");
}

void report_table_finish(struct report_table *t, size_t top)
{
	if (t->rows.len > 1)
		qsort(t->rows.items, t->rows.len, sizeof(*t->rows.items), row_cmp);
	if (top > 0 && t->rows.len > top) {
		t->rows_cut += t->rows.len - top;
		t->rows.len = top;
	}
}

void report_table_from_rows(struct report *r, struct report_table *t, const struct pf_rows *rows,
			    report_name_fn name_of, const void *ctx)
{
	const struct profile *p = name_of == report_func_name ? ctx : NULL;
	for (size_t i = 0; i < rows->len; i++) {
		const char *detail = NULL;
		uint32_t key = rows->items[i].key;
		const char *name = name_of(ctx, key, &detail);
		struct report_row *row = report_table_row(r, t, name, detail);
		row->values[0] = rows->items[i].value;
		if (p != NULL && key < p->funcs.len && (p->funcs.items[key].flags & PF_FUNC_OWNED))
			row->flags |= REPORT_ROW_OWNED;
	}
}

const char *report_func_name(const void *profile, uint32_t func, const char **detail)
{
	static char buf[1024];
	const struct profile *p = profile;
	if (func >= p->funcs.len) {
		*detail = NULL;
		return "(none)";
	}
	const struct pf_func *f = &p->funcs.items[func];
	const char *file = profile_str(p, f->file);
	const char *lib = f->lib != PF_NONE ? profile_str(p, p->libs.items[f->lib].name) : "";
	int n = 0;
	buf[0] = '\0';
	/* %.*s: snprintf would measure all of a 4 MiB name only to cut it at 1 KiB */
	int file_len = (int)strnlen(file, sizeof(buf)), lib_len = (int)strnlen(lib, sizeof(buf));
	if (*file) {
		if (f->line)
			n = snprintf(buf, sizeof(buf), "%.*s:%u", file_len, file, f->line);
		else
			n = snprintf(buf, sizeof(buf), "%.*s", file_len, file);
	}
	const char *name = profile_str(p, f->name);
	bool names_lib = name[0] == '[' && strncmp(name + 1, lib, strlen(lib)) == 0; /* "[kernel]" */
	if (*lib && strcmp(lib, file) != 0 && !(f->flags & PF_FUNC_UNRESOLVED) && !names_lib && n >= 0 &&
	    (size_t)n < sizeof(buf))
		snprintf(buf + n, sizeof(buf) - (size_t)n, "%s[%.*s]", n ? "  " : "", lib_len, lib);
	*detail = buf[0] ? buf : NULL;
	if (f->folded > 0) {
		static char nbuf[1024];
		snprintf(nbuf, sizeof(nbuf), "%.*s (+%u folded)", (int)strnlen(name, sizeof(nbuf)), name, f->folded);
		return nbuf;
	}
	return *name ? name : "(anonymous)";
}

const char *report_lib_name(const void *profile, uint32_t lib, const char **detail)
{
	const struct profile *p = profile;
	*detail = NULL;
	if (lib >= p->libs.len)
		return "(no library)";
	return profile_str(p, p->libs.items[lib].name);
}

void report_format_value(char *buf, size_t cap, int64_t v, enum pf_unit unit)
{
	switch (unit) {
	case PF_UNIT_MICROSECONDS:
		snprintf(buf, cap, "%.2f ms", (double)v / 1e3);
		break;
	case PF_UNIT_NANOSECONDS:
		snprintf(buf, cap, "%.2f ms", (double)v / 1e6);
		break;
	case PF_UNIT_BYTES: {
		static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
		uint64_t a = v < 0 ? -(uint64_t)v : (uint64_t)v; /* -INT64_MIN does not fit */
		if (a < 1024) {
			snprintf(buf, cap, "%" PRId64 " B", v);
			break;
		}
		double d = (double)v / 1024;
		size_t u = 0;
		while ((d >= 1024 || d <= -1024) && u + 1 < ARRAY_SIZE(units)) {
			d /= 1024;
			u++;
		}
		snprintf(buf, cap, "%.2f %s", d, units[u]);
		break;
	}
	case PF_UNIT_PPM:
		snprintf(buf, cap, "%.2f%%", (double)v / 1e4);
		break;
	case PF_UNIT_PPM_CHANGE:
		snprintf(buf, cap, "%+.2f pp", (double)v / 1e4);
		break;
	case PF_UNIT_COUNT:
	default:
		snprintf(buf, cap, "%" PRId64, v);
		break;
	}
}

static const char *unit_id(enum pf_unit u)
{
	switch (u) {
	case PF_UNIT_MICROSECONDS: return "us";
	case PF_UNIT_NANOSECONDS: return "ns";
	case PF_UNIT_BYTES: return "bytes";
	case PF_UNIT_PPM:
	case PF_UNIT_PPM_CHANGE: return "ppm";
	case PF_UNIT_COUNT: break;
	}
	return "count";
}

static double percent(int64_t v, int64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0;
}

#define SGR(style, code) ((style)->color ? "\033[" code "m" : "")

/* Percentages are graded so hot rows stand out: red from 10 %, yellow from 1 %. */
static const char *grade(const struct report_style *st, double pct)
{
	return pct >= 10 ? SGR(st, "31") : pct >= 1 ? SGR(st, "33") : "";
}

static size_t utf8_columns(const char *s, size_t len)
{
	size_t cols = 0;
	for (size_t i = 0; i < len; i++)
		cols += ((unsigned char)s[i] & 0xC0) != 0x80;
	return cols;
}

/* Bytes of the first (or last) COLS columns of S. */
static size_t utf8_head_bytes(const char *s, size_t len, size_t cols)
{
	size_t i = 0;
	for (size_t c = 0; i < len && c < cols; c++)
		for (i++; i < len && ((unsigned char)s[i] & 0xC0) == 0x80; i++)
			;
	return i;
}

static size_t utf8_tail_bytes(const char *s, size_t len, size_t cols)
{
	size_t i = len;
	for (size_t c = 0; i > 0 && c < cols; c++)
		while (i > 0 && ((unsigned char)s[--i] & 0xC0) == 0x80)
			;
	return len - i;
}

/* Where the function's own name starts: at the last "::" or "." outside (), <>
 * and [] ("ns::f(std::string)" keeps "::f(std::string)"), or at the last '/'
 * of a path ("/usr/lib/libc.so.6" keeps "/libc.so.6"). */
static const char *last_segment(const char *name, size_t len)
{
	const char *seg = NULL, *slash = NULL;
	int depth = 0;
	for (const char *q = name; q < name + len; q++) {
		if (*q == '(' || *q == '<' || *q == '[')
			depth++;
		else if ((*q == ')' || *q == '>' || *q == ']') && depth > 0)
			depth--;
		else if (depth == 0 && *q == '/')
			slash = q;
		else if (depth == 0 && ((q[0] == ':' && q + 1 < name + len && q[1] == ':') || *q == '.'))
			seg = q;
	}
	return slash ? slash : seg ? seg : name + len;
}

/* Prints the LEN bytes of NAME in at most COLS columns: its start, an ellipsis
 * and its end. The end is the last "::", "." or "/" segment (the function's
 * own name) when that takes at most two thirds of the room, else the last third. */
static void print_cut(FILE *out, const char *name, size_t len, size_t cols)
{
	if (utf8_columns(name, len) <= cols) {
		fprintf(out, "%.*s", (int)len, name);
		return;
	}
	const char *seg = last_segment(name, len);
	size_t tail = (size_t)(name + len - seg);
	if (tail == 0 || utf8_columns(seg, tail) > cols * 2 / 3)
		tail = utf8_tail_bytes(name, len, (cols - 1) / 3);
	size_t head = utf8_head_bytes(name, len, cols - 1 - utf8_columns(name + len - tail, tail));
	fprintf(out, "%.*s\u2026%.*s", (int)head, name, (int)tail, name + len - tail);
}

/* Prints NAME in at most COLS columns. A chain of frames ("f (a.c:3) <- g (b.c:9)")
 * is cut between frames, or inside the first one, so no location ever ends up
 * next to another frame's name. */
static void print_shortened(FILE *out, const char *name, size_t cols)
{
	size_t len = strlen(name);
	const char *arrow = strstr(name, " <- ");
	if (arrow == NULL || utf8_columns(name, len) <= cols) {
		print_cut(out, name, len, cols);
		return;
	}
	const char *end = arrow;
	for (const char *next; (next = strstr(end + 4, " <- ")) != NULL &&
			       utf8_columns(name, (size_t)(next - name)) + 5 <= cols;)
		end = next;
	print_cut(out, name, (size_t)(end - name), cols - 5);
	fputs(" <- \u2026", out);
}

/* S as a terminal may show it: names, paths and headers come from the input, so
 * control characters and bytes that are not UTF-8 are written as \xNN (text.h).
 * *COPY owns the escaped text when one was needed. */
static const char *shown(const char *s, char **copy)
{
	size_t len = strlen(s);
	*copy = text_needs_escape(s, len) ? text_escape(s, len) : NULL;
	return *copy ? *copy : s;
}

static void print_table(FILE *out, const struct report_table *t, const struct report_style *st)
{
	char *copy;
	fprintf(out, "\n%s=== %s ===%s\n", SGR(st, "1"), shown(t->title, &copy), SGR(st, "0"));
	free(copy);
	if (t->note) {
		fprintf(out, "%s\n", shown(t->note, &copy));
		free(copy);
	}
	if (t->rows.len == 0) {
		fprintf(out, "  (nothing to show)\n");
		return;
	}
	int width[REPORT_MAX_COLS];
	char buf[64];
	for (size_t c = 0; c < t->col_count; c++) {
		width[c] = (int)strlen(t->cols[c].header);
		for (size_t i = 0; i < t->rows.len; i++) {
			report_format_value(buf, sizeof(buf), t->rows.items[i].values[c], t->cols[c].unit);
			if ((int)strlen(buf) > width[c])
				width[c] = (int)strlen(buf);
		}
	}
	for (size_t c = 0; c < t->col_count; c++) {
		if (t->cols[c].total)
			fprintf(out, "%s%7s%%", c ? "  " : " ", t->cols[c].header);
		fprintf(out, "  %*s", width[c], t->cols[c].header);
	}
	fprintf(out, "  %s\n", t->key_header);
	size_t prefix = 0; /* columns before the name */
	for (size_t c = 0; c < t->col_count; c++)
		prefix += (t->cols[c].total ? (c ? 10 : 9) : 0) + 2 + (size_t)width[c];
	prefix += 2;
	for (size_t i = 0; i < t->rows.len; i++) {
		const struct report_row *row = &t->rows.items[i];
		char *name_copy, *detail_copy = NULL;
		const char *name = shown(row->name, &name_copy);
		const char *detail = row->detail ? shown(row->detail, &detail_copy) : NULL;
		for (size_t c = 0; c < t->col_count; c++) {
			if (t->cols[c].total) {
				double pct = percent(row->values[c], t->cols[c].total);
				fprintf(out, "%s%s%7.2f%%%s", c ? "  " : " ", grade(st, pct), pct,
					*grade(st, pct) ? SGR(st, "0") : "");
			}
			report_format_value(buf, sizeof(buf), row->values[c], t->cols[c].unit);
			fprintf(out, "  %*s", width[c], buf);
		}
		bool owned = row->flags & REPORT_ROW_OWNED;
		fprintf(out, "  %s", owned ? SGR(st, "1;36") : "");
		size_t name_cols = utf8_columns(name, strlen(name));
		size_t detail_cols = detail ? 2 + utf8_columns(detail, strlen(detail)) : 0;
		bool fits = st->width <= 0 || prefix + name_cols + detail_cols <= (size_t)st->width;
		if (fits || prefix + 16 >= (size_t)st->width || name_cols <= (size_t)st->width - prefix)
			fputs(name, out);
		else
			print_shortened(out, name, (size_t)st->width - prefix);
		fputs(owned ? SGR(st, "0") : "", out);
		if (detail && fits)
			fprintf(out, "  %s%s%s", SGR(st, "2"), detail, SGR(st, "0"));
		fputc('\n', out);
		free(name_copy);
		free(detail_copy);
	}
	if (t->rows_cut)
		fprintf(out, "  ... %zu more row%s (raise --top to see them)\n", t->rows_cut,
			t->rows_cut == 1 ? "" : "s");
}

int report_print_text(FILE *out, const struct report *r)
{
	static const struct report_style plain = {0};
	return report_print_text_styled(out, r, &plain);
}

int report_print_text_styled(FILE *out, const struct report *r, const struct report_style *st)
{
	int keyw = 0;
	char *copy, *key_copy;
	for (size_t i = 0; i < r->header.len; i++)
		if ((int)strlen(r->header.items[i].key) > keyw)
			keyw = (int)strlen(r->header.items[i].key);
	for (size_t i = 0; i < r->header.len; i++) {
		const char *key = shown(r->header.items[i].key, &key_copy);
		fprintf(out, "%s:%*s  %s\n", key, keyw - (int)strlen(r->header.items[i].key), "",
			shown(r->header.items[i].value, &copy));
		free(key_copy);
		free(copy);
	}
	for (size_t i = 0; i < r->warnings.len; i++) {
		fprintf(out, "%swarning:%s %s\n", SGR(st, "1;33"), SGR(st, "0"), shown(r->warnings.items[i], &copy));
		free(copy);
	}
	for (size_t i = 0; i < r->tables.len; i++)
		print_table(out, r->tables.items[i], st);
	return ferror(out) ? -1 : 0;
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

int report_print_json(FILE *out, const struct report *r)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "profan_version", PROFAN_VERSION);
	cJSON *header = cJSON_AddObjectToObject(root, "header");
	for (size_t i = 0; i < r->header.len; i++)
		cJSON_AddItemToObject(header, r->header.items[i].key, json_text(r->header.items[i].value));
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
			cJSON_AddStringToObject(col, "name", t->cols[c].header);
			cJSON_AddStringToObject(col, "unit", unit_id(t->cols[c].unit));
			/* no total: the column shows no percentages */
			cJSON_AddItemToObject(col, "total", t->cols[c].total ? json_int(t->cols[c].total) : cJSON_CreateNull());
			cJSON_AddItemToArray(cols, col);
		}
		cJSON *rows = cJSON_AddArrayToObject(v, "rows");
		for (size_t k = 0; k < t->rows.len; k++) {
			const struct report_row *row = &t->rows.items[k];
			cJSON *o = cJSON_CreateObject();
			/* trees: the plain name and its depth; the drawing is for the terminal */
			cJSON_AddItemToObject(o, "name", json_text(row->name + row->drawing));
			if (row->depth)
				cJSON_AddItemToObject(o, "depth", json_int(row->depth));
			if (row->detail)
				cJSON_AddItemToObject(o, "detail", json_text(row->detail));
			cJSON *vals = cJSON_AddArrayToObject(o, "values");
			cJSON *pct = cJSON_AddArrayToObject(o, "percent");
			for (size_t c = 0; c < t->col_count; c++) {
				cJSON_AddItemToArray(vals, json_int(row->values[c]));
				if (t->cols[c].total)
					cJSON_AddItemToArray(pct,
							     cJSON_CreateNumber(percent(row->values[c], t->cols[c].total)));
				else
					cJSON_AddItemToArray(pct, cJSON_CreateNull());
			}
			cJSON_AddItemToArray(rows, o);
		}
		cJSON_AddItemToObject(v, "rows_cut", json_int((int64_t)t->rows_cut));
		if (t->note)
			cJSON_AddItemToObject(v, "note", json_text(t->note));
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
