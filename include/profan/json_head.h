/* json_head.h: what the first bytes of a JSON document show of its shape, before it is
 * parsed: the root's type and the members near the top, with their values' types. The
 * formats tell themselves apart by it (format_of_head, format.h), so the inputs of a diff
 * are checked against each other before any of them is read whole. The scan stops where
 * the bytes end (a head is a prefix) or where the JSON is wrong; it never fails. */
#ifndef PROFAN_JSON_HEAD_H
#define PROFAN_JSON_HEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/jstream.h"

#define JSON_HEAD_PATHS 96
#define JSON_HEAD_PATH_MAX 48

struct json_head {
	bool is_json;        /* the bytes begin with an object or an array */
	enum json_type root; /* JSON_OBJECT or JSON_ARRAY when is_json */
	size_t count;
	struct {
		char path[JSON_HEAD_PATH_MAX]; /* "meta", "meta.interval", "libs[0]", "[0].ph" */
		enum json_type type;
	} seen[JSON_HEAD_PATHS];
};

/* Scans D[0..N) as far as the bytes go: the values two levels down from the root (of an
 * array, only the first element): "meta", "meta.interval", "libs[0]", "[0].ph". */
void json_head_scan(const char *d, size_t n, struct json_head *h);
/* Whether the value at PATH was seen (with *TYPE its type, when TYPE is not NULL). */
bool json_head_has(const struct json_head *h, const char *path, enum json_type *type);

#endif
