/* stack_paths_test.h: stacks interned one path at a time by sorting (stack_paths.c), as test_views
 * checks them against profile_intern_stack(); not part of the contract. */
#ifndef PROFAN_MODEL_STACK_PATHS_TEST_H
#define PROFAN_MODEL_STACK_PATHS_TEST_H

#include "profan/profile.h"

/* The leaves of N paths at once (path I: FRAMES[I][0..LEN[I]), root first; LEAF[I] is PF_NONE
 * for an empty one), interned exactly as profile_intern_path() of each in turn would, node
 * numbers included, but by sorting the paths when the stack table is empty (stack_paths.c). */
void profile_intern_paths(struct profile *p, size_t n, const uint32_t *const *frames, const uint32_t *len,
			  uint32_t *leaf);

#endif
