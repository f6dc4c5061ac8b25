/* load_test.h: a JSON file or buffer through one loader (load.c), as the tests and fuzzers load
 * their inputs; not part of the contract: load.h's load_input() is. */
#ifndef PROFAN_INPUT_LOAD_TEST_H
#define PROFAN_INPUT_LOAD_TEST_H

#include <stddef.h>

#include "profan/load.h"

/* Returns 0 with *OUT initialised and filled, or -1 / LOAD_MISFIT (error printed, *OUT released). */
int load_file(const char *path, const struct json_parse_opts *jopts, pf_loader load, const void *opts,
	      struct profile *out);
int load_buffer(const char *buf, size_t len, const char *origin, const struct json_parse_opts *jopts,
		pf_loader load, const void *opts, struct profile *out);

#endif
