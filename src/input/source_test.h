/* source_test.h: the tests' and fuzzers' chunk sizes of a source (source.h); not part of the
 * contract. */
#ifndef PROFAN_SOURCE_TEST_H
#define PROFAN_SOURCE_TEST_H

#include <stddef.h>

/* source_next() hands out at most N bytes at a time (0: no cap), so chunk boundaries fall
 * inside numbers, strings and literals of small inputs too. */
void source_set_max_chunk(size_t n);
/* gzip is inflated N bytes at a time (0: 1 MiB, the default), so small inputs cross the
 * threads' hand-offs too (past the first chunk, on a helper thread unless tasks run inline:
 * task_test.h). */
void source_set_gzip_chunk(size_t n);

#endif
