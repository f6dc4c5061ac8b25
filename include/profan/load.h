/* load.h: bytes -> JSON tree -> profile, the same path for the binary, tests and fuzzers.
 *
 * A loader is a function from a parsed JSON document to a profile. It never
 * sees a path: load_input() does the reading (gzip, stdin, JSLB detection) and
 * parsing, then calls it (the tests: input/load_test.h). A loader that fails has
 * printed one error line and returns -1; the profile is then released by the caller. */
#ifndef PROFAN_LOAD_H
#define PROFAN_LOAD_H

#include <stddef.h>

#include "profan/json.h"
#include "profan/profile.h"

typedef int (*pf_loader)(const struct json_doc *doc, struct profile *out, const void *opts);

/* What a loader returns besides 0 and -1 (malformed input) when the input is
 * fine but the options do not fit it (--profile 7 in a trace of two): the
 * command line then exits 2, as for any other option it cannot carry out. */
#define LOAD_MISFIT (-2)

/* A loader of a binary format (magic.h: magic_binary names it KIND): the whole decoded input. */
typedef int (*pf_binary_loader)(const char *kind, const unsigned char *data, size_t len, const char *origin,
				struct profile *out, const void *opts);
/* load_file (DATA NULL) or load_buffer, where a binary input goes to BLOAD (NULL: refused). */
int load_input(const char *path, const char *data, size_t len, const struct json_parse_opts *jopts,
	       pf_loader load, pf_binary_loader bload, const void *opts, struct profile *out);

#endif
