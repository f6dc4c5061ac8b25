/* report.c: the report model (report.h): header lines, warnings and tables
 * that an analysis fills and the renderers (src/output/) print. */
#include "profan/report.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"
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
	vec_free(&r->figures);
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

/* S, or its start and end around "…" when it is longer than a diagnostic may be: a header
 * or warning quoting a name from the input stays as bounded as the names in the tables. */
static const char *capped(struct report *r, const char *s)
{
	size_t len = s ? strlen(s) : 0;
	if (len <= DIAG_MAX_BYTES)
		return s;
	char *cut = text_shorten(s, len, DIAG_MAX_BYTES);
	const char *kept = report_strdup(r, cut);
	free(cut);
	return kept;
}

void report_header(struct report *r, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct pf_info in = {.key = report_strdup(r, key), .value = capped(r, arena_vprintf(&r->arena, fmt, ap))};
	va_end(ap);
	vec_push(&r->header, in);
}

void report_figure(struct report *r, const char *key, const char *name, int64_t value, enum pf_unit unit)
{
	struct pf_figure f = {.key = report_strdup(r, key), .name = report_strdup(r, name), .value = value,
			      .unit = unit};
	vec_push(&r->figures, f);
}

void report_warning(struct report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *s = capped(r, arena_vprintf(&r->arena, fmt, ap));
	va_end(ap);
	vec_push(&r->warnings, s);
	pf_warn("%s", s);
}

void report_keep_warning(struct report *r, const char *text)
{
	vec_push(&r->warnings, capped(r, report_strdup(r, text)));
}

void report_header_from_profile(struct report *r, const struct profile *p)
{
	for (size_t i = 0; i < p->info.len; i++)
		report_header(r, p->info.items[i].key, "%s", p->info.items[i].value);
	for (size_t i = 0; i < p->figures.len; i++) {
		const struct pf_figure *f = &p->figures.items[i];
		report_figure(r, f->key, f->name, f->value, f->unit);
	}
	for (size_t i = 0; i < p->warnings.len; i++)
		report_keep_warning(r, p->warnings.items[i]);
}

struct report_table *report_add_table(struct report *r, const char *id, const char *title,
				      const char *key_header)
{
	struct report_table *t = arena_alloc(&r->arena, sizeof(*t));
	t->owner = r;
	t->id = report_strdup(r, id);
	t->title = report_strdup(r, title);
	t->key_header = report_strdup(r, key_header);
	vec_push(&r->tables, t);
	return t;
}

static size_t add_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total, bool share)
{
	if (t->col_count == REPORT_MAX_COLS || t->rows.len > 0) {
		fprintf(stderr, "profan: internal error: %s\n",
			t->rows.len ? "a column added after rows" : "too many columns");
		abort();
	}
	t->cols[t->col_count] = (struct report_col){.header = report_strdup(t->owner, header), .unit = unit,
						    .total = total,
						    .share = share};
	return t->col_count++;
}

size_t report_table_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total)
{
	return add_col(t, header, unit, total, total != 0);
}

size_t report_table_share_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total)
{
	return add_col(t, header, unit, total, true);
}

struct report_row *report_table_row(struct report *r, struct report_table *t, const char *name,
				    const char *detail)
{
	struct report_row row = {.name = capped(r, report_strdup(r, name)), .detail = capped(r, report_strdup(r, detail))};
	row.values = arena_alloc(&r->arena, (t->col_count ? t->col_count : 1) * sizeof(*row.values));
	vec_push(&t->rows, row);
	return &t->rows.items[t->rows.len - 1];
}

void report_table_listing(struct report *r, struct report_table *t, const char *name, const char *detail,
			  const int64_t *values)
{
	t->listing = true;
	t->subject = (struct report_row){.name = report_strdup(r, name), .detail = report_strdup(r, detail)};
	/* rows hold one value per column of their table: so does the subject */
	t->subject.values = arena_alloc(&r->arena, (t->col_count ? t->col_count : 1) * sizeof(int64_t));
	for (size_t c = 0; c < t->col_count; c++)
		t->subject.values[c] = values[c];
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

void report_table_finish(struct report_table *t)
{
	if (t->rows.len > 1)
		qsort(t->rows.items, t->rows.len, sizeof(*t->rows.items), row_cmp);
	t->ranked = true;
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
	const char *lib = f->lib != PF_NONE ? profile_lib_label(p, f->lib) : "";
	int n = 0;
	buf[0] = '\0';
	/* %.*s: snprintf would measure all of a 4 MiB name only to cut it at 1 KiB */
	int file_len = (int)strnlen(file, sizeof(buf)), lib_len = (int)strnlen(lib, sizeof(buf));
	if (*file && strcmp(file, profile_str(p, f->name)) != 0) { /* --by file: the name is the file */
		/* a column tells apart the functions of a minified script, all on line 1 */
		if (f->line && f->column)
			n = snprintf(buf, sizeof(buf), "%.*s:%u:%u", file_len, file, f->line, f->column);
		else if (f->line)
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
	return profile_lib_label(p, lib);
}

void report_group_digits(char *out, int64_t v)
{
	char digits[24]; /* INT64_MIN: 20 characters; grouped: 26 */
	snprintf(digits, sizeof(digits), "%" PRId64, v);
	size_t n = strlen(digits), k = 0, lead = digits[0] == '-';
	for (size_t i = 0; i < n; i++) {
		if (i > lead && (n - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = digits[i];
	}
	out[k] = '\0';
}

/* A time in the unit a person reads it in, as perf and pprof scale theirs:
 * "613.88 ms", "6.59 s", "1.83 min"... not "6594125.25 ms" (JSON keeps the raw number). */
static void format_ms(char *buf, size_t cap, double ms)
{
	double a = ms < 0 ? -ms : ms;
	if (a < 999.995) /* what "%.2f" would print as 1000.00 ms is 1.00 s */
		snprintf(buf, cap, "%.2f ms", ms);
	else if (a < 59995) /* and 59.995 s is 1.00 min */
		snprintf(buf, cap, "%.2f s", ms / 1e3);
	else if (a < 3599700)
		snprintf(buf, cap, "%.2f min", ms / 60e3);
	else
		snprintf(buf, cap, "%.2f h", ms / 3600e3);
}

void report_format_value(char *buf, size_t cap, int64_t v, enum pf_unit unit)
{
	switch (unit) {
	case PF_UNIT_MICROSECONDS:
		format_ms(buf, cap, (double)v / 1e3);
		break;
	case PF_UNIT_NANOSECONDS:
		format_ms(buf, cap, (double)v / 1e6);
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
	case PF_UNIT_PVALUE:
		/* three decimals as tables of p print them; smaller ones in scientific notation */
		snprintf(buf, cap, v >= 1000000 ? "%.3f" : "%.1e", (double)v / 1e9);
		break;
	case PF_UNIT_COUNT:
	default:
		snprintf(buf, cap, "%" PRId64, v);
		break;
	}
}

