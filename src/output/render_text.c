/* render_text.c: a report for people: aligned columns, percentages graded by
 * color on a terminal, long names shortened in the middle to the width. */
#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/render.h"
#include "profan/text.h"

static double percent(int64_t v, int64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0;
}

#define SGR(style, code) ((style)->color ? "\033[" code "m" : "")

/* Percentages are graded so hot rows stand out: red from 10 %, yellow from 1 %. */
static const char *grade(const struct render_opts *st, double pct)
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

/* A frame chain too long for COLS: the drawing, then the frames from KEEP on (the
 * user's, after the plumbing before them), themselves shortened at the end. */
static void print_keeping(FILE *out, const char *name, size_t drawing, size_t keep, size_t cols)
{
	if (drawing == 0) /* rows that do not say: the box drawing in front ("│  ├─ ") */
		while (strncmp(name + drawing, "│", 3) == 0 || strncmp(name + drawing, "├", 3) == 0 ||
		       strncmp(name + drawing, "└", 3) == 0 || strncmp(name + drawing, "─", 3) == 0 ||
		       name[drawing] == ' ')
			drawing += name[drawing] == ' ' ? 1 : 3;
	static const char gap[] = "… <- ";
	size_t lead = utf8_columns(name, drawing) + 5;
	if (cols <= lead + 8) {
		print_shortened(out, name, cols);
		return;
	}
	fprintf(out, "%.*s%s", (int)drawing, name, gap);
	print_shortened(out, name + keep, cols - lead);
}

/* TEXT, already begun at column COL, to the end of its line: at a width (ST->width > 0), wrapped at
 * spaces, each further line indented by INDENT; a word longer than a whole line is cut where the line
 * ends. SGR ON and OFF (color) go around the whole text. */
static void print_wrapped(FILE *out, const char *text, size_t col, size_t indent, const struct render_opts *st,
			  const char *on, const char *off)
{
	size_t width = st->width > 0 ? (size_t)st->width : 0;
	fputs(on, out);
	if (width == 0 || indent + 8 >= width || col + utf8_columns(text, strlen(text)) <= width) {
		fprintf(out, "%s%s\n", text, off);
		return;
	}
	bool first = true;
	for (const char *w = text; *w;) {
		const char *end = strchr(w, ' ');
		size_t len = end ? (size_t)(end - w) : strlen(w), cols = utf8_columns(w, len);
		if (!first && col + 1 + cols > width) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!first) {
			fputc(' ', out);
			col++;
		}
		while (col + cols > width) { /* a word wider than a line: as much as fits, then the rest */
			size_t n = 0, c = 0;
			while (n < len && col + c < width) {
				n++;
				while (n < len && ((unsigned char)w[n] & 0xC0) == 0x80)
					n++;
				c++;
			}
			fprintf(out, "%.*s\n%*s", (int)n, w, (int)indent, "");
			w += n, len -= n, cols -= c, col = indent;
		}
		fprintf(out, "%.*s", (int)len, w);
		col += cols;
		first = false;
		w += len;
		if (*w == ' ')
			w++;
	}
	fprintf(out, "%s\n", off);
}

/* Rows shown of T: ranked tables are cut to the first TOP. */
static size_t shown_rows(const struct report_table *t, size_t top)
{
	return t->ranked && top > 0 && t->rows.len > top ? top : t->rows.len;
}

/* A cell: the value in its column's unit, with '+' on gains when the column is a change. */
static void format_cell(char *buf, size_t cap, const struct report_col *col, int64_t v)
{
	if (col->sign && v > 0 && cap > 1) {
		buf[0] = '+';
		report_format_value(buf + 1, cap - 1, v, col->unit);
	} else {
		report_format_value(buf, cap, v, col->unit);
	}
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

/* "=== TITLE ===", bold, wrapped to the width. */
static void print_title(FILE *out, const char *title, const struct render_opts *st)
{
	char *copy;
	char *line = xasprintf("=== %s ===", shown(title, &copy));
	fputc('\n', out);
	print_wrapped(out, line, 0, 4, st, SGR(st, "1"), SGR(st, "0"));
	free(line);
	free(copy);
}

static void print_table(FILE *out, const struct report_table *t, const struct render_opts *st)
{
	size_t nshown = shown_rows(t, st->top), cut = t->rows.len - nshown;
	char *copy;
	print_title(out, t->title, st);
	if (t->note) {
		print_wrapped(out, shown(t->note, &copy), 0, 2, st, "", "");
		free(copy);
	}
	if (t->rows.len == 0) {
		fprintf(out, "  %s\n", t->empty ? t->empty : "(nothing to show)");
		return;
	}
	int width[REPORT_MAX_COLS];
	char buf[64];
	for (size_t c = 0; c < t->col_count; c++) {
		width[c] = (int)strlen(t->cols[c].header);
		for (size_t i = 0; i < nshown; i++) {
			format_cell(buf, sizeof(buf), &t->cols[c], t->rows.items[i].values[c]);
			if ((int)strlen(buf) > width[c])
				width[c] = (int)strlen(buf);
		}
	}
	int markw = 0;
	if (t->mark_header) {
		markw = (int)utf8_columns(t->mark_header, strlen(t->mark_header));
		for (size_t i = 0; i < nshown; i++) {
			const char *m = t->rows.items[i].mark;
			if (m && (int)utf8_columns(m, strlen(m)) > markw)
				markw = (int)utf8_columns(m, strlen(m));
		}
	}
	for (size_t c = 0; c < t->col_count; c++) {
		if (t->cols[c].hidden)
			continue;
		if (t->cols[c].share)
			fprintf(out, "%s%7s%%", c ? "  " : " ", t->cols[c].header);
		fprintf(out, "  %*s", width[c], t->cols[c].header);
	}
	if (t->mark_header)
		fprintf(out, "  %-*s", markw, t->mark_header);
	fprintf(out, "  %s\n", t->key_header);
	size_t prefix = 0; /* columns before the name */
	for (size_t c = 0; c < t->col_count; c++)
		if (!t->cols[c].hidden)
			prefix += (t->cols[c].share ? (c ? 10 : 9) : 0) + 2 + (size_t)width[c];
	prefix += 2 + (t->mark_header ? 2 + (size_t)markw : 0);
	for (size_t i = 0; i < nshown; i++) {
		const struct report_row *row = &t->rows.items[i];
		char *name_copy, *detail_copy = NULL;
		const char *name = shown(row->name, &name_copy);
		const char *detail = row->detail ? shown(row->detail, &detail_copy) : NULL;
		for (size_t c = 0; c < t->col_count; c++) {
			if (t->cols[c].hidden)
				continue;
			if (t->cols[c].share) {
				double pct = percent(row->values[c], t->cols[c].total);
				fprintf(out, "%s%s%7.2f%%%s", c ? "  " : " ", grade(st, pct), pct,
					*grade(st, pct) ? SGR(st, "0") : "");
			}
			format_cell(buf, sizeof(buf), &t->cols[c], row->values[c]);
			fprintf(out, "  %*s", width[c], buf);
		}
		if (t->mark_header) {
			const char *m = row->mark ? row->mark : "";
			int pad = markw - (int)utf8_columns(m, strlen(m));
			fprintf(out, "  %s%s%s%*s", *m ? SGR(st, "1") : "", m, *m ? SGR(st, "0") : "", pad, "");
		}
		bool owned = row->flags & REPORT_ROW_OWNED;
		fprintf(out, "  %s", owned ? SGR(st, "1;36") : "");
		/* after the name: its detail, label and context, each kept only when it and those
		 * before it fit (so a cut row is a prefix of the whole one); else the name is shortened */
		char *label_copy = NULL, *context_copy = NULL;
		const char *after[3] = {detail, row->label ? shown(row->label, &label_copy) : NULL,
					row->context ? shown(row->context, &context_copy) : NULL};
		size_t cols = utf8_columns(name, strlen(name)), kept = 0;
		size_t room = st->width > 0 && (size_t)st->width > prefix ? (size_t)st->width - prefix : 0;
		const char *colon = row->flags & REPORT_ROW_FOLD ? strchr(name, ':') : NULL;
		if (st->width > 0 && prefix + cols > (size_t)st->width) {
			if (prefix + 16 >= (size_t)st->width)
				fputs(name, out);
			else if (colon != NULL) { /* numbers are never cut: the fold line keeps its count only, */
				size_t drawing = row->drawing <= (size_t)(colon - name) && name == row->name
							 ? row->drawing : 0;
				/* and loses its box drawing in front when even that is too wide */
				const char *text = name;
				if (prefix + utf8_columns(text, (size_t)(colon - text)) > (size_t)st->width)
					text += drawing;
				if (strncmp(text, "… ", 4) == 0 &&
					 prefix + utf8_columns(text, (size_t)(colon - text)) > (size_t)st->width)
					text += 4; /* "2 more under 3%" */
				fprintf(out, "%.*s", (int)(colon - text), text);
			}
			else if (row->keep_from > row->drawing && row->keep_from < strlen(row->name) &&
				 name == row->name)
				print_keeping(out, name, row->drawing, row->keep_from, room);
			else
				print_shortened(out, name, room);
		} else {
			fputs(name, out);
			for (; kept < 3; kept++) {
				if (!after[kept])
					continue;
				cols += 2 + utf8_columns(after[kept], strlen(after[kept]));
				if (st->width > 0 && prefix + cols > (size_t)st->width)
					break;
			}
		}
		fputs(owned ? SGR(st, "0") : "", out);
		for (size_t k = 0; k < kept; k++)
			if (after[k])
				fprintf(out, "  %s%s%s", k == 0 ? SGR(st, "2") : "", after[k], k == 0 ? SGR(st, "0") : "");
		fputc('\n', out);
		free(name_copy);
		free(detail_copy);
		free(label_copy);
		free(context_copy);
	}
	if (cut)
		fprintf(out, "  ... %zu more row%s (raise --top to see them)\n", cut, cut == 1 ? "" : "s");
}

/* Source text with tabs expanded to stops of 8 (the columns in front would shift
 * them otherwise) and other control bytes escaped (a source file is input too),
 * in at most COLS columns when COLS > 0. */
static void print_source(FILE *out, const char *text, size_t cols)
{
	size_t len = strlen(text), tabs = 0;
	for (const char *q = text; *q; q++)
		tabs += *q == '\t';
	char *expanded = xmalloc(len + 7 * tabs + 1), *e = expanded;
	size_t col = 0;
	for (const char *q = text; *q; q++) {
		if (*q == '\t') {
			for (size_t w = 8 - col % 8; w > 0; w--, col++)
				*e++ = ' ';
		} else {
			*e++ = *q;
			col += ((unsigned char)*q & 0xC0) != 0x80;
		}
	}
	*e = '\0';
	char *copy;
	const char *safe = shown(expanded, &copy);
	col = 0;
	for (const char *q = safe; *q; q++) {
		size_t w = ((unsigned char)*q & 0xC0) != 0x80;
		if (cols > 0 && col + w >= cols && w > 0) {
			fputs("\u2026", out);
			break;
		}
		fputc(*q, out);
		col += w;
	}
	free(copy);
	free(expanded);
}

/* A listing (--annotate): the function and its figures, then its lines like
 * pprof's list: the costs ("." for none), the line number, the source. */
static void print_listing(FILE *out, const struct report_table *t, const struct render_opts *st)
{
	char buf[64], *copy, *detail_copy = NULL;
	print_title(out, t->title, st);
	const struct report_row *f = &t->subject;
	fprintf(out, "%s%s%s%s%s%s", f->flags & REPORT_ROW_OWNED ? SGR(st, "1;36") : "", shown(f->name, &copy),
		f->flags & REPORT_ROW_OWNED ? SGR(st, "0") : "", f->detail ? "  " : "", f->detail ? SGR(st, "2") : "",
		f->detail ? shown(f->detail, &detail_copy) : "");
	fprintf(out, "%s\n", f->detail ? SGR(st, "0") : "");
	free(copy);
	free(detail_copy);
	for (size_t c = 0; c < t->col_count; c++) {
		report_format_value(buf, sizeof(buf), f->values[c], t->cols[c].unit);
		fprintf(out, "%s%s %s", c ? ", " : "", t->cols[c].header, buf);
	}
	fputc('\n', out);
	if (t->note) {
		print_wrapped(out, shown(t->note, &copy), 0, 2, st, "", "");
		free(copy);
	}
	int width[REPORT_MAX_COLS];
	int linew = 4;
	for (size_t c = 0; c < t->col_count; c++)
		width[c] = (int)strlen(t->cols[c].header);
	for (size_t i = 0; i < t->rows.len; i++) {
		const struct report_row *row = &t->rows.items[i];
		for (size_t c = 0; c < t->col_count; c++) {
			report_format_value(buf, sizeof(buf), row->values[c], t->cols[c].unit);
			if ((int)strlen(buf) > width[c])
				width[c] = (int)strlen(buf);
		}
		int n = snprintf(buf, sizeof(buf), "%u", row->line);
		linew = n > linew ? n : linew;
	}
	size_t prefix = 0;
	for (size_t c = 0; c < t->col_count; c++) {
		fprintf(out, "  %*s", width[c], t->cols[c].header);
		prefix += 2 + (size_t)width[c];
	}
	fprintf(out, "  %*s  Source\n", linew, "Line");
	prefix += 4 + (size_t)linew;
	for (size_t i = 0; i < t->rows.len; i++) {
		const struct report_row *row = &t->rows.items[i];
		if (row->flags & REPORT_ROW_FILE) {
			fprintf(out, "%*s%s%s%s", (int)prefix, "", SGR(st, "1"), shown(row->name, &copy), SGR(st, "0"));
			free(copy);
			if (row->detail) {
				fprintf(out, "  %s(%s)%s", SGR(st, "2"), shown(row->detail, &copy), SGR(st, "0"));
				free(copy);
			}
			fputc('\n', out);
			continue;
		}
		if (row->flags & REPORT_ROW_GAP) {
			fprintf(out, "%*s\u22ee\n", (int)prefix - 3, "");
			continue;
		}
		bool hot = false;
		for (size_t c = 0; c < t->col_count; c++) {
			if (row->values[c] != 0) {
				report_format_value(buf, sizeof(buf), row->values[c], t->cols[c].unit);
				hot = true;
			} else {
				snprintf(buf, sizeof(buf), ".");
			}
			fprintf(out, "  %*s", width[c], buf);
		}
		if (row->line)
			fprintf(out, "  %*u  ", linew, row->line);
		else
			fprintf(out, "  %*s  ", linew, "-");
		size_t room = st->width > 0 && (size_t)st->width > prefix + 8 ? (size_t)st->width - prefix : 0;
		fputs(hot ? SGR(st, "1") : "", out);
		print_source(out, row->name ? row->name : "", room);
		fputs(hot ? SGR(st, "0") : "", out);
		if (row->detail && (room == 0 || strlen(row->name ? row->name : "") + strlen(row->detail) + 2 < room)) {
			fprintf(out, "  %s%s%s", SGR(st, "2"), shown(row->detail, &copy), SGR(st, "0"));
			free(copy);
		}
		fputc('\n', out);
	}
}

int render_text(FILE *out, const struct report *r, const struct render_opts *st)
{
	int keyw = 0;
	for (size_t i = 0; i < r->header.len; i++)
		if ((int)strlen(r->header.items[i].key) > keyw)
			keyw = (int)strlen(r->header.items[i].key);
	char *copy, *key_copy;
	for (size_t i = 0; i < r->header.len; i++) {
		const char *key = shown(r->header.items[i].key, &key_copy);
		fprintf(out, "%s:%*s  ", key, keyw - (int)strlen(r->header.items[i].key), "");
		print_wrapped(out, shown(r->header.items[i].value, &copy), (size_t)keyw + 3, (size_t)keyw + 3, st, "", "");
		free(key_copy);
		free(copy);
	}
	for (size_t i = 0; i < r->warnings.len && !st->skip_warnings; i++) {
		fprintf(out, "%swarning:%s ", SGR(st, "1;33"), SGR(st, "0"));
		print_wrapped(out, shown(r->warnings.items[i], &copy), 9, 2, st, "", "");
		free(copy);
	}
	for (size_t i = 0; i < r->tables.len; i++) {
		if (r->tables.items[i]->hidden)
			continue;
		if (r->tables.items[i]->listing)
			print_listing(out, r->tables.items[i], st);
		else
			print_table(out, r->tables.items[i], st);
	}
	return ferror(out) ? -1 : 0;
}

