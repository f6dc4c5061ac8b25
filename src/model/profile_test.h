/* profile_test.h: what the tests measure of a profile (profile.h); not part of the contract. */
#ifndef PROFAN_MODEL_PROFILE_TEST_H
#define PROFAN_MODEL_PROFILE_TEST_H

#include "profan/profile.h"

/* Depth of stack node S (a root has depth 1). */
size_t profile_stack_depth(const struct profile *p, uint32_t s);

#endif
