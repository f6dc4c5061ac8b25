/* progress.c: the "reading prof.json: 120/480 MB (25%)" line on a terminal's stderr. */
#include "profan/progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static bool enabled, shown;
static char phase[128];
static uint64_t total;
static bool in_bytes;
static double started, last_drawn;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_enable(bool on)
{
	enabled = on;
}

void progress_phase(const char *what, uint64_t work, bool bytes)
{
	if (!enabled)
		return;
	snprintf(phase, sizeof(phase), "%s", what);
	total = work;
	in_bytes = bytes;
	started = now();
	last_drawn = 0;
	if (shown)
		progress_update(0);
}

void progress_update(uint64_t done)
{
	if (!enabled || phase[0] == '\0')
		return;
	double t = now();
	if (t - started < 0.5 || t - last_drawn < 0.1)
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
	fprintf(stderr, "\r\033[Kprofan: %s%s", phase, amount);
	fflush(stderr);
	shown = true;
}

void progress_clear(void)
{
	if (shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		shown = false;
		last_drawn = 0;
	}
}

void progress_end(void)
{
	progress_clear();
	phase[0] = '\0';
}
