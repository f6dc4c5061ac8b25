/* match.h: which functions a user's regex names, and what a person calls a
 * function. Every option that takes a function pattern goes through here. */
#ifndef PROFAN_MATCH_H
#define PROFAN_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/profile.h"
#include "profan/regex.h"

/* What a person calls function FUNC: its name, "(anonymous)" when empty. */
const char *func_label(const struct profile *p, uint32_t func);

/* Per function of P, an id in NAMES for its identity across profiles: label, file,
 * library, line and column (namesakes stay apart). The file and library names are
 * interned once each and the key holds their ids, so 1000 functions of one library
 * do not copy its name 1000 times. Caller frees. */
uint32_t *func_identity_keys(struct strmap *names, const struct profile *p);

/* One flag per function (funcs.len + 1 entries): does its label match RE?
 * *COUNT (may be NULL) gets the number of matches. Caller frees. NULL after
 * one error line when pcre2 gives up on a name (a pathological pattern). */
bool *match_funcs(const struct profile *p, const struct regex *re, size_t *count);

/* The same for a pattern given as text (compiled here). NULL after one error line. */
bool *match_funcs_re(const struct profile *p, const char *pattern, size_t *count);

#endif
