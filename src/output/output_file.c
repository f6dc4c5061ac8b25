/* output_file.c: the files profan writes besides the report (exports), and
 * the UTF-8 cleaning every export format needs for names read from binaries. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "profan/export.h"

FILE *output_open(const char *path, const char *what)
{
	if (strcmp(path, "-") == 0) {
		pf_error("%s: cannot go to standard output, which carries the report; give a file name",
			 what);
		return NULL;
	}
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		pf_error("%s: cannot write: %s", path, strerror(errno));
	return f;
}

int output_close(FILE *f, const char *path)
{
	int bad = fflush(f) != 0 || ferror(f);
	int saved = errno;
	if (fclose(f) != 0 && !bad)
		bad = 1, saved = errno;
	if (bad) {
		pf_error("%s: write error: %s", path, strerror(saved ? saved : EIO));
		return -1;
	}
	return 0;
}

size_t output_utf8_clean(char *s, size_t len)
{
	size_t fixed = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		size_t n = c < 0x80                 ? 1
			   : c >= 0xc2 && c <= 0xdf ? 2
			   : (c & 0xf0) == 0xe0     ? 3
			   : c >= 0xf0 && c <= 0xf4 ? 4
						    : 0;
		bool ok = n > 0 && i + n <= len;
		for (size_t k = 1; ok && k < n; k++)
			ok = ((unsigned char)s[i + k] & 0xc0) == 0x80;
		if (!ok) {
			s[i++] = '?';
			fixed++;
			continue;
		}
		i += n;
	}
	return fixed;
}
