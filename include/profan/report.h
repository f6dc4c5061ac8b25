/* report.h: the result of an analysis, as data: what the renderers (render.h)
 * print as text or JSON.
 *
 * A report is a header (input, format, totals, what the numbers mean,
 * warnings) and a list of tables. A table has one or more value columns; each
 * value column has a unit and may show its share of a total. Rows are in the
 * order the analysis chose; --top is applied when rendering. All text is
 * copied into the report, which owns it. */
#ifndef PROFAN_REPORT_H
#define PROFAN_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "profan/profile.h"
#include "profan/strmap.h"

#define REPORT_MAX_COLS 24

struct report_col {
	const char *header; /* "Self", "Total", "Bytes" */
	/* the column's name in --json when HEADER alone would not say what it holds (a diff's
	 * "Change" of the share beside the one of the value: "Change (share)"); NULL: HEADER */
	const char *json_name;
	enum pf_unit unit;
	int64_t total;      /* the 100 % for the percent column */
	bool share;         /* the column shows its share of TOTAL (a total of 0 makes every share 0) */
	bool sign;          /* text shows '+' on positive values (changes) */
	bool hidden;        /* in --json only: a number scripts want and a person would skip */
};

enum report_row_flags {
	REPORT_ROW_OWNED = 1 << 0, /* the user's own code: highlighted in color output */
	/* listings: a file whose lines follow (name: its path as recorded; detail: what was read) */
	REPORT_ROW_FILE = 1 << 1,
	REPORT_ROW_GAP = 1 << 2,   /* listings: lines left out between two shown regions */
	/* a fold line ("… 3 more under 0.5%: 4.70 ms in all, largest 3.48 ms"): too long, it
	 * loses its clauses after the ':', never part of a number */
	REPORT_ROW_FOLD = 1 << 3,
};

struct report_row {
	const char *name;
	const char *detail; /* file:line, library; may be NULL */
	int64_t *values;    /* one per column of the table (allocated when the row is added) */
	const char *mark;   /* a short word in the table's mark column ("changed"), or NULL */
	uint32_t flags;     /* enum report_row_flags */
	uint32_t depth;     /* call-tree rows: 1 at the top level; 0 in flat tables */
	uint32_t drawing;   /* call-tree rows: bytes of box drawing in front of the name (not in --json) */
	/* Rows of a function, when the view knows whose code it is (docs/ownership.md).
	 * The text shows NAME  DETAIL  LABEL  CONTEXT; --json carries every field. */
	const char *cls;     /* "yours", "runtime", ...; NULL: not a function row */
	const char *label;   /* "[std]", "[dep hashbrown]", "[libc.so.6]"; NULL for your code */
	const char *file;    /* the whole source file (DETAIL may show it shortened), or NULL */
	/* a function row: its line in FILE; a listing row: the source line (1-based; 0: costs no
	 * line could be given for), with its text as NAME (NULL when the file was not found) */
	uint32_t line;
	uint32_t column;     /* a function row: its column in FILE (a minified script's functions), or 0 */
	const char *context; /* what else the row needs: "via memcmp", "inlined into f", callers */
	uint32_t context_count; /* how many distinct contexts there were (callers: chains), or 0 */
	/* frame chains ("malloc <- grow <- my_fn"): bytes of NAME before the frame that a
	 * shortened row keeps (the first of the user's, after allocator plumbing); 0: none */
	uint32_t keep_from;
};

struct report;

struct report_table {
	struct report *owner; /* holds every string of the table */
	const char *id;      /* JSON id: "top_self" */
	const char *title;
	const char *key_header; /* "Function", "Library", "Site" */
	size_t col_count;
	struct report_col cols[REPORT_MAX_COLS];
	VEC(struct report_row) rows;
	bool ranked;         /* a ranking: the renderer shows the first --top rows (trees show all) */
	bool hidden;         /* in --json only */
	const char *note;    /* one line under the title, or NULL */
	const char *mark_header; /* a column of words before the key ("Verdict"; in --json the
				  * rows' field of that name in lower case), or NULL for none */
	const char *empty;   /* what text says when the table has no rows; NULL: "(nothing to show)" */
	/* A source listing (--annotate): rows are lines, in file order, of the function
	 * SUBJECT (name, detail and its own figures, which the rows' values add up to). */
	bool listing;
	struct report_row subject;
};

struct report {
	struct arena arena;
	VEC(struct pf_info) header;
	VEC(struct pf_figure) figures; /* header lines' figures as numbers (--json "figures") */
	VEC(const char *) warnings;
	VEC(struct report_table *) tables;
};

void report_init(struct report *r);
void report_release(struct report *r);
const char *report_strdup(struct report *r, const char *s);
const char *report_printf(struct report *r, const char *fmt, ...) PF_PRINTF(2, 3);
void report_header(struct report *r, const char *key, const char *fmt, ...) PF_PRINTF(3, 4);
/* The figure NAME of the header line KEY as a number in UNIT: --json's "figures"
 * ({"Total": {"samples": {"value": 1034, "unit": "count"}}}); the text shows the line. */
void report_figure(struct report *r, const char *key, const char *name, int64_t value, enum pf_unit unit);
/* A warning: said on stderr now (pf_warn), once, and kept for the report (JSON's
 * "warnings"; the text report's header when it is not shown on that terminal). */
void report_warning(struct report *r, const char *fmt, ...) PF_PRINTF(2, 3);
/* Keeps a warning that was already said on stderr (profile_warn's) for the report. */
void report_keep_warning(struct report *r, const char *text);
/* Header lines and warnings the loader put in the profile (kept, not said again). */
void report_header_from_profile(struct report *r, const struct profile *p);

struct report_table *report_add_table(struct report *r, const char *id, const char *title,
				      const char *key_header);
/* Adds a value column (HEADER is copied) showing its share of TOTAL unless TOTAL is 0;
 * returns its index. Columns come before the first row, which gets one value per column. */
size_t report_table_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total);
/* The same, showing shares of TOTAL even when it is 0 (an empty profile's 100 % is 0). */
size_t report_table_share_col(struct report_table *t, const char *header, enum pf_unit unit, int64_t total);
struct report_row *report_table_row(struct report *r, struct report_table *t, const char *name,
				    const char *detail);
/* Makes T a listing of the function NAME (DETAIL) whose figures are VALUES[0..col_count). */
void report_table_listing(struct report *r, struct report_table *t, const char *name, const char *detail,
			  const int64_t *values);
/* Sorts rows by column 0 descending, then by name, and marks the table a
 * ranking (cut to --top when rendered). */
void report_table_finish(struct report_table *t);

/* Display name and detail ("file:line  [lib]") of a function or library, for tables
 * keyed by them. The returned text lives in a static buffer until the next call. */
const char *report_func_name(const void *profile, uint32_t func, const char **detail);
const char *report_lib_name(const void *profile, uint32_t lib, const char **detail);

/* Formats V in UNIT for a person: "123.46 ms", "1.50 MiB", "42". */
void report_format_value(char *buf, size_t cap, int64_t v, enum pf_unit unit);
/* V exactly with its digits grouped by commas ("-1,234,567") into OUT (at least 32 bytes). */
void report_group_digits(char *out, int64_t v);

#endif
