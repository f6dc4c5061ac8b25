/* perf_zstd.c: `perf record -z` recordings (perf_data.h): their PERF_RECORD_COMPRESSED
 * records hold the other records as one zstd stream, which is inflated here once, before
 * the replay, into a buffer of plain records that then stands for the data section. */
#include <string.h>
#include <zstd.h>

#include "perf_data.h"
#include "profan/diag.h"
#include "profan/column.h"
#include "profan/source.h"

/* Appends N bytes at P to the buffer *B of *LEN bytes. */
static void put(unsigned char **b, size_t *len, const void *p, size_t n)
{
	*b = col_reserve(*b, *len + n, 1);
	memcpy(*b + *len, p, n);
	*len += n;
}

int perf_inflate_records(struct perf_file *f)
{
	size_t pos = f->data_off, at = pos;
	struct perf_rec r;
	int rc;
	bool any = false;
	while (!any && (rc = perf_next(f, &pos, &r)) == 1)
		any = r.type == PERF_REC_COMPRESSED;
	if (!any)
		return 0;
	ZSTD_DStream *z = ZSTD_createDStream();
	if (z == NULL || ZSTD_isError(ZSTD_initDStream(z))) {
		ZSTD_freeDStream(z);
		pf_error("%s: compressed records: zstd cannot start", f->origin);
		return -1;
	}
	uint64_t cap = source_max_decoded();
	unsigned char *b = col_resize(NULL, 0, 1), chunk[1 << 16];
	size_t len = 0;
	pos = at = f->data_off;
	while ((rc = perf_next(f, &pos, &r)) == 1) {
		if (r.type != PERF_REC_COMPRESSED) {
			put(&b, &len, f->d + at, pos - at); /* with any payload that follows it */
			at = pos;
			continue;
		}
		ZSTD_inBuffer in = {r.body, r.size, 0};
		/* a full output buffer may leave more to flush after the last input byte is taken */
		for (bool full = true; in.pos < in.size || full;) {
			ZSTD_outBuffer out = {chunk, sizeof(chunk), 0};
			size_t was = in.pos;
			size_t zr = ZSTD_decompressStream(z, &out, &in);
			if (ZSTD_isError(zr)) {
				pf_error("%s: compressed record at byte %zu: zstd: %s", f->origin, at,
					 ZSTD_getErrorName(zr));
				rc = -1;
				goto out;
			}
			if (len + out.pos > cap) {
				pf_error("%s: compressed records: input exceeds %llu MiB when decoded (set "
					 "PROFAN_MAX_INPUT_MB to raise the limit)",
					 f->origin, (unsigned long long)(cap >> 20));
				rc = -1;
				goto out;
			}
			put(&b, &len, chunk, out.pos);
			full = out.pos == out.size;
			if (out.pos == 0 && in.pos == was)
				break; /* nothing moved: the frame goes on in the next record */
		}
		at = pos;
	}
out:
	ZSTD_freeDStream(z);
	if (rc < 0) {
		col_free(b);
		return -1;
	}
	f->expanded = b;
	f->d = b;
	f->len = len;
	f->data_off = 0;
	f->data_end = len;
	return 0;
}
