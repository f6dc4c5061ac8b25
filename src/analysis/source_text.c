/* source_text.c: finding and reading the program's source files for listings
 * (source_text.h). The only place the analysis reads files of its own; a file
 * that cannot be found or read is no error, only text the listing goes without. */
#include "profan/source_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
 * on any disk could be this ("[eval]", ""). */
static char *local_path(const char *recorded, bool *tail_only)
{
	*tail_only = false;
	if (strncmp(recorded, "file://", 7) == 0) {
		const char *s = recorded + 7;
		if (strncmp(s, "localhost/", 10) == 0)
			s += 9;
		char *out = xmalloc(strlen(s) + 1), *o = out;
		for (; *s; s++) {
			if (*s == '%' && hex(s[1]) >= 0 && hex(s[2]) >= 0) {
				*o++ = (char)(hex(s[1]) * 16 + hex(s[2]));
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

/* Reads PATH when it is a regular text file; true when OUT holds it. */
static bool read_file(const char *path, struct source_text *out)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SOURCE_MAX_BYTES)
		return false;
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return false;
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

static bool try_path(const char *path, struct source_text *out, struct looked *l)
{
	if (read_file(path, out))
		return true;
	looked_add(l, path);
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

void source_text_find(const struct annotate_opts *o, const char *recorded, struct source_text *out)
{
	memset(out, 0, sizeof(*out));
	bool tail_only;
	char *path = local_path(recorded ? recorded : "", &tail_only);
	struct looked l = {0};
	bool found = false;
	if (path == NULL) {
		out->looked = xasprintf("%s is no file", recorded && *recorded ? recorded : "an empty name");
		return;
	}
	for (size_t i = 0; !tail_only && !found && i < o->prefix_count; i++) {
		size_t n = prefix_match(path, o->prefixes[i].from);
		if (n == 0)
			continue;
		char *mapped = xasprintf("%s/%s", o->prefixes[i].to, path + n + (path[n] == '/'));
		char *norm = path_normalize(mapped);
		found = try_path(norm, out, &l);
		free(norm);
		free(mapped);
	}
	if (!tail_only && !found)
		found = try_path(path, out, &l);
	for (size_t i = 0; !found && i < o->source_path_count; i++) {
		const char *dir = o->source_paths[i];
		const char *tail = path;
		while (!found && *tail) {
			while (*tail == '/')
				tail++;
			if (*tail == '\0')
				break;
			char *joined = path_join_normalize(dir, tail);
			found = read_file(joined, out);
			free(joined);
			tail += strcspn(tail, "/");
		}
		if (!found) {
			char *what = xasprintf("under %s by its tails", dir);
			looked_add(&l, what);
			free(what);
		}
	}
	if (!found) {
		vec_push(&l.text, '\0');
		out->looked = l.text.items;
	} else {
		vec_free(&l.text);
	}
	free(path);
}

void source_text_release(struct source_text *t)
{
	free(t->path);
	free(t->looked);
	free(t->data);
	free(t->lines);
	memset(t, 0, sizeof(*t));
}

const char *source_text_line(const struct source_text *t, uint32_t line)
{
	return line >= 1 && line <= t->line_count ? t->lines[line - 1] : NULL;
}
