/* json_head.c: the shape of a JSON document's first bytes (json_head.h), read by a scanner
 * of its own: the streaming parser (jstream) wants a whole document and stops with an error
 * line at the end of a prefix, where this one only stops. */
#include "profan/json_head.h"

#include <stdio.h>
#include <string.h>

/* An open container whose members are recorded. */
struct frame {
	bool object, want_key, key_ok;
	size_t index; /* arrays: the element due */
	char path[JSON_HEAD_PATH_MAX];
	char key[JSON_HEAD_PATH_MAX]; /* objects: the member whose value is due */
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Past the string opening at D[*POS]; its text (escapes left as written) into OUT[0..CAP)
 * when OUT is given and it fits. False when the bytes end inside it. */
static bool skip_string(const char *d, size_t n, size_t *pos, char *out, size_t cap, bool *fits)
{
	size_t start = ++*pos;
	while (*pos < n && d[*pos] != '"')
		*pos += d[*pos] == '\\' ? 2 : 1;
	if (*pos >= n)
		return false;
	size_t len = *pos - start;
	++*pos;
	if (out != NULL) {
		*fits = len < cap;
		if (*fits) {
			memcpy(out, d + start, len);
			out[len] = '\0';
		}
	}
	return true;
}

static enum json_type type_at(char c)
{
	switch (c) {
	case '{':
		return JSON_OBJECT;
	case '[':
		return JSON_ARRAY;
	case '"':
		return JSON_STRING;
	case 't':
	case 'f':
		return JSON_BOOL;
	case 'n':
		return JSON_NULL;
	default:
		return JSON_NUMBER;
	}
}

void json_head_scan(const char *d, size_t n, struct json_head *h)
{
	memset(h, 0, sizeof(*h));
	size_t pos = 0;
	if (n >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0)
		pos = 3;
	while (pos < n && is_space(d[pos]))
		pos++;
	if (pos >= n || (d[pos] != '{' && d[pos] != '['))
		return;
	h->is_json = true;
	h->root = type_at(d[pos]);
	struct frame frames[2] = {{.object = d[pos] == '{', .want_key = d[pos] == '{'}};
	size_t depth = 1;   /* frames open */
	size_t skipped = 0; /* containers open below the recorded ones */
	pos++;
	while (pos < n) {
		char c = d[pos];
		if (is_space(c) || c == ':') {
			pos++;
			continue;
		}
		if (skipped > 0) {
			if (c == '"') {
				if (!skip_string(d, n, &pos, NULL, 0, NULL))
					return;
				continue;
			}
			skipped += c == '{' || c == '[';
			skipped -= c == '}' || c == ']';
			pos++;
			continue;
		}
		struct frame *f = &frames[depth - 1];
		if (c == '}' || c == ']') {
			if (--depth == 0)
				return;
			pos++;
			continue;
		}
		if (c == ',') {
			f->want_key = f->object;
			f->index += !f->object;
			pos++;
			continue;
		}
		if (f->want_key) {
			if (c != '"' || !skip_string(d, n, &pos, f->key, sizeof(f->key), &f->key_ok))
				return;
			f->want_key = false;
			continue;
		}
		/* a value begins: its path, when it is recorded */
		char path[JSON_HEAD_PATH_MAX];
		bool named = f->object ? f->key_ok : f->index == 0;
		if (named) {
			const char *dot = f->path[0] ? "." : "";
			int len = f->object ? snprintf(path, sizeof(path), "%s%s%s", f->path, dot, f->key)
					    : snprintf(path, sizeof(path), "%s[0]", f->path);
			named = len > 0 && (size_t)len < sizeof(path);
		}
		if (named && h->count < JSON_HEAD_PATHS) {
			memcpy(h->seen[h->count].path, path, sizeof(path));
			h->seen[h->count++].type = type_at(c);
		}
		if (c == '{' || c == '[') {
			if (named && depth < 2) {
				frames[depth] = (struct frame){.object = c == '{', .want_key = c == '{'};
				memcpy(frames[depth++].path, path, sizeof(path));
			} else {
				skipped = 1;
			}
			pos++;
		} else if (c == '"') {
			if (!skip_string(d, n, &pos, NULL, 0, NULL))
				return;
		} else {
			while (pos < n && !is_space(d[pos]) && d[pos] != ',' && d[pos] != '}' && d[pos] != ']')
				pos++;
		}
	}
}

bool json_head_has(const struct json_head *h, const char *path, enum json_type *type)
{
	for (size_t i = 0; i < h->count; i++)
		if (strcmp(h->seen[i].path, path) == 0) {
			if (type != NULL)
				*type = h->seen[i].type;
			return true;
		}
	return false;
}
