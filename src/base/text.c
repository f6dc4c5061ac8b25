/* text.c: strict UTF-8 validation, and text from input files made safe for
 * the terminal, JSON and the export formats (see text.h). */
#include "profan/text.h"

#include <stdint.h>
#include <string.h>

#include "profan/alloc.h"
#include "text_test.h"

size_t text_utf8_len(const char *str, size_t avail)
{
	const unsigned char *s = (const unsigned char *)str;
	if (avail == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	/* C0 and C1 would only start overlong forms; F5..FF code past U+10FFFF */
	size_t n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
	if (n == 0 || n > avail)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	/* the second byte's range rules out the rest (RFC 3629 section 4) */
	if ((s[0] == 0xE0 && s[1] < 0xA0) ||  /* overlong three-byte form */
	    (s[0] == 0xED && s[1] >= 0xA0) || /* a surrogate, U+D800..U+DFFF */
	    (s[0] == 0xF0 && s[1] < 0x90) ||  /* overlong four-byte form */
	    (s[0] == 0xF4 && s[1] >= 0x90))   /* past U+10FFFF */
		return 0;
	return n;
}

bool text_is_utf8(const char *s, size_t len)
{
	for (size_t i = 0, n; i < len; i += n)
		if ((n = text_utf8_len(s + i, len - i)) == 0)
			return false;
	return true;
}

size_t text_utf8_clean(char *s, size_t len)
{
	size_t fixed = 0;
	for (size_t i = 0, n; i < len; i += n) {
		n = text_utf8_len(s + i, len - i);
		if (n == 0) {
			s[i] = '?';
			n = 1;
			fixed++;
		}
	}
	return fixed;
}

/* The code point of the bidirectional control (N bytes) at S, or 0: the embeddings and
 * overrides U+202A..U+202E, the isolates U+2066..U+2069 and the marks U+200E, U+200F and
 * U+061C. A terminal obeys them: a right-to-left override in a function name makes the
 * rest of the line read in another order than it is ("Trojan Source", CVE-2021-42574). */
static unsigned bidi_at(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned cp = n == 3 ? (s[0] & 0x0Fu) << 12 | (s[1] & 0x3Fu) << 6 | (s[2] & 0x3Fu)
		    : n == 2 ? (s[0] & 0x1Fu) << 6 | (s[1] & 0x3Fu) : 0;
	return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F ||
			       cp == 0x061C
		       ? cp
		       : 0;
}

/* Bytes of the character at S that the terminal must not see raw: 1 for a C0
 * control, DEL or a byte that is not UTF-8, 2 for a C1 control (U+0080 to
 * U+009F: C2 80 to C2 9F, which some terminals obey as they do ESC [), 2 or 3
 * for a bidirectional control (bidi_at), else 0. *LEN gets the length of what is
 * at S either way. */
static size_t unsafe_at(const char *s, size_t avail, size_t *len)
{
	unsigned char c = (unsigned char)s[0];
	size_t n = text_utf8_len(s, avail);
	*len = n ? n : 1;
	if (n == 0 || (n == 1 && (c < 0x20 || c == 0x7F)) || (n == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0) ||
	    bidi_at(s, n))
		return *len;
	return 0;
}

bool text_needs_escape(const char *s, size_t len)
{
	for (size_t i = 0, n; i < len; i += n)
		if (unsafe_at(s + i, len - i, &n))
			return true;
	return false;
}

char *text_escape(const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t cap = len + 1;
	for (size_t i = 0, n; i < len; i += n)
		cap += 3 * unsafe_at(s + i, len - i, &n);
	char *out = xmalloc(cap), *o = out;
	for (size_t i = 0, n; i < len; i += n) {
		if (unsafe_at(s + i, len - i, &n) == 0) {
			memcpy(o, s + i, n);
			o += n;
			continue;
		}
		unsigned bidi = bidi_at(s + i, n);
		if (bidi != 0) { /* \u202e, as JSON and most languages write it */
			*o++ = '\\';
			*o++ = 'u';
			for (int shift = 12; shift >= 0; shift -= 4)
				*o++ = hex[(bidi >> shift) & 15];
			continue;
		}
		for (size_t k = 0; k < n; k++) {
			unsigned char c = (unsigned char)s[i + k];
			*o++ = '\\';
			*o++ = 'x';
			*o++ = hex[c >> 4];
			*o++ = hex[c & 15];
		}
	}
	*o = '\0';
	return out;
}

char *text_json_string(const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	char *out = xmalloc(6 * len + 3), *o = out; /* at most \u00XX (6 bytes) per input byte */
	*o++ = '"';
	for (size_t i = 0, n; i < len; i += n) {
		unsigned char c = (unsigned char)s[i];
		n = text_utf8_len(s + i, len - i);
		if (n == 0) { /* JSON is UTF-8: a byte that is not becomes U+FFFD */
			memcpy(o, "\\ufffd", 6);
			o += 6;
			n = 1;
			continue;
		}
		unsigned cp = n == 2 && c == 0xC2 ? (unsigned char)s[i + 1] : c; /* C1: U+0080..U+009F */
		const char *two = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r"
				  : c == '\t' ? "\\t" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
		if (n == 1 && two) {
			memcpy(o, two, 2);
			o += 2;
		} else if ((n == 1 && (c < 0x20 || c == 0x7F)) || (n == 2 && c == 0xC2 && cp < 0xA0)) {
			memcpy(o, "\\u00", 4);
			o[4] = hex[cp >> 4];
			o[5] = hex[cp & 15];
			o += 6;
		} else if ((cp = bidi_at(s + i, n)) != 0) { /* the same string, safe to print (jq) */
			*o++ = '\\';
			*o++ = 'u';
			for (int shift = 12; shift >= 0; shift -= 4)
				*o++ = hex[(cp >> shift) & 15];
		} else {
			memcpy(o, s + i, n);
			o += n;
		}
	}
	*o++ = '"';
	*o = '\0';
	return out;
}

char *text_shorten(const char *s, size_t len, size_t max)
{
	if (len <= max || max < 8)
		return xstrndup(s, len <= max ? len : max);
	size_t keep = max - 3; /* "…" is three bytes */
	size_t head = keep / 2, tail = keep - head;
	while (head > 0 && ((unsigned char)s[head] & 0xC0) == 0x80) /* whole characters only */
		head--;
	while (tail > 0 && ((unsigned char)s[len - tail] & 0xC0) == 0x80)
		tail--;
	char *out = xmalloc(head + 3 + tail + 1);
	memcpy(out, s, head);
	memcpy(out + head, "\xe2\x80\xa6", 3);
	memcpy(out + head + 3, s + len - tail, tail);
	out[head + 3 + tail] = '\0';
	return out;
}
