/* lookalike.h: JSON files of the loaders' families that profan recognises but
 * does not read. The format table (src/driver/formats.c) asks these before
 * any format's sniff, for every command, so such a file gets one line saying
 * what it is and how to get one profan reads, instead of the first missing key.
 * Each returns true and writes that sentence into WHAT[0..CAP) when ROOT is one. */
#ifndef PROFAN_LOOKALIKE_H
#define PROFAN_LOOKALIKE_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/json.h"

/* Firefox files that are not a processed profile of version 41 or later: a raw
 * Gecko profile (the browser's capture format), an older processed profile, a
 * DevTools performance-panel recording. */
bool lookalike_firefox(const struct json *root, char *what, size_t cap);
/* A V8 sampling heap profile (.heapprofile): head.selfSize, no CPU samples. */
bool lookalike_v8_heap(const struct json *root, char *what, size_t cap);

#endif
