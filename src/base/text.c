/* text.c: strict UTF-8 validation, and text from input files made safe for
 * the terminal, JSON and the export formats (see text.h). */
#include "profan/text.h"

#include <stdint.h>
#include <string.h>

#include "profan/diag.h"

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
