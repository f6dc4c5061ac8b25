/* progress.h: one self-erasing progress line on stderr for long runs.
 *
 * Shown only when enabled (stderr is a terminal and --quiet is off; the CLI
 * decides) and only once a phase has run for half a second, so small inputs,
 * pipes, files and CI logs never see it. Once it has appeared, later phases show
 * from their start, so a long run says what it is doing throughout. Updates are
 * throttled to ~10 per second, so callers may report as often as they like.
 * PROFAN_PROGRESS_DELAY_MS overrides the half second (the terminal tests set it to 0). */
#ifndef PROFAN_PROGRESS_H
#define PROFAN_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

void progress_enable(bool on);
/* Starts a phase ("reading prof.json.gz", "symbolicating 12 libraries"); WORK
 * is the amount of work in bytes or items, 0 when unknown. */
void progress_phase(const char *what, uint64_t work, bool bytes);
void progress_update(uint64_t done);
/* Erases the line and ends the phase. */
void progress_end(void);

#endif
