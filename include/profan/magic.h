/* magic.h: files that are not JSON profiles, known by their first bytes.
 *
 * source.c asks before any JSON is parsed, for every input of every command,
 * so a perf.data file or a samply binary container gets one line saying what
 * it is and what to do, not a JSON syntax error at byte 0. What a JSON file
 * that profan does not read is (a raw Gecko profile, a V8 heap profile) is
 * the formats' business (src/formats/registry.c). */
#ifndef PROFAN_MAGIC_H
#define PROFAN_MAGIC_H

#include <stdbool.h>
#include <stddef.h>

/* The binary format profan reads that D[0..N) begins ("perf": perf.data), or NULL. Such an
 * input is handed whole to the format's loader (source_whole) instead of the JSON parser. */
const char *magic_binary(const void *d, size_t n);

#endif
