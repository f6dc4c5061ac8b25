/* fuzz_json.c: the JSON layer (and gzip sniffing under it, and json_head) on arbitrary bytes.
 * Walks the whole tree afterwards so every accessor sees what the parser built.
 * One input in three is handed to the parser 1-5 bytes at a time, so chunk
 * boundaries fall inside numbers, strings, escapes and literals. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>

#include "input/source_test.h"
#include "profan/json.h"
#include "profan/json_head.h"
#include "profan/source.h"
#include "input/json_test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t walk(const struct json *v)
{
	/* iterative: fuzz inputs nest deeply */
	const struct json *stack[256];
	size_t depth = 0, seen = 0;
	stack[depth++] = v;
	while (depth > 0) {
		const struct json *n = stack[--depth];
		seen++;
		size_t len = json_len(n);
		for (size_t i = 0; i < len; i++) {
			const struct json *c = json_type(n) == JSON_OBJECT ? json_member(n, i, NULL) : json_at(n, i);
			int64_t iv;
			double dv;
			if (c == NULL) { /* packed numbers */
				json_i64_at(n, i, &iv);
				json_f64_at(n, i, &dv);
			} else if (depth < 256) {
				stack[depth++] = c;
			}
		}
		seen += json_str_len(n);
	}
	return seen;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct json_parse_opts repair = {.repair_missing_open_bracket = true};
	struct json_head head; /* what a diff reads of every input's first bytes (any prefix) */
	json_head_scan((const char *)data, size, &head);
	source_set_max_chunk(size % 3 == 0 ? 1 + size / 3 % 5 : 0);
	fuzz_diag_begin(); /* the error line quotes keys: still one line, nothing raw */
	struct json_doc *d = json_parse_buffer((const char *)data, size, "fuzz", size % 2 ? &repair : NULL);
	fuzz_diag_end(d == NULL);
	source_set_max_chunk(0);
	if (d != NULL) {
		char path[256];
		const struct json *root = json_doc_root(d);
		walk(root);
		json_path(d, root, path, sizeof(path));
		json_doc_free(d);
	}
	return 0;
}
