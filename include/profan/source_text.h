/* source_text.h: the program's own source files, read for listings (--annotate).
 *
 * A profile names a file as it was on the machine that built the program
 * ("/home/dev/build/src/main.rs", "/rustc/<hash>/library/core/src/ptr/mod.rs",
 * "file:///srv/app/index.js"). It is looked for, in order:
 *   1. through each --source-prefix OLD=NEW whose OLD starts the path (OLD replaced by NEW);
 *   2. at the recorded path itself, when it names a local file;
 *   3. under each --source-path DIR, by the path's tails: DIR/home/dev/build/src/main.rs,
 *      DIR/dev/build/src/main.rs, ... DIR/main.rs (the first that exists).
 * Only regular text files are read; what was tried is kept for the message when
 * none was found. */
#ifndef PROFAN_SOURCE_TEXT_H
#define PROFAN_SOURCE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "profan/options.h"

struct source_text {
	char *path;     /* the file read, or NULL when none was found */
	char *looked;   /* not found: where it looked, for a person ("/a/b.c, under src/ by tail") */
	char *data;     /* the file, each line ended by '\0' instead of its newline */
	const char **lines;
	size_t line_count;
};

/* Looks for the file RECORDED (a path or a file:// URL) as above; OUT->path is
 * NULL when it was not found. Never fails otherwise: a listing without text is
 * still a listing. */
void source_text_find(const struct annotate_opts *o, const char *recorded, struct source_text *out);
void source_text_release(struct source_text *t);
/* The text of 1-based LINE, or NULL past the end of the file (or without one). */
const char *source_text_line(const struct source_text *t, uint32_t line);

#endif
