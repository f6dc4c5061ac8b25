/* source_int.h: how the input stage reads a source (source.h) chunk by chunk; inside src/input/ only. */
#ifndef PROFAN_INPUT_SOURCE_INT_H
#define PROFAN_INPUT_SOURCE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/source.h"

/* Next chunk of decoded bytes, valid until the next call: 1 with DATA and LEN
 * set, 0 at the end, -1 after printing an error. */
int source_next(struct source *s, const char **data, size_t *len);
const char *source_origin(const struct source *s);
bool source_is_gzip(const struct source *s);
/* Raw (compressed) bytes consumed so far, and the raw size when known (else 0). */
uint64_t source_raw_done(const struct source *s);
uint64_t source_raw_size(const struct source *s);
/* What binary format the input is (magic_binary: "perf"), or NULL for text. */
const char *source_binary(const struct source *s);
/* The whole decoded input in one piece (a regular file is mapped, anything else read into
 * memory), valid until source_close(). Returns 0, or -1 after printing an error. */
int source_whole(struct source *s, const unsigned char **data, size_t *len);

#endif
