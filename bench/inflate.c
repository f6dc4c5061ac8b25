/* inflate.c: how fast each gzip library inflates one .json.gz, in one process, for issue 16's choice
 * of library (bench/inflate.sh builds and runs it; not part of profan).
 *
 *   zlib, 1 MiB chunks    inflate() from 1 MiB input slices into a 1 MiB output buffer that is
 *                         reused, as src/input/source.c does: the output stays in cache
 *   zlib, whole buffer    one inflate() call into a buffer of the decompressed size
 *   libdeflate, whole     libdeflate_gzip_decompress_ex() member by member into that buffer; it
 *                         cannot stream, so the whole output must fit in memory
 *   ... pre-faulted       the same into a buffer touched before the timing: the library alone
 *   ISA-L, 1 MiB chunks   isal_inflate() like zlib's chunked loop (built only with -DHAVE_ISAL)
 *
 * The compressed file is read into memory first; every variant runs ROUNDS times in rotated order
 * and the median is printed as MB/s of decompressed output. Whole-buffer variants allocate their
 * buffer inside the timing, so first-touch page faults count, as they would in profan.
 * Every variant must produce the same number of bytes (each library checks the CRC itself). */
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#ifdef HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#define CHUNK (1u << 20)
#define ROUNDS 3

struct input {
	const unsigned char *data;
	size_t len, out_len; /* out_len: from the trailers, summed over members */
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static size_t zlib_chunks(const struct input *in)
{
	static unsigned char out[CHUNK];
	z_stream z = {0};
	size_t total = 0, pos = 0;
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return 0;
	for (;;) {
		if (z.avail_in == 0 && pos < in->len) {
			size_t n = in->len - pos < CHUNK ? in->len - pos : CHUNK;
			z.next_in = (unsigned char *)in->data + pos;
			z.avail_in = (unsigned)n;
			pos += n;
		}
		z.next_out = out;
		z.avail_out = CHUNK;
		int rc = inflate(&z, Z_NO_FLUSH);
		total += CHUNK - z.avail_out;
		if (rc == Z_STREAM_END) {
			if (z.avail_in == 0 && pos == in->len)
				break;
			inflateReset(&z); /* another member */
		} else if (rc != Z_OK) {
			total = 0;
			break;
		}
	}
	inflateEnd(&z);
	return total;
}

static size_t zlib_whole(const struct input *in)
{
	unsigned char *out = malloc(in->out_len);
	z_stream z = {0};
	size_t total = 0;
	if (out == NULL || inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)in->data;
	z.next_out = out;
	while (z.avail_in || (size_t)(z.next_in - in->data) < in->len) {
		size_t left_in = in->len - (size_t)(z.next_in - in->data);
		size_t left_out = in->out_len - (size_t)(z.next_out - out);
		z.avail_in = left_in > UINT32_MAX ? UINT32_MAX : (unsigned)left_in;
		z.avail_out = left_out > UINT32_MAX ? UINT32_MAX : (unsigned)left_out;
		int rc = inflate(&z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			if ((size_t)(z.next_in - in->data) == in->len)
				break;
			inflateReset(&z);
		} else if (rc != Z_OK) {
			free(out);
			inflateEnd(&z);
			return 0;
		}
	}
	total = (size_t)(z.next_out - out);
	inflateEnd(&z);
	free(out);
	return total;
}

static unsigned char *prefaulted; /* for deflate_reused: the library's speed without page faults */

static size_t deflate_into(const struct input *in, unsigned char *out)
{
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	size_t in_pos = 0, out_pos = 0;
	while (out && d && in_pos < in->len) {
		size_t used, made;
		if (libdeflate_gzip_decompress_ex(d, in->data + in_pos, in->len - in_pos, out + out_pos,
						  in->out_len - out_pos, &used, &made) != LIBDEFLATE_SUCCESS) {
			out_pos = 0;
			break;
		}
		in_pos += used;
		out_pos += made;
	}
	libdeflate_free_decompressor(d);
	return out_pos;
}

static size_t deflate_whole(const struct input *in)
{
	unsigned char *out = malloc(in->out_len);
	size_t n = deflate_into(in, out);
	free(out);
	return n;
}

static size_t deflate_reused(const struct input *in)
{
	return deflate_into(in, prefaulted);
}

#ifdef HAVE_ISAL
static size_t isal_chunks(const struct input *in)
{
	static unsigned char out[CHUNK];
	static struct inflate_state st;
	size_t total = 0, pos = 0;
	isal_inflate_init(&st);
	st.crc_flag = ISAL_GZIP;
	for (;;) {
		if (st.avail_in == 0 && pos < in->len) {
			size_t n = in->len - pos < CHUNK ? in->len - pos : CHUNK;
			st.next_in = (unsigned char *)in->data + pos;
			st.avail_in = (uint32_t)n;
			pos += n;
		}
		st.next_out = out;
		st.avail_out = CHUNK;
		if (isal_inflate(&st) != ISAL_DECOMP_OK)
			return 0;
		total += CHUNK - st.avail_out;
		if (st.block_state == ISAL_BLOCK_FINISH) {
			if (st.avail_in == 0 && pos == in->len)
				break;
			/* another member: start over on the bytes left */
			unsigned char *next = st.next_in;
			uint32_t left = st.avail_in;
			isal_inflate_reset(&st);
			st.crc_flag = ISAL_GZIP;
			st.next_in = next;
			st.avail_in = left;
		}
	}
	return total;
}
#endif

static const struct variant {
	const char *name;
	size_t (*run)(const struct input *);
} variants[] = {
	{"zlib 1.2.13, 1 MiB chunks (profan today)", zlib_chunks},
	{"zlib 1.2.13, whole buffer", zlib_whole},
	{"libdeflate 1.14, whole buffer", deflate_whole},
	{"libdeflate 1.14, whole, buffer pre-faulted", deflate_reused},
#ifdef HAVE_ISAL
	{"ISA-L 2.30, 1 MiB chunks", isal_chunks},
#endif
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: inflate FILE.gz\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (f == NULL || fseek(f, 0, SEEK_END) != 0) {
		perror(argv[1]);
		return 1;
	}
	struct input in = {.len = (size_t)ftell(f)};
	unsigned char *data = malloc(in.len);
	rewind(f);
	if (data == NULL || fread(data, 1, in.len, f) != in.len) {
		perror(argv[1]);
		return 1;
	}
	fclose(f);
	in.data = data;
	in.out_len = zlib_chunks(&in); /* the exact size, and a warm-up */
	if (in.out_len == 0) {
		fprintf(stderr, "%s: not gzip\n", argv[1]);
		return 1;
	}
	prefaulted = malloc(in.out_len);
	if (prefaulted == NULL)
		return 1;
	memset(prefaulted, 0, in.out_len);
	double t[NVARIANTS][ROUNDS];
	for (int r = 0; r < ROUNDS; r++) {
		for (size_t k = 0; k < NVARIANTS; k++) {
			size_t v = (k + (size_t)r) % NVARIANTS;
			double t0 = now();
			size_t n = variants[v].run(&in);
			t[v][r] = now() - t0;
			if (n != in.out_len) {
				fprintf(stderr, "%s: %zu bytes, expected %zu\n", variants[v].name, n, in.out_len);
				return 1;
			}
		}
	}
	printf("%s: %.1f MB compressed, %.1f MB decompressed; median of %d\n", argv[1], (double)in.len / 1e6,
	       (double)in.out_len / 1e6, ROUNDS);
	double base = 0;
	for (size_t v = 0; v < NVARIANTS; v++) {
		qsort(t[v], ROUNDS, sizeof(double), by_double);
		double s = t[v][ROUNDS / 2];
		if (v == 0)
			base = s;
		printf("  %-42s %7.3f s  %7.1f MB/s  %5.2fx\n", variants[v].name, s, (double)in.out_len / 1e6 / s,
		       base / s);
	}
	free(prefaulted);
	free(data);
	return 0;
}
