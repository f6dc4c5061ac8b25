/* fuzz_gzip.c: the gzip path of the source layer, under the JSON parser.
 *
 * The first byte picks the shape; the rest is the payload:
 *   bit 0     the payload is a raw deflate body behind a fixed gzip header
 *             (hostile compressed data: bad blocks, bombs, short trailers);
 *             otherwise the payload is gzip-compressed here, so the JSON
 *             inside is intact and the damage below is deliberate:
 *   bit 1     cut the compressed stream short (at a point the payload picks)
 *   bit 2     split the payload into two concatenated gzip members
 *   bit 3     append a trailing byte that is not another member
 *   bits 4-6  hand the parser 0, 1, 2, 3, 5, 8, 61 or 4096 bytes at a time
 *   bit 7     read a DHAT-style `"fs":]` as an empty array
 * An odd-sized input is inflated 64 bytes at a time, so past its first 64 bytes it is
 * inflated ahead on the second thread. The decoded-size cap is lowered to 1 MiB so bombs
 * reach it quickly. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "input/source_test.h"
#include "profan/diag.h"
#include "profan/json.h"
#include "profan/source.h"
#include "input/json_test.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	setenv("PROFAN_MAX_INPUT_MB", "1", 1);
	return 0;
}

/* Appends SIZE bytes of DATA as one gzip member to OUT at *LEN (OUT has room). */
static void gzip_member(const uint8_t *data, size_t size, uint8_t *out, size_t cap, size_t *len)
{
	z_stream z = {0};
	if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)size;
	z.next_out = out + *len;
	z.avail_out = (uInt)(cap - *len);
	if (deflate(&z, Z_FINISH) != Z_STREAM_END)
		abort();
	*len = cap - z.avail_out;
	deflateEnd(&z);
}

/* Counts values so every node is visited; iterative because inputs nest deeply. */
static size_t walk(const struct json *root)
{
	VEC(const struct json *) stack = {0};
	size_t seen = 0;
	vec_push(&stack, root);
	while (stack.len > 0) {
		const struct json *v = stack.items[--stack.len];
		seen++;
		for (size_t i = 0; i < json_len(v); i++) {
			const struct json *c =
				json_type(v) == JSON_OBJECT ? json_member(v, i, NULL) : json_at(v, i);
			if (c != NULL)
				vec_push(&stack, c);
		}
	}
	vec_free(&stack);
	return seen;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t chunk_caps[8] = {0, 1, 2, 3, 5, 8, 61, 4096};
	if (size < 1)
		return 0;
	uint8_t mode = data[0];
	data++, size--;
	pf_set_quiet(true);

	size_t cap = compressBound((uLong)size) + 128, len = 0; /* two gzip members and a byte */
	uint8_t *buf = xmalloc(cap);
	if (mode & 1) {
		static const uint8_t header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
		memcpy(buf, header, sizeof(header));
		memcpy(buf + sizeof(header), data, size);
		len = sizeof(header) + size;
	} else {
		size_t split = (mode & 4) ? size / 2 : size;
		gzip_member(data, split, buf, cap, &len);
		if (mode & 4)
			gzip_member(data + split, size - split, buf, cap, &len);
		if ((mode & 2) && len > 0)
			len = (size ? data[size - 1] : 0) % len; /* truncated, possibly to nothing */
		if (mode & 8)
			buf[len++] = 0x42;
	}
	source_set_max_chunk(chunk_caps[(mode >> 4) & 7]);
	source_set_gzip_chunk(size % 2 ? 64 : 0);
	static const struct json_parse_opts repair = {.repair_missing_open_bracket = true};
	const struct json_parse_opts *jopts = (mode & 128) ? &repair : NULL;
	fuzz_diag_begin();
	struct json_doc *d = json_parse_buffer((const char *)buf, len, "fuzz.gz", jopts);
	fuzz_diag_end(d == NULL);
	if (d != NULL) {
		walk(json_doc_root(d));
		json_doc_free(d);
	}
	source_set_max_chunk(0);
	source_set_gzip_chunk(0);
	free(buf);
	return 0;
}
