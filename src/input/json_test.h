/* json_test.h: what the tests, fuzzers and the JSON benchmark read of the JSON layer besides its
 * contract (json.h): documents parsed from memory, stubs, doubles; not part of the contract. */
#ifndef PROFAN_INPUT_JSON_TEST_H
#define PROFAN_INPUT_JSON_TEST_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/json.h"

/* json_parse() of the bytes BUF, named ORIGIN in messages. */
struct json_doc *json_parse_buffer(const char *buf, size_t len, const char *origin,
				   const struct json_parse_opts *opts);
/* Bytes the tree holds (for the benchmark and for curiosity). */
size_t json_doc_memory(const struct json_doc *doc);
/* A value a divert hook read: its type and json_len() only. */
bool json_is_stub(const struct json *v);
/* A number as double. */
double json_f64(const struct json *v);
/* The elements of a packed array of doubles without nulls, or NULL (as json_packed_i32). */
const double *json_packed_f64(const struct json *arr);

#endif
