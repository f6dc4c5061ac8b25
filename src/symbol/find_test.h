/* find_test.h: what the tests and the ELF fuzzer check of find.c besides its contract
 * (find.h). */
#ifndef PROFAN_SYMBOL_FIND_TEST_H
#define PROFAN_SYMBOL_FIND_TEST_H

/* The breakpad id samply would compute for PATH (33 chars: 32 hex + age "0"), or NULL. */
char *symfind_breakpad_id(const char *path);

#endif
