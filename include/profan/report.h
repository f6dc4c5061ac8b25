/* report.h: what a subcommand prints, built as data and rendered as text or JSON.
 *
 * A report is a header (input, format, totals, what the numbers mean,
 * warnings) and a list of tables. A table has one or more value columns; each
 * value column has a unit and may show its share of a total. The text form is
 * "=== title ===" then rows "  12.34%   56.78 ms  name  detail"; the JSON form
 * carries the same numbers unrounded (schema in README.md). All text is
 * copied into the report, which owns it. */
#ifndef PROFAN_REPORT_H
#define PROFAN_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "profan/profile.h"
#include "profan/strmap.h"
#include "profan/views.h"

#define REPORT_MAX_COLS 4

struct report_col {
	const char *header; /* "Self", "Total", "Bytes" */
	enum pf_unit unit;
	int64_t total;      /* the 100 % for the percent column; 0 hides the percent */
};

enum report_row_flags {
	REPORT_ROW_OWNED = 1 << 0, /* the user's own code: highlighted in color output */
};

struct report_row {
	const char *name;
	const char *detail; /* file:line, library; may be NULL */
	int64_t values[REPORT_MAX_COLS];
	uint32_t flags;     /* enum report_row_flags */
	uint32_t depth;     /* call-tree rows: 1 at the top level; 0 in flat tables */
	uint32_t drawing;   /* call-tree rows: bytes of box drawing in front of the name (not in --json) */
};

struct report_table {
	const char *id;      /* JSON id: "top_self" */
	const char *title;
	const char *key_header; /* "Function", "Library", "Site" */
	size_t col_count;
	struct report_col cols[REPORT_MAX_COLS];
	VEC(struct report_row) rows;
	size_t rows_cut;     /* rows left out by --top */
	const char *note;    /* one line under the title, or NULL */
};

struct report {
	struct arena arena;
	VEC(struct pf_info) header;
	VEC(const char *) warnings;
	VEC(struct report_table *) tables;
};

void report_init(struct report *r);
void report_release(struct report *r);
const char *report_strdup(struct report *r, const char *s);
const char *report_printf(struct report *r, const char *fmt, ...) PF_PRINTF(2, 3);
void report_header(struct report *r, const char *key, const char *fmt, ...) PF_PRINTF(3, 4);
void report_warning(struct report *r, const char *fmt, ...) PF_PRINTF(2, 3);
/* Header lines and warnings the loader put in the profile. */
void report_header_from_profile(struct report *r, const struct profile *p);

struct report_table *report_add_table(struct report *r, const char *id, const char *title,
				      const char *key_header);
/* Adds a value column; returns its index. */
size_t report_table_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total);
struct report_row *report_table_row(struct report *r, struct report_table *t, const char *name,
				    const char *detail);
/* Sorts rows by column 0 descending, then by name, and keeps the first TOP
 * (0 keeps all), counting the rest in rows_cut. */
void report_table_finish(struct report_table *t, size_t top);

/* Fills a one-column table from view rows, naming keys with NAME_OF. With
 * report_func_name as NAME_OF, rows of owned functions get REPORT_ROW_OWNED. */
typedef const char *(*report_name_fn)(const void *ctx, uint32_t key, const char **detail);
void report_table_from_rows(struct report *r, struct report_table *t, const struct pf_rows *rows,
			    report_name_fn name_of, const void *ctx);

/* Display name and detail ("file:line  [lib]") of a function or library, for tables
 * keyed by them. The returned text lives in a static buffer until the next call. */
const char *report_func_name(const void *profile, uint32_t func, const char **detail);
const char *report_lib_name(const void *profile, uint32_t lib, const char **detail);

/* How text output looks on a terminal: ANSI color, and a width to shorten
 * long names to (in the middle, keeping the last path segment). */
struct report_style {
	bool color;
	int width; /* 0: never shorten (pipes and files) */
};

/* Renderers. Both return 0, or -1 if writing failed (the caller reports it). */
int report_print_text(FILE *out, const struct report *r);
int report_print_text_styled(FILE *out, const struct report *r, const struct report_style *style);
int report_print_json(FILE *out, const struct report *r);

/* Formats V in UNIT for a person: "123.46 ms", "1.50 MiB", "42". */
void report_format_value(char *buf, size_t cap, int64_t v, enum pf_unit unit);

#endif
