/* text_test.h: what the tests and fuzzers check text with (text.h); not part of the contract. */
#ifndef PROFAN_BASE_TEXT_TEST_H
#define PROFAN_BASE_TEXT_TEST_H

#include <stdbool.h>
#include <stddef.h>

/* Is S[0..LEN) strict UTF-8 throughout (text_utf8_len at every step)? */
bool text_is_utf8(const char *s, size_t len);
/* Length (1 to 4) of the valid UTF-8 sequence at S, which has AVAIL bytes; 0
 * when it is not one: a stray continuation byte, a truncated sequence, an
 * overlong form (C0 AF, E0 80 AF), a surrogate (ED A0 80) or past U+10FFFF. */
size_t text_utf8_len(const char *s, size_t avail);

#endif
