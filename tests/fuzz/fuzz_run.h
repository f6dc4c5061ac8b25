/* fuzz_run.h: runs the whole analysis a subcommand runs (driver.h: loader,
 * symbolication, transforms, views, trees, exports, both renderers) on the
 * fuzz input held in memory, with one of a few option sets, so the views,
 * trees, exports and renderers see every hostile-but-valid model a loader
 * accepts. No argv: the same struct profan_opts the command line fills. Then
 * what a person would see is checked (fuzz_diag_*, fuzz_check_output): the
 * diagnostics are one line each, exactly one error when the run fails and none
 * when it succeeds, never an internal error; the report, the folded stacks and
 * the SVG hold strict UTF-8 and no control character (C0 but the layout's, DEL,
 * C1), whatever the names; no total is negative. Header-only:
 * tests/fuzz/CMakeLists.txt builds each fuzz_*.c on its own. */
#ifndef PROFAN_FUZZ_RUN_H
#define PROFAN_FUZZ_RUN_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem, memrchr, open_memstream */
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profan/diag.h"
#include "profan/driver.h"
#include "profan/profile.h"
#include "profan/render.h"
#include "profan/text.h"
#include "base/diag_test.h"
#include "base/text_test.h"

/* Reports what broke the rule, with the text it found, and aborts. */
static inline void fuzz_broken(const char *rule, const char *text, size_t len)
{
	fprintf(stderr, "fuzz: %s:\n%.*s\n", rule, (int)(len > 2000 ? 2000 : len), text);
	abort();
}

/* A bidirectional control (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C) at S, N bytes. */
static inline bool fuzz_bidi(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	if (n == 2)
		return s[0] == 0xd8 && s[1] == 0x9c;
	return n == 3 && s[0] == 0xe2 &&
	       ((s[1] == 0x80 && ((s[2] >= 0xaa && s[2] <= 0xae) || s[2] == 0x8e || s[2] == 0x8f)) ||
		(s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9));
}

/* Strict UTF-8 without a control character (C0 and DEL, and C1 and the bidirectional ones when
 * C1) but those in ALLOWED.
 * C1 matters on a terminal (U+009B can act as ESC [); in an export file it is a character. */
static inline bool fuzz_text_ok(const char *s, size_t len, const char *allowed, bool c1)
{
	for (size_t i = 0, n; i < len; i += n) {
		unsigned char c = (unsigned char)s[i];
		n = text_utf8_len(s + i, len - i);
		if (n == 0 || (n == 1 && (c < 0x20 || c == 0x7f) && (c == 0 || !strchr(allowed, c))) ||
		    (c1 && n == 2 && c == 0xc2 && (unsigned char)s[i + 1] < 0xa0) || (c1 && fuzz_bidi(s + i, n)))
			return false;
	}
	return true;
}

/* Text for a terminal: fuzz_text_ok() with C1 forbidden. */
static inline bool fuzz_text_safe(const char *s, size_t len, const char *allowed)
{
	return fuzz_text_ok(s, len, allowed, true);
}

/* Diagnostics go to memory between fuzz_diag_begin() and fuzz_diag_end(). */
static char *fuzz_diag_buf;
static size_t fuzz_diag_len;
static FILE *fuzz_diag_file;

static inline void fuzz_diag_begin(void)
{
	fuzz_diag_file = open_memstream(&fuzz_diag_buf, &fuzz_diag_len);
	if (fuzz_diag_file == NULL)
		abort();
	pf_set_output(fuzz_diag_file);
}

/* Checks the lines printed since fuzz_diag_begin(): each one "profan: ..." line,
 * safe for a terminal, no internal error, and exactly one error line (a line
 * that is not a warning) when FAILED, none otherwise. */
static inline void fuzz_diag_end(bool failed)
{
	pf_set_output(NULL);
	fclose(fuzz_diag_file);
	const char *b = fuzz_diag_buf;
	size_t errors = 0;
	for (const char *line = b; line < b + fuzz_diag_len;) {
		const char *nl = memchr(line, '\n', (size_t)(b + fuzz_diag_len - line));
		size_t len = nl ? (size_t)(nl - line) : (size_t)(b + fuzz_diag_len - line);
		if (nl == NULL || len < 8 || memcmp(line, "profan: ", 8) != 0)
			fuzz_broken("a diagnostic that is not one 'profan: ' line", b, fuzz_diag_len);
		if (!fuzz_text_safe(line, len, ""))
			fuzz_broken("a control character or bad UTF-8 in a diagnostic", line, len);
		if (len >= 22 && memcmp(line, "profan: internal error", 22) == 0) /* not a key saying so */
			fuzz_broken("an internal error", line, len);
		errors += len < 17 || memcmp(line, "profan: warning: ", 17) != 0;
		line = nl + 1;
	}
	if (errors != (failed ? 1u : 0u))
		fuzz_broken(failed ? "a failure without exactly one error line" : "an error line, yet success", b,
			    fuzz_diag_len);
	free(fuzz_diag_buf);
	fuzz_diag_buf = NULL;
}

/* A loaded profile keeps profile.h's promise: values >= 0, each metric's sum in int64. */
static inline void fuzz_check_sums(const struct profile *p)
{
	int64_t sum;
	for (size_t m = 0; m < p->metric_count; m++)
		if (!profile_metric_sum(p, m, &sum))
			fuzz_broken("a metric with a negative value or a sum past 2^63 - 1", p->metrics[m].name,
				    strlen(p->metrics[m].name));
}

/* Temporary files for the report and the exports, made once per process. */
enum { FUZZ_OUT_REPORT, FUZZ_OUT_FOLDED, FUZZ_OUT_SVG, FUZZ_OUTS };
static char fuzz_out_path[FUZZ_OUTS][64];

static inline void fuzz_out_unlink(void)
{
	for (int i = 0; i < FUZZ_OUTS; i++)
		unlink(fuzz_out_path[i]);
}

static inline const char *fuzz_out(int which)
{
	if (fuzz_out_path[which][0] == '\0') {
		snprintf(fuzz_out_path[which], sizeof(fuzz_out_path[which]), "/tmp/profan-fuzz-XXXXXX");
		int fd = mkstemp(fuzz_out_path[which]);
		if (fd < 0)
			abort();
		close(fd);
		static bool registered;
		if (!registered)
			registered = atexit(fuzz_out_unlink) == 0;
	}
	return fuzz_out_path[which];
}

/* The file WHICH as written: checked as what it is (a text or JSON report,
 * folded stacks, an SVG flame graph). */
static inline void fuzz_check_output(int which)
{
	FILE *f = fopen(fuzz_out(which), "rb");
	if (f == NULL)
		abort();
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	do {
		if (len == cap)
			buf = realloc(buf, cap = cap ? cap * 2 : 65536);
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	bool json = len > 0 && buf[0] == '{', report = which == FUZZ_OUT_REPORT;
	if (!fuzz_text_ok(buf, len, report && !json ? "\n" : which == FUZZ_OUT_FOLDED ? "\n" : "\n\t", report))
		fuzz_broken("a control character or bad UTF-8 in an output", buf, len);
	if (which == FUZZ_OUT_REPORT) { /* the headline total, and every column total */
		const char *t = json ? NULL : memmem(buf, len, "\nTotal:", 7);
		if (t != NULL) {
			const char *eol = memchr(t + 1, '\n', (size_t)(buf + len - t - 1));
			for (const char *q = t; q + 1 < (eol ? eol : buf + len); q++)
				if (q[0] == '-' && q[1] >= '0' && q[1] <= '9')
					fuzz_broken("a negative total", t, (size_t)((eol ? eol : buf + len) - t));
		}
		if (json && memmem(buf, len, "\"total\":\t-", 10) != NULL)
			fuzz_broken("a negative column total", buf, len);
	}
	if (which == FUZZ_OUT_FOLDED) /* "stack COUNT [COUNT]" per line: a name cannot add a line */
		for (const char *line = buf; line < buf + len;) {
			const char *nl = memchr(line, '\n', (size_t)(buf + len - line));
			const char *sp = nl ? memrchr(line, ' ', (size_t)(nl - line)) : NULL;
			if (nl == NULL || sp == NULL || sp + 1 == nl || strspn(sp + 1, "-0123456789") < (size_t)(nl - sp - 1))
				fuzz_broken("a folded line that is not 'stack COUNT'", line, (size_t)(buf + len - line));
			line = nl + 1;
		}
	free(buf);
}

/* Filters, trees and exports, one set per run. */
#define FUZZ_PIPELINE_VARIANTS 7
#define FUZZ_DIFF_VARIANTS 4 /* the first ones: `profan diff` takes no trees, --pprof or --per-file */

static inline void fuzz_step(struct profan_opts *o, enum transform_kind kind, const char *pattern,
			     enum transform_by by)
{
	o->steps[o->step_count++] = (struct transform_step){kind, pattern, by};
}

/* Adds option set VARIANT to O; *TWICE: run the input as two merged files; *EXPORTS:
 * the folded stacks and the SVG go to files that are checked afterwards. */
static inline void fuzz_pipeline(struct profan_opts *o, size_t variant, bool *twice, bool *exports)
{
	*twice = *exports = false;
	switch (variant % FUZZ_PIPELINE_VARIANTS) {
	case 1:
		fuzz_step(o, TRANSFORM_FOCUS, "0x|a", 0);
		fuzz_step(o, TRANSFORM_HIDE, "1", 0);
		fuzz_step(o, TRANSFORM_BY, NULL, TRANSFORM_BY_LIB);
		break;
	case 2:
		fuzz_step(o, TRANSFORM_ROOT_AT, "a", 0);
		fuzz_step(o, TRANSFORM_COLLAPSE_RECURSION, NULL, 0);
		fuzz_step(o, TRANSFORM_BY, NULL, TRANSFORM_BY_LINE);
		break;
	case 3:
		o->folded = fuzz_out(FUZZ_OUT_FOLDED);
		o->flamegraph = fuzz_out(FUZZ_OUT_SVG);
		*exports = true;
		fuzz_step(o, TRANSFORM_IGNORE, "z", 0);
		fuzz_step(o, TRANSFORM_BY, NULL, TRANSFORM_BY_FILE);
		break;
	case 4:
		o->tree = o->inverted = true;
		o->tree_threshold = 0;
		o->callers = ".";
		o->callees = "0x";
		o->annotate.pattern = "."; /* source paths from the input: only regular text files are read */
		o->annotate.functions = 3;
		break;
	case 5:
		o->per_file = o->tree = true;
		o->pprof = "/dev/null";
		*twice = true;
		break;
	case 6:
		o->tree = o->inverted = true;
		fuzz_step(o, TRANSFORM_COLLAPSE_RECURSION, NULL, 0);
		fuzz_step(o, TRANSFORM_HIDE, "^[a-f]", 0);
		break;
	default: break;
	}
}

/* Renders R as text (top TOP, width WIDTH, in color or not) and as JSON into the
 * report file, each checked in turn. */
static inline void fuzz_render(const struct report *r, size_t top, int width)
{
	struct render_opts ro = {.top = top, .color = width % 2, .width = width};
	for (int json = 0; json < 2; json++) {
		FILE *f = fopen(fuzz_out(FUZZ_OUT_REPORT), "wb");
		if (f == NULL)
			abort();
		if ((json ? render_json(f, r, &ro) : render_text(f, r, &ro)) < 0)
			abort();
		fclose(f);
		if (!ro.color) /* the check forbids the escape sequences colour adds */
			fuzz_check_output(FUZZ_OUT_REPORT);
	}
}

/* Runs FORMAT's analysis (diff against itself when DIFF) on DATA with O plus
 * pipeline option set VARIANT, checks its diagnostics, report and exports (see
 * the top of this file), and returns the exit code; aborts when it is above
 * MAX_RC: 1 normally, 2 where a usage error can depend on the input (a dhat
 * metric the file's mode lacks). */
static inline int fuzz_run(const char *format, const uint8_t *data, size_t size, struct profan_opts *o,
			   size_t variant, int max_rc, bool diff)
{
	bool twice, exports;
	fuzz_pipeline(o, diff ? variant % FUZZ_DIFF_VARIANTS : variant, &twice, &exports);
	struct driver_input in[2] = {{"fuzz", (const char *)data, size}, {"fuzz2", (const char *)data, size}};
	struct report r;
	report_init(&r);
	/* warnings too: they are checked, and go to memory, not to the fuzzer's log */
	pf_set_quiet(false);
	fuzz_diag_begin();
	int rc = diff ? driver_diff(format_find(format), o, &in[0], 1, &in[1], 1, &r)
		      : driver_run(format_find(format), o, in, twice ? 2 : 1, &r);
	fuzz_diag_end(rc != 0);
	pf_set_quiet(true);
	if (rc < 0 || rc > max_rc)
		abort();
	if (rc == PF_EXIT_OK) {
		fuzz_render(&r, variant % 3 == 0 ? 0 : 2, (int)(variant % 5) * 20);
		if (exports) {
			fuzz_check_output(FUZZ_OUT_FOLDED);
			fuzz_check_output(FUZZ_OUT_SVG);
		}
	}
	report_release(&r);
	return rc;
}

#endif
