/* progress.c: the "reading prof.json: 120/480 MB (25%)" line on a terminal's stderr. */
#include "profan/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "profan/interrupt.h"
#include "profan/text.h"
#include "interrupt_int.h"
#include "progress_int.h"

static bool enabled;
static bool shown;
static bool seen; /* the line has appeared in this run: later phases show from their start */
static double delay = 0.5; /* seconds of a phase before the line appears */
static char phase[128];
static uint64_t total;
static bool in_bytes;
static double started, last_drawn;

static size_t utf8_columns(const char *s)
{
	size_t cols = 0;
	for (; *s; s++)
		cols += ((unsigned char)*s & 0xC0) != 0x80;
	return cols;
}

/* S after its first COLS columns. */
static const char *utf8_skip(const char *s, size_t cols)
{
	for (size_t c = 0; *s && c < cols; c++)
		for (s++; ((unsigned char)*s & 0xC0) == 0x80; s++)
			;
	return s;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_enable(bool on)
{
	enabled = on;
	if (on) /* Ctrl-C mid-run must not leave the line on the prompt's row */
		interrupt_line_shown(false);
	/* Test knob: the pty tests make the line appear on small fixtures. */
	const char *ms = getenv("PROFAN_PROGRESS_DELAY_MS");
	if (ms != NULL && *ms >= '0' && *ms <= '9')
		delay = atof(ms) / 1e3;
}

void progress_phase(const char *what, uint64_t work, bool bytes)
{
	if (!enabled)
		return;
	/* the phase names the input file: shown escaped, like every diagnostic (text.h),
	 * and cut at a character boundary */
	size_t len = strlen(what);
	char *escaped = text_needs_escape(what, len) ? text_escape(what, len) : NULL;
	const char *src = escaped ? escaped : what;
	len = strlen(src);
	if (len >= sizeof(phase))
		for (len = sizeof(phase) - 1; len > 0 && ((unsigned char)src[len] & 0xC0) == 0x80; len--)
			;
	memcpy(phase, src, len);
	phase[len] = '\0';
	free(escaped);
	total = work;
	in_bytes = bytes;
	started = now();
	last_drawn = 0;
	if (seen) {
		started -= delay;
		progress_update(0);
	}
}

void progress_update(uint64_t done)
{
	if (!enabled || phase[0] == '\0')
		return;
	double t = now();
	if (t - started < delay || t - last_drawn < 0.1)
		return;
	last_drawn = t;
	char amount[64] = "";
	if (in_bytes && total)
		snprintf(amount, sizeof(amount), ": %.0f/%.0f MB (%.0f%%)", (double)done / 1e6, (double)total / 1e6,
			 100.0 * (double)done / (double)total);
	else if (in_bytes)
		snprintf(amount, sizeof(amount), ": %.0f MB", (double)done / 1e6);
	else if (total)
		snprintf(amount, sizeof(amount), ": %llu/%llu", (unsigned long long)done, (unsigned long long)total);
	/* A line that wraps cannot be erased by "\r, erase line", so it must fit the
	 * terminal: the phase gives way in its middle ("reading /ho…/prof.json.gz"). */
	size_t room = SIZE_MAX;
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		room = (size_t)ws.ws_col - 1;
	size_t fixed = strlen("profan: ") + utf8_columns(amount), cols = utf8_columns(phase);
	int head = (int)strlen(phase);
	const char *tail = "";
	if (fixed + cols > room) {
		if (room < fixed + 12)
			return; /* too narrow for anything useful */
		size_t keep = room - fixed - 1;
		head = (int)(utf8_skip(phase, keep / 3) - phase);
		tail = utf8_skip(phase, cols - (keep - keep / 3));
	}
	fprintf(stderr, "\r\033[Kprofan: %.*s%s%s%s", head, phase, *tail ? "\u2026" : "", tail, amount);
	fflush(stderr);
	shown = seen = true;
	interrupt_line_shown(true);
}

void progress_clear(void)
{
	if (shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		shown = false;
		interrupt_line_shown(false);
		last_drawn = 0;
	}
}

void progress_end(void)
{
	progress_clear();
	phase[0] = '\0';
}
