/* find.h: the file of a library a profile names, looked up on the local disk and checked by
 * its build id (src/symbol/find.c); what symbolize_profile() and perf's unwinder both use. */
#ifndef PROFAN_FIND_H
#define PROFAN_FIND_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/symbolize_opts.h"

/* The directories searched for symbol files: --symbol-path, then PROFAN_SYMBOL_PATH's. */
struct symbol_dirs {
	const char **items;
	size_t len, cap;
	char *env_copy;
};
void symbol_dirs_init(struct symbol_dirs *d, const struct symbolize_opts *o);
void symbol_dirs_release(struct symbol_dirs *d);

enum symfind_result { SYMFIND_FOUND, SYMFIND_MISSING, SYMFIND_MISMATCH };

struct symfind_query {
	const char *name;        /* "libc.so.6" */
	const char *path;        /* recorded path, or NULL */
	const char *debug_name;  /* or NULL */
	const char *debug_path;  /* or NULL */
	const char *code_id;     /* lowercase hex build id, or NULL/"" */
	const char *breakpad_id; /* 33 hex chars, or NULL/"" */
	bool verbose;            /* say each path tried and what it held (pf_note) */
};

struct symfind_answer {
	enum symfind_result result;
	char *path;          /* FOUND: the file to use (malloc'd) */
	bool verified;       /* FOUND: the id was checked (false when the profile has none) */
	char *mismatch_path; /* MISMATCH: the first file whose id differed (malloc'd) */
	char *mismatch_id;   /* ...and its id (malloc'd), in the form the profile used */
};

/* Looks for the file of library Q in the recorded path, DIRS (each searched by
 * name and by build-id layout; an entry that is a file is a candidate itself, used
 * when its build id matches, or without ids when its name is the library's) and
 * /usr/lib/debug/.build-id. */
void symfind_locate(const struct symfind_query *q, const char *const *dirs, size_t ndirs,
		    struct symfind_answer *a);
void symfind_answer_release(struct symfind_answer *a);

/* Lowercase hex GNU build id of the ELF file at PATH, or NULL (malloc'd). */
char *symfind_build_id(const char *path);
/* Breakpad id of a build id given as hex (first 16 bytes, UUID byte order, age 0). */
char *symfind_breakpad_of_build_id(const char *hex);

#endif
