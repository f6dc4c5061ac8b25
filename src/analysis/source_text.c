/* source_text.c: finding and reading the program's source files for listings
 * (source_text.h). The only place the analysis reads files of its own; a file
 * that cannot be found or read is no error, only text the listing goes without.
 * A profile is input anyone can write: a file is read only when its real path
 * (symbolic links resolved) lies under one of the run's source roots. */
#define _GNU_SOURCE /* O_NOFOLLOW, O_CLOEXEC */
#include "source_text.h"

#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profan/path.h"

/* Larger files are not program sources a person reads line by line. */
#define SOURCE_MAX_BYTES (64u << 20)

struct looked {
	VEC(char) text;
	size_t count;
};

static void looked_add(struct looked *l, const char *what)
{
	if (l->count++ > 0)
		vec_push(&l->text, ',');
	if (l->count > 1)
		vec_push(&l->text, ' ');
	for (const char *q = what; *q; q++)
		vec_push(&l->text, *q);
}

static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A local path for RECORDED: a path as it is, a file:// URL decoded (%20 -> ' ').
 * Other URLs (http://, node:, wasm://) have only a tail to look for under the
 * source paths: *TAIL_ONLY is set and the URL's path is returned. NULL: nothing
 * on any disk could be this ("[eval]", ""), or *NUL: it decodes to a NUL byte,
 * which would cut the path short ("file:///etc/passwd%00.js" is not /etc/passwd). */
static char *local_path(const char *recorded, bool *tail_only, bool *nul)
{
	*tail_only = false;
	*nul = false;
	if (strncmp(recorded, "file://", 7) == 0) {
		const char *s = recorded + 7;
		if (strncmp(s, "localhost/", 10) == 0)
			s += 9;
		char *out = xmalloc(strlen(s) + 1), *o = out;
		for (; *s; s++) {
			if (*s == '%' && hex(s[1]) >= 0 && hex(s[2]) >= 0) {
				if ((*o++ = (char)(hex(s[1]) * 16 + hex(s[2]))) == '\0') {
					free(out);
					*nul = true;
					return NULL;
				}
				s += 2;
			} else {
				*o++ = *s;
			}
		}
		*o = '\0';
		return out;
	}
	const char *scheme = strstr(recorded, "://");
	if (scheme != NULL) {
		const char *path = strchr(scheme + 3, '/');
		if (path == NULL || path[1] == '\0')
			return NULL;
		*tail_only = true;
		return xstrndup(path, strcspn(path, "?#"));
	}
	if (*recorded == '\0' || *recorded == '[' || strncmp(recorded, "node:", 5) == 0)
		return NULL;
	return xstrdup(recorded);
}

/* ---- source roots ---- */

bool source_roots_add(struct source_roots *r, const char *dir)
{
	char *real = realpath(dir, NULL);
	struct stat st;
	if (real == NULL || stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
		free(real);
		return false;
	}
	for (size_t i = 0; i < r->dirs.len; i++)
		if (strcmp(r->dirs.items[i], real) == 0) {
			free(real);
			return true;
		}
	vec_push(&r->dirs, real);
	return true;
}

void source_roots_release(struct source_roots *r)
{
	for (size_t i = 0; i < r->dirs.len; i++)
		free(r->dirs.items[i]);
	vec_free(&r->dirs);
}

static bool under_roots(const struct source_roots *r, const char *real)
{
	for (size_t i = 0; i < r->dirs.len; i++)
		if (path_is_under(real, r->dirs.items[i]))
			return true;
	return false;
}

/* What the search met on its way: where it looked, and the first file it found but
 * did not read, being outside the roots. */
struct search {
	struct looked looked;
	char *outside; /* that file's real path */
};

/* Reads PATH when it is a regular text file under one of ROOTS; true when OUT holds it.
 * The file opened is the real path that was checked, and never a FIFO (O_NONBLOCK: its
 * open would wait for a writer) or a device. */
static bool read_file(const char *path, const struct source_roots *roots, struct source_text *out,
		      struct search *s)
{
	char *real = realpath(path, NULL);
	if (real == NULL)
		return false;
	if (!under_roots(roots, real)) {
		struct stat st;
		if (s->outside == NULL && stat(real, &st) == 0 && S_ISREG(st.st_mode))
			s->outside = real;
		else
			free(real);
		return false;
	}
	int fd = open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	free(real);
	struct stat st;
	if (fd < 0)
		return false;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SOURCE_MAX_BYTES) {
		close(fd);
		return false;
	}
	FILE *f = fdopen(fd, "rb");
	if (f == NULL) {
		close(fd);
		return false;
	}
	size_t cap = (size_t)st.st_size + 1, len = 0;
	char *data = xmalloc(cap + 1);
	size_t got;
	/* the size may have changed since stat: read until the end, within the cap */
	while ((got = fread(data + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			if (cap > SOURCE_MAX_BYTES)
				break;
			cap = grow_cap(cap, cap + 1, cap);
			data = xrealloc(data, cap + 1);
		}
	}
	bool ok = !ferror(f) && len <= SOURCE_MAX_BYTES && memchr(data, '\0', len) == NULL;
	fclose(f);
	if (!ok) {
		free(data);
		return false;
	}
	data[len] = '\0';
	VEC(const char *) lines = {0};
	for (char *q = data; q < data + len;) {
		char *nl = memchr(q, '\n', (size_t)(data + len - q));
		char *end = nl ? nl : data + len;
		if (end > q && end[-1] == '\r')
			end[-1] = '\0';
		*end = '\0';
		vec_push(&lines, q);
		q = end + 1;
	}
	out->path = xstrdup(path);
	out->data = data;
	out->lines = lines.items;
	out->line_count = lines.len;
	return true;
}

static bool try_path(const char *path, const struct source_roots *roots, struct source_text *out,
		     struct search *s)
{
	if (read_file(path, roots, out, s))
		return true;
	looked_add(&s->looked, path);
	return false;
}

/* PREFIX starts PATH as whole segments ("/rustc/abc" starts "/rustc/abc/x.rs", not "/rustc/abcd"). */
static size_t prefix_match(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);
	if (n == 0 || strncmp(path, prefix, n) != 0)
		return 0;
	return prefix[n - 1] == '/' || path[n] == '/' || path[n] == '\0' ? n : 0;
}

void source_text_find(const struct annotate_opts *o, const struct source_roots *roots, const char *recorded,
		      size_t recorded_len, struct source_text *out)
{
	memset(out, 0, sizeof(*out));
	if (recorded == NULL)
		recorded = "", recorded_len = 0;
	bool tail_only, nul = memchr(recorded, '\0', recorded_len) != NULL;
	char *path = nul ? NULL : local_path(recorded, &tail_only, &nul);
	if (nul) {
		out->refused = xstrdup("its name holds a NUL byte, which would cut the path short");
		return;
	}
	if (path == NULL) {
		out->looked = xasprintf("%s is no file", *recorded ? recorded : "an empty name");
		return;
	}
	struct search s = {0};
	bool found = false;
	for (size_t i = 0; !tail_only && !found && i < o->prefix_count; i++) {
		size_t n = prefix_match(path, o->prefixes[i].from);
		if (n == 0)
			continue;
		char *mapped = xasprintf("%s/%s", o->prefixes[i].to, path + n + (path[n] == '/'));
		char *norm = path_normalize(mapped);
		found = try_path(norm, roots, out, &s);
		free(norm);
		free(mapped);
	}
	if (!tail_only && !found)
		found = try_path(path, roots, out, &s);
	for (size_t i = 0; !found && i < o->source_path_count; i++) {
		const char *dir = o->source_paths[i];
		const char *tail = path;
		while (!found && *tail) {
			while (*tail == '/')
				tail++;
			if (*tail == '\0')
				break;
			char *joined = path_join_normalize(dir, tail);
			found = read_file(joined, roots, out, &s);
			free(joined);
			tail += strcspn(tail, "/");
		}
		if (!found) {
			char *what = xasprintf("under %s by its tails", dir);
			looked_add(&s.looked, what);
			free(what);
		}
	}
	if (!found && s.outside != NULL) {
		/* found, but where the profile alone cannot send profan to read */
		char *slash = strrchr(s.outside, '/');
		out->refused = xasprintf("%s is outside the program's source folders and the working directory; "
					 "--source-path %.*s allows it",
					 s.outside, (int)(slash > s.outside ? slash - s.outside : 1), s.outside);
		vec_free(&s.looked.text);
	} else if (!found) {
		vec_push(&s.looked.text, '\0');
		out->looked = s.looked.text.items;
	} else {
		vec_free(&s.looked.text);
	}
	free(s.outside);
	free(path);
}

void source_text_release(struct source_text *t)
{
	free(t->path);
	free(t->looked);
	free(t->refused);
	free(t->data);
	free(t->lines);
	memset(t, 0, sizeof(*t));
}

const char *source_text_line(const struct source_text *t, uint32_t line)
{
	return line >= 1 && line <= t->line_count ? t->lines[line - 1] : NULL;
}
