/* source_text.h: the program's own source files, read for listings (--annotate).
 *
 * A profile names a file as it was on the machine that built the program
 * ("/home/dev/build/src/main.rs", "/rustc/<hash>/library/core/src/ptr/mod.rs",
 * "file:///srv/app/index.js"). It is looked for, in order:
 *   1. through each --source-prefix OLD=NEW whose OLD starts the path (OLD replaced by NEW);
 *   2. at the recorded path itself, when it names a local file;
 *   3. under each --source-path DIR, by the path's tails: DIR/home/dev/build/src/main.rs,
 *      DIR/dev/build/src/main.rs, ... DIR/main.rs (the first that exists).
 * Only regular text files are read, and only under the run's source roots
 * (struct source_roots: the working directory, --source-path, --source-prefix
 * targets, the DWARF compilation directories): the profile is someone else's
 * text, and a listing of "/etc/passwd" or "~/.ssh/id_rsa" shared with a report
 * would leak the reader's own files. A file found outside them is named with
 * the option that allows it; a name that decodes to a NUL byte is refused. What
 * was tried is kept for the message when none was found. */
#ifndef PROFAN_SOURCE_TEXT_H
#define PROFAN_SOURCE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include <stdbool.h>

#include "profan/alloc.h"
#include "profan/options.h"

/* The folders sources may be read from, as real paths (symbolic links resolved). */
struct source_roots {
	VEC(char *) dirs;
};

/* Adds DIR (resolved); false when it is no directory. */
bool source_roots_add(struct source_roots *r, const char *dir);
void source_roots_release(struct source_roots *r);

struct source_text {
	char *path;     /* the file read, or NULL when none was found */
	char *looked;   /* not found: where it looked, for a person ("/a/b.c, under src/ by tail") */
	char *refused;  /* not read, and why: "its name holds a NUL byte", "/x is outside ..." */
	char *data;     /* the file, each line ended by '\0' instead of its newline */
	const char **lines;
	size_t line_count;
};

/* Looks for the file RECORDED (a path or a file:// URL, LEN bytes, which may hold a
 * NUL) as above under ROOTS; OUT->path is NULL when it was not read. Never fails
 * otherwise: a listing without text is still a listing. */
void source_text_find(const struct annotate_opts *o, const struct source_roots *roots, const char *recorded,
		      size_t len, struct source_text *out);
void source_text_release(struct source_text *t);
/* The text of 1-based LINE, or NULL past the end of the file (or without one). */
const char *source_text_line(const struct source_text *t, uint32_t line);

#endif
