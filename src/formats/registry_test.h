/* registry_test.h: the registry looked up by name and by document (registry.c), as test_pipeline
 * checks it; not part of the contract. */
#ifndef PROFAN_FORMATS_REGISTRY_TEST_H
#define PROFAN_FORMATS_REGISTRY_TEST_H

#include "profan/format.h"

const char *format_name(const struct input_format *f); /* "cpuprofile" */
/* The format a document looks like (each format's sniff, in order), or NULL. */
const struct input_format *format_of(const struct json *root);

#endif
