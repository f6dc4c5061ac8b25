/* path.c: normalising and comparing paths as text (see path.h). Used by
 * symbolication (DWARF file names) and by the ownership rules. */
#include "profan/path.h"

#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"

char *path_normalize(const char *path)
{
	size_t n = strlen(path);
	char *out = xmalloc(n + 2);
	bool absolute = path[0] == '/';
	size_t len = 0;
	if (absolute)
		out[len++] = '/';
	const size_t root = len; /* segments start here */
	for (const char *s = path; *s;) {
		while (*s == '/')
			s++;
		size_t seg = strcspn(s, "/");
		if (seg == 0)
			break;
		bool dot = seg == 1 && s[0] == '.', dotdot = seg == 2 && s[0] == '.' && s[1] == '.';
		if (dotdot && len > root) {
			size_t last = len; /* start of the last segment written */
			while (last > root && out[last - 1] != '/')
				last--;
			if (!(len - last == 2 && out[last] == '.' && out[last + 1] == '.')) {
				len = last > root ? last - 1 : root; /* drop it and its slash */
				dot = true;
			}
		} else if (dotdot && absolute) {
			dot = true; /* "/.." is "/" */
		}
		if (!dot) {
			if (len > root)
				out[len++] = '/';
			memcpy(out + len, s, seg);
			len += seg;
		}
		s += seg;
	}
	if (len == 0)
		out[len++] = '.';
	out[len] = '\0';
	return out;
}

char *path_join_normalize(const char *dir, const char *rel)
{
	if (rel[0] == '/' || dir == NULL || dir[0] == '\0')
		return path_normalize(rel);
	char *joined = xasprintf("%s/%s", dir, rel);
	char *out = path_normalize(joined);
	free(joined);
	return out;
}

bool path_is_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (strncmp(path, dir, n) != 0)
		return false;
	return path[n] == '\0' || path[n] == '/' || (n == 1 && dir[0] == '/');
}

size_t path_prefix_len(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n == 0 || strncmp(path, dir, n) != 0)
		return 0;
	if (n == 1 && dir[0] == '/')
		return path[1] ? 1 : 0;
	return path[n] == '/' && path[n + 1] ? n : 0;
}
