/* symbolize_opts.h: what symbolication is told (--symbol-path, --kallsyms, --no-inline, -v),
 * apart from symbolize.h so that the units that read it (find.c, prefetch.c) need nothing of
 * symbolize.c's. */
#ifndef PROFAN_SYMBOLIZE_OPTS_H
#define PROFAN_SYMBOLIZE_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Name of the environment variable that adds symbol directories (colon-separated). */
#define SYMBOLIZE_PATH_ENV "PROFAN_SYMBOL_PATH"

struct sym_prefetch; /* prefetch.h */

struct symbolize_opts {
	const char *const *symbol_paths; /* --symbol-path DIR, in order; searched before the env var */
	size_t symbol_path_count;
	const char *kallsyms;            /* --kallsyms FILE (a copy of /proc/kallsyms), or NULL */
	bool no_inline;                  /* --no-inline: charge the outer function, not the inlinee */
	bool no_env;                     /* ignore PROFAN_SYMBOL_PATH (tests) */
	bool verbose;                    /* -v: say every path tried per library (pf_note) */
	struct sym_prefetch *prefetch;   /* files opened ahead (prefetch.h), or NULL */
	uint64_t reopen_after;           /* bytes of units read before a file is opened again (0: the
					  * default, SYMBOLIZE_REOPEN_BYTES; tests make it small) */
};

#endif
