/* source.h: the bytes of one input, from a file, stdin or a memory buffer.
 *
 * gzip is recognised by its magic bytes (never the file name) and inflated in
 * chunks, so a large profile never sits in memory whole; past the first chunk, on
 * a second thread a few chunks ahead of the reader. Files that are not
 * JSON (samply's binary container, perf.data, gzip inside gzip: magic.h) are
 * refused with one line saying what they are. Errors are
 * printed as "profan: ORIGIN: what" and reported as -1. */
#ifndef PROFAN_SOURCE_H
#define PROFAN_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct source;

/* Opens PATH, or stdin when PATH is "-". Returns NULL after printing why. */
struct source *source_open_file(const char *path);
/* Reads BUF (not copied; it must outlive the source). ORIGIN names it in messages. */
struct source *source_open_buffer(const void *buf, size_t len, const char *origin);
/* The first decoded bytes (up to a chunk), before source_next() is first called: what the
 * formats are told apart by (format_of_head). Returns their length (0: none, or too late). */
size_t source_head(const struct source *s, const char **data);
void source_close(struct source *s);

/* Upper bound on decoded bytes (a gzip bomb stops here). PROFAN_MAX_INPUT_MB overrides. */
uint64_t source_max_decoded(void);

/* Reads the whole decoded input into a NUL-terminated heap buffer (for small
 * side files such as a wasm module). Returns NULL after printing why. */
char *source_slurp(const char *path, size_t *len);

#endif
