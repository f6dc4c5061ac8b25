/* regex_test.h: what test_regex asks of a regex list (regex.h); not part of the contract. */
#ifndef PROFAN_BASE_REGEX_TEST_H
#define PROFAN_BASE_REGEX_TEST_H

#include <stdbool.h>

#include "profan/regex.h"

static inline bool regex_list_empty(const struct regex_list *l)
{
	return l->res.len == 0;
}

#endif
