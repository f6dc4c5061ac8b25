/* test_text.c: the strict UTF-8 validator and the escapers of text.h.
 * The verdicts are RFC 3629's (its section 4 syntax and section 10's examples). */
#include "check.h"

#include <stdlib.h>

#include "profan/text.h"
#include "base/text_test.h"

#define S(lit) lit, sizeof(lit) - 1

static void utf8_accepts_what_rfc3629_allows(void)
{
	CHECK(text_is_utf8(S("")));
	CHECK(text_is_utf8(S("plain ascii \x7f")));
	CHECK(text_is_utf8(S("\xc2\x80")));         /* U+0080, the smallest two-byte */
	CHECK(text_is_utf8(S("\xdf\xbf")));         /* U+07FF */
	CHECK(text_is_utf8(S("\xe0\xa0\x80")));     /* U+0800, the smallest three-byte */
	CHECK(text_is_utf8(S("\xed\x9f\xbf")));     /* U+D7FF, just below the surrogates */
	CHECK(text_is_utf8(S("\xee\x80\x80")));     /* U+E000, just above them */
	CHECK(text_is_utf8(S("\xef\xbf\xbf")));     /* U+FFFF */
	CHECK(text_is_utf8(S("\xf0\x90\x80\x80"))); /* U+10000 */
	CHECK(text_is_utf8(S("\xf4\x8f\xbf\xbf"))); /* U+10FFFF, the last code point */
	CHECK(text_is_utf8(S("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80")));
	CHECK(text_is_utf8(S("nul\0inside")));      /* U+0000 is a character */
}

static void utf8_rejects_overlong_surrogate_and_too_big(void)
{
	CHECK(!text_is_utf8(S("\xc0\xaf")));         /* '/' as two bytes */
	CHECK(!text_is_utf8(S("\xc1\xbf")));
	CHECK(!text_is_utf8(S("\xe0\x80\xaf")));     /* '/' as three bytes (the example) */
	CHECK(!text_is_utf8(S("\xe0\x9f\xbf")));     /* U+07FF as three bytes */
	CHECK(!text_is_utf8(S("\xf0\x80\x80\xaf")));  /* '/' as four bytes */
	CHECK(!text_is_utf8(S("\xf0\x8f\xbf\xbf")));  /* U+FFFF as four bytes */
	CHECK(!text_is_utf8(S("\xed\xa0\x80")));     /* U+D800, a surrogate (the example) */
	CHECK(!text_is_utf8(S("\xed\xbf\xbf")));     /* U+DFFF */
	CHECK(!text_is_utf8(S("\xf4\x90\x80\x80")));  /* U+110000 */
	CHECK(!text_is_utf8(S("\xf5\x80\x80\x80")));
	CHECK(!text_is_utf8(S("\xff")));
	CHECK(!text_is_utf8(S("\x80")));             /* a continuation byte alone */
	CHECK(!text_is_utf8(S("\xc3")));             /* truncated */
	CHECK(!text_is_utf8(S("\xe2\x82")));
	CHECK(!text_is_utf8(S("\xf0\x9f\x98")));
	CHECK(!text_is_utf8(S("\xe2\x28\xa1")));     /* a non-continuation byte inside */
	/* a truncated sequence at the end must not read past the length it was given */
	CHECK_INT(text_utf8_len("\xe2\x82\xac", 2), 0);
	CHECK_INT(text_utf8_len("\xe2\x82\xac", 3), 3);
}

static void clean_replaces_each_bad_byte_and_keeps_the_rest(void)
{
	char s[] = "a\xe0\x80\xafz\xc3\xa9\xed\xa0\x80.";
	CHECK_INT(text_utf8_clean(s, sizeof(s) - 1), 6);
	CHECK_STR(s, "a???z\xc3\xa9???.");
	CHECK(text_is_utf8(s, strlen(s)));
}

static void escape_shows_controls_and_bad_bytes_as_hex(void)
{
	CHECK(!text_needs_escape(S("plain caf\xc3\xa9 \xe2\x82\xac \xc2\xa0")));
	CHECK(text_needs_escape(S("a\tb")));
	CHECK(text_needs_escape(S("\xc2\x9b")));
	CHECK(text_needs_escape(S("\x7f")));
	CHECK(text_needs_escape(S("\xe0\x80\xaf")));
	char *e = text_escape(S("\x1b]0;t\x07\r\n\b\x7f\xc2\x9b[\xc2\xa0\xff\xe2\x82\xac"));
	CHECK_STR(e, "\\x1b]0;t\\x07\\x0d\\x0a\\x08\\x7f\\xc2\\x9b[\xc2\xa0\\xff\xe2\x82\xac");
	free(e);
	e = text_escape(S("nul\0x"));
	CHECK_STR(e, "nul\\x00x");
	free(e);
	/* bidirectional controls (U+202E RLO, U+2066 LRI, U+200F RLM, U+061C ALM) as \uXXXX; their
	 * neighbours U+2029 and U+206A and the letters around stay */
	CHECK(text_needs_escape(S("a\xe2\x80\xae" "b")));
	CHECK(!text_needs_escape(S("\xe2\x80\xa9\xe2\x81\xaa\xd8\x9b")));
	e = text_escape(S("f\xe2\x80\xaegnp.exe\xe2\x81\xa6\xe2\x80\x8f\xd8\x9c\xe2\x81\xa9\xe2\x80\xaa\xe2\x80\x8e"));
	CHECK_STR(e, "f\\u202egnp.exe\\u2066\\u200f\\u061c\\u2069\\u202a\\u200e");
	free(e);
	e = text_json_string(S("f\xe2\x80\xaeg"));
	CHECK_STR(e, "\"f\\u202eg\"");
	free(e);
}

static void json_string_escapes_per_rfc8259_and_c1(void)
{
	char *j = text_json_string(S("q\"b\\/\n\r\t\b\f\x01\x1f\x7f\xc2\x9f\xc2\xa0\xe2\x82\xac"));
	CHECK_STR(j, "\"q\\\"b\\\\/\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f\\u009f\xc2\xa0\xe2\x82\xac\"");
	free(j);
	j = text_json_string(S("a\xed\xa0\x80z"));
	CHECK_STR(j, "\"a\\ufffd\\ufffd\\ufffdz\"");
	free(j);
	j = text_json_string(S(""));
	CHECK_STR(j, "\"\"");
	free(j);
}

static void shorten_keeps_start_and_end_and_whole_characters(void)
{
	char *t = text_shorten(S("abcdefghij"), 8);
	CHECK_STR(t, "ab\xe2\x80\xa6hij"); /* 2 + 3 (the ellipsis) + 3 bytes */
	free(t);
	t = text_shorten(S("abcdefgh"), 8);
	CHECK_STR(t, "abcdefgh");
	free(t);
	/* five two-byte characters in at most 8 bytes: no character is cut */
	t = text_shorten(S("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"), 8);
	CHECK_STR(t, "\xc3\xa9\xe2\x80\xa6\xc3\xa9");
	CHECK(text_is_utf8(t, strlen(t)));
	free(t);
}

int main(void)
{
	RUN(utf8_accepts_what_rfc3629_allows);
	RUN(utf8_rejects_overlong_surrogate_and_too_big);
	RUN(clean_replaces_each_bad_byte_and_keeps_the_rest);
	RUN(escape_shows_controls_and_bad_bytes_as_hex);
	RUN(json_string_escapes_per_rfc8259_and_c1);
	RUN(shorten_keeps_start_and_end_and_whole_characters);
	return check_summary();
}
