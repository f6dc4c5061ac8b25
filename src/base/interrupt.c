/* interrupt.c: SIGINT/SIGTERM erase the progress line and remove temporary files,
 * then the process dies of the signal; out of memory does the same and exits 1
 * (see interrupt.h). */
#include "profan/interrupt.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

enum { MAX_TEMPS = 8 }; /* the report and three exports are open at most, one at a time */

static volatile sig_atomic_t line_shown;
static const char *volatile temps[MAX_TEMPS];
static bool installed;

/* Only async-signal-safe calls: this runs in a signal handler, or on any thread. */
static void undo(void)
{
	if (line_shown) {
		static const char erase[] = "\r\033[K";
		ssize_t n = write(STDERR_FILENO, erase, sizeof(erase) - 1);
		(void)n;
	}
	for (size_t i = 0; i < MAX_TEMPS; i++)
		if (temps[i] != NULL)
			unlink(temps[i]);
}

static void on_signal(int sig)
{
	undo();
	signal(sig, SIG_DFL);
	raise(sig);
}

void interrupt_fatal(const char *line)
{
	undo();
	size_t len = strlen(line);
	ssize_t n = write(STDERR_FILENO, line, len);
	(void)n;
	_exit(1); /* no atexit handlers, no stdio flush: safe from any thread, with the heap in any state */
}

static void install(void)
{
	if (installed)
		return;
	installed = true;
	struct sigaction sa = {.sa_handler = on_signal}, old;
	sigemptyset(&sa.sa_mask);
	const int sigs[] = {SIGINT, SIGTERM};
	for (size_t i = 0; i < sizeof(sigs) / sizeof(*sigs); i++) /* an ignored signal stays so */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

void interrupt_line_shown(bool shown)
{
	install();
	line_shown = shown;
}

void interrupt_unlink_on_signal(const char *path)
{
	install();
	for (size_t i = 0; i < MAX_TEMPS; i++)
		if (temps[i] == NULL) {
			temps[i] = path;
			return;
		}
}

void interrupt_forget(const char *path)
{
	for (size_t i = 0; i < MAX_TEMPS; i++)
		if (temps[i] == path)
			temps[i] = NULL;
}
