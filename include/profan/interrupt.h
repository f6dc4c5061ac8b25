/* interrupt.h: what Ctrl-C or SIGTERM must undo before profan dies of it.
 *
 * A run killed mid-way must leave the terminal and the file system as they were:
 * no progress line on the prompt's row, no half-written temporary file beside an
 * -o or export target. The handler does only async-signal-safe work (write,
 * unlink), then raises the signal again with its default action, so the shell sees
 * 130 or 143 as usual. A signal the caller's environment ignores stays ignored. */
#ifndef PROFAN_INTERRUPT_H
#define PROFAN_INTERRUPT_H

#include <stdbool.h>
#include <stddef.h>

/* PATH (kept by the caller until interrupt_forget) is unlinked if a signal comes
 * first. At most a few files are open at once; beyond that the path is not kept. */
void interrupt_unlink_on_signal(const char *path);
void interrupt_forget(const char *path);
/* Out of memory: the same undoing, then LINE (a whole diagnostic, "\n" included) on
 * stderr, then _exit(1). Callable from any thread, and allocates nothing. */
_Noreturn void interrupt_fatal(const char *line);
/* A mapped input file of LEN bytes at START: if it shrinks while mapped, reading past its new
 * end raises SIGBUS, and the handler does as interrupt_fatal(LINE) (kept by the caller until
 * interrupt_unguard_mapping). false: no room to keep it (a few dozen at once); the caller
 * reads the file instead of mapping it. */
bool interrupt_guard_mapping(const void *start, size_t len, const char *line);
void interrupt_unguard_mapping(const void *start);

#endif
