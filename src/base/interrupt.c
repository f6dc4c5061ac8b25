/* interrupt.c: SIGINT/SIGTERM erase the progress line and remove temporary files,
 * then the process dies of the signal; out of memory, and a mapped input file that
 * shrank (SIGBUS), do the same and exit 1 (see interrupt.h). */
#include "profan/interrupt.h"
#include "interrupt_int.h"

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
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

/* Mapped input files: a slot's start is 0 (free), 1 (being filled) or the mapping's address. */
enum { MAX_MAPS = 32 };
static struct {
	_Atomic uintptr_t start;
	size_t len;
	const char *line;
} maps[MAX_MAPS];

static void on_sigbus(int sig, siginfo_t *info, void *ctx)
{
	(void)ctx;
	uintptr_t at = (uintptr_t)info->si_addr;
	for (size_t i = 0; i < MAX_MAPS; i++) {
		uintptr_t start = atomic_load(&maps[i].start);
		if (start > 1 && at >= start && at - start < maps[i].len)
			interrupt_fatal(maps[i].line);
	}
	/* not a guarded file's page: the default action, when the access is made again */
	signal(sig, SIG_DFL);
}

bool interrupt_guard_mapping(const void *start, size_t len, const char *line)
{
	static atomic_flag sigbus_installed = ATOMIC_FLAG_INIT;
	if (!atomic_flag_test_and_set(&sigbus_installed)) {
		struct sigaction sa = {.sa_sigaction = on_sigbus, .sa_flags = SA_SIGINFO};
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, NULL);
	}
	for (size_t i = 0; i < MAX_MAPS; i++) {
		uintptr_t free_slot = 0;
		if (atomic_compare_exchange_strong(&maps[i].start, &free_slot, 1)) {
			maps[i].len = len;
			maps[i].line = line;
			atomic_store(&maps[i].start, (uintptr_t)start);
			return true;
		}
	}
	return false;
}

void interrupt_unguard_mapping(const void *start)
{
	for (size_t i = 0; i < MAX_MAPS; i++)
		if (atomic_load(&maps[i].start) == (uintptr_t)start) {
			atomic_store(&maps[i].start, 0);
			return;
		}
}
