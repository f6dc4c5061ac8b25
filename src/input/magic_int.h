/* magic_int.h: the refusal of a file that is not JSON, in the words of its magic bytes (magic.c),
 * for source.c. */
#ifndef PROFAN_INPUT_MAGIC_INT_H
#define PROFAN_INPUT_MAGIC_INT_H

#include <stdbool.h>
#include <stddef.h>

/* What the first decoded bytes D[0..N) are when profan cannot read them
 * (one sentence for the error line), or NULL. INSIDE_GZIP: they were
 * inflated from a gzip file. */
const char *magic_refusal(const void *d, size_t n, bool inside_gzip);

#endif
