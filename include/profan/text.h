/* text.h: what text read from a profile may turn into in profan's outputs.
 *
 * Names, paths, keys and messages come from files that anyone can write, so
 * any byte can be in them. One strict UTF-8 validator (no overlong forms, no
 * surrogates, nothing past U+10FFFF) and three ways of making such text safe
 * serve every writer:
 *
 *   text_escape()       the terminal (text report, diagnostics, progress line):
 *                       control characters (C0, DEL, C1) and bytes that are not
 *                       UTF-8 are shown as \xNN, the way ls and git show them,
 *                       so a name can neither move the cursor nor start a line;
 *                       bidirectional controls (U+202A..U+202E, U+2066..U+2069,
 *                       U+200E, U+200F, U+061C) as \u202e, so none reorders
 *                       what the line shows;
 *   text_json_string()  JSON: a quoted string literal, escaped per RFC 8259 and
 *                       DEL, C1 and the bidirectional controls too; invalid
 *                       bytes become U+FFFD;
 *   text_utf8_clean()   exports that want UTF-8 (folded stacks, SVG, pprof):
 *                       each invalid byte becomes '?', in place. */
#ifndef PROFAN_TEXT_H
#define PROFAN_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Replaces each byte that does not start a valid sequence with '?'; returns how many. */
size_t text_utf8_clean(char *s, size_t len);

/* True if S (LEN bytes) has something text_escape() would change. */
bool text_needs_escape(const char *s, size_t len);
/* S with each control character and each byte that is not UTF-8 written as
 * \xNN (a C1 character, two bytes in UTF-8, as \xc2\x9b): a fresh string. */
char *text_escape(const char *s, size_t len);

/* A JSON string literal, quotes included, for S (LEN bytes): a fresh string. */
char *text_json_string(const char *s, size_t len);

/* S (LEN bytes) in at most MAX bytes: its start, "…" and its end, cut between
 * characters; S itself when it fits. A fresh string. For names made from a
 * longer one (a library's name in "LIB+0xADDR"), so their size stays bounded. */
char *text_shorten(const char *s, size_t len, size_t max);

#endif
