/* export_pprof.c: --pprof FILE.pb.gz, the profile.proto that go tool pprof,
 * speedscope, Perfetto and Pyroscope read. Hand-encoded protobuf (varints and
 * length-delimited fields; each message is built in its own buffer so its length
 * is known before its bytes), then gzip through zlib. One sample per distinct
 * leaf stack node, one value per additive metric, locations leaf first. */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "profan/export.h"
#include "profan/match.h"
#include "profan/text.h"

struct pb {
	uint8_t *buf;
	size_t len, cap;
};

static void pb_raw(struct pb *b, const void *data, size_t n)
{
	if (b->len + n > b->cap) {
		size_t ncap = grow_cap(b->cap, b->len + n, 256);
		b->buf = xrealloc(b->buf, ncap);
		b->cap = ncap;
	}
	if (n)
		memcpy(b->buf + b->len, data, n);
	b->len += n;
}

static void pb_varint(struct pb *b, uint64_t v)
{
	uint8_t tmp[10];
	size_t n = 0;
	do {
		tmp[n++] = (uint8_t)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v);
	pb_raw(b, tmp, n);
}

enum { WIRE_VARINT = 0, WIRE_LEN = 2 };

/* profile.proto strings are proto3 strings, which readers may check for UTF-8. */
static uint32_t intern_utf8(struct strmap *st, const char *s)
{
	size_t len = strlen(s);
	char *clean = xstrndup(s, len);
	text_utf8_clean(clean, len);
	uint32_t id = strmap_intern_len(st, clean, len);
	free(clean);
	return id;
}

static void pb_uint(struct pb *b, uint32_t field, uint64_t v)
{
	pb_varint(b, (uint64_t)field << 3 | WIRE_VARINT);
	pb_varint(b, v);
}

static void pb_bytes(struct pb *b, uint32_t field, const void *data, size_t n)
{
	pb_varint(b, (uint64_t)field << 3 | WIRE_LEN);
	pb_varint(b, n);
	pb_raw(b, data, n);
}

/* Appends SUB as a length-delimited field and empties it for reuse. */
static void pb_message(struct pb *b, uint32_t field, struct pb *sub)
{
	pb_bytes(b, field, sub->buf, sub->len);
	sub->len = 0;
}

/* Packed repeated int64/uint64 (negative int64 go out as ten-byte two's complement, as protobuf says). */
static void pb_packed(struct pb *b, uint32_t field, const uint64_t *v, size_t n, struct pb *scratch)
{
	for (size_t i = 0; i < n; i++)
		pb_varint(scratch, v[i]);
	pb_message(b, field, scratch);
}

static const char *unit_name(enum pf_unit u)
{
	switch (u) {
	case PF_UNIT_MICROSECONDS: return "microseconds";
	case PF_UNIT_NANOSECONDS: return "nanoseconds";
	case PF_UNIT_BYTES: return "bytes";
	case PF_UNIT_COUNT:
	case PF_UNIT_PPM:
	case PF_UNIT_PPM_CHANGE:
	case PF_UNIT_PVALUE: break;
	}
	return "count";
}

/* Field numbers of profile.proto. */
enum {
	PROFILE_SAMPLE_TYPE = 1,
	PROFILE_SAMPLE = 2,
	PROFILE_MAPPING = 3,
	PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5,
	PROFILE_STRING_TABLE = 6,
	PROFILE_COMMENT = 13,
	PROFILE_DEFAULT_SAMPLE_TYPE = 14,
};

static int write_gzip(const char *path, const struct pb *b)
{
	struct output *file = output_open(path, "--pprof");
	if (file == NULL)
		return -1;
	FILE *f = file->f;
	z_stream z = {0};
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		output_abort(file);
		pf_error("%s: zlib: cannot start compression", path);
		return -1;
	}
	uint8_t out[65536];
	z.next_in = b->buf;
	z.avail_in = (uInt)b->len; /* profiles stay far below 4 GiB of protobuf; checked by the caller */
	int zr;
	do {
		z.next_out = out;
		z.avail_out = sizeof(out);
		zr = deflate(&z, Z_FINISH);
		fwrite(out, 1, sizeof(out) - z.avail_out, f);
	} while (zr == Z_OK || zr == Z_BUF_ERROR);
	deflateEnd(&z);
	if (zr != Z_STREAM_END) {
		output_abort(file);
		pf_error("%s: zlib: compression failed", path);
		return -1;
	}
	return output_close(file);
}

int export_pprof(const char *path, const struct profile *p, size_t metric, const bool *keep)
{
	struct strmap st; /* the string table: id 0 is "", as profile.proto requires */
	strmap_init(&st);
	size_t types[PF_MAX_METRICS], ntypes = 0;
	for (size_t m = 0; m < p->metric_count; m++)
		if (p->metrics[m].additive || m == metric) /* maxima do not add up across samples */
			types[ntypes++] = m;
	size_t nn = p->stacks.len;
	/* per leaf node (and one slot for samples without a stack) and sample type */
	int64_t *val = xcalloc((nn + 1) * ntypes + 1, sizeof(*val));
	bool *weighted = xcalloc(nn + 1, sizeof(*weighted));
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t th = p->sample_thread[i];
		if ((keep != NULL && !keep[i]) || (th != PF_NONE && p->threads.items[th].excluded))
			continue;
		uint32_t s = p->sample_stack[i];
		size_t slot = s == PF_NONE ? nn : s;
		for (size_t k = 0; k < ntypes; k++)
			val[slot * ntypes + k] += p->sample_values[types[k]][i];
		weighted[slot] = true;
	}
	bool *used = xcalloc(nn + 1, sizeof(*used));
	for (size_t n = nn; n-- > 0;) {
		used[n] |= weighted[n];
		uint32_t parent = p->stacks.items[n].parent;
		if (used[n] && parent != PF_NONE)
			used[parent] = true;
	}
	bool *frame_used = xcalloc(p->frames.len + 1, 1), *func_used = xcalloc(p->funcs.len + 1, 1);
	bool *lib_used = xcalloc(p->libs.len + 1, 1);
	for (size_t n = 0; n < nn; n++)
		if (used[n])
			frame_used[p->stacks.items[n].frame] = true;
	for (size_t f = 0; f < p->frames.len; f++) {
		if (!frame_used[f])
			continue;
		const struct pf_frame *fr = &p->frames.items[f];
		func_used[fr->func] = true;
		if (fr->lib != PF_NONE)
			lib_used[fr->lib] = true;
	}

	struct pb out = {0}, msg = {0}, sub = {0}, scratch = {0};
	for (size_t k = 0; k < ntypes; k++) {
		const struct pf_metric *m = &p->metrics[types[k]];
		pb_uint(&msg, 1, intern_utf8(&st, m->name));
		pb_uint(&msg, 2, intern_utf8(&st, unit_name(m->unit)));
		pb_message(&out, PROFILE_SAMPLE_TYPE, &msg);
	}
	VEC(uint64_t) locs = {0};
	uint64_t values[PF_MAX_METRICS];
	uint64_t no_stack_loc = p->frames.len + 1, no_stack_func = p->funcs.len + 1;
	for (size_t n = 0; n <= nn; n++) {
		if (!weighted[n])
			continue;
		locs.len = 0;
		if (n == nn)
			vec_push(&locs, no_stack_loc);
		else
			for (uint32_t s = (uint32_t)n; s != PF_NONE; s = p->stacks.items[s].parent)
				vec_push(&locs, (uint64_t)p->stacks.items[s].frame + 1); /* leaf first */
		for (size_t k = 0; k < ntypes; k++)
			values[k] = (uint64_t)val[n * ntypes + k];
		pb_packed(&msg, 1, locs.items, locs.len, &scratch);
		pb_packed(&msg, 2, values, ntypes, &scratch);
		pb_message(&out, PROFILE_SAMPLE, &msg);
	}
	/* pprof takes the first mapping for the program ("File:" of its reports): the main binary's goes
	 * first, or, when no library is marked main, the first holding a function of the user's own code. */
	size_t main_lib = p->libs.len;
	for (size_t l = 0; l < p->libs.len && main_lib == p->libs.len; l++)
		if (lib_used[l] && (p->libs.items[l].flags & PF_LIB_MAIN))
			main_lib = l;
	for (size_t f = 0; f < p->frames.len && main_lib == p->libs.len; f++) {
		const struct pf_frame *fr = &p->frames.items[f];
		if (frame_used[f] && fr->lib != PF_NONE && (p->funcs.items[fr->func].flags & PF_FUNC_OWNED))
			main_lib = fr->lib;
	}
	for (size_t i = 0; i <= p->libs.len; i++) {
		size_t l = i == 0 ? main_lib : i - 1;
		if (l >= p->libs.len || !lib_used[l] || (i > 0 && l == main_lib))
			continue;
		const struct pf_lib *lib = &p->libs.items[l];
		pb_uint(&msg, 1, l + 1);
		pb_uint(&msg, 5, intern_utf8(&st, profile_str(p, lib->path ? lib->path : lib->name)));
		if (lib->code_id)
			pb_uint(&msg, 6, intern_utf8(&st, profile_str(p, lib->code_id)));
		pb_uint(&msg, 7, 1); /* has_functions: names are final, pprof must not symbolize again */
		pb_uint(&msg, 8, 1);
		pb_uint(&msg, 9, 1);
		pb_message(&out, PROFILE_MAPPING, &msg);
	}
	for (size_t f = 0; f <= p->frames.len; f++) {
		bool synthetic = f == p->frames.len;
		if (synthetic ? !weighted[nn] : !frame_used[f])
			continue;
		pb_uint(&msg, 1, synthetic ? no_stack_loc : f + 1);
		if (!synthetic) {
			const struct pf_frame *fr = &p->frames.items[f];
			if (fr->lib != PF_NONE)
				pb_uint(&msg, 2, fr->lib + 1);
			if (fr->address != PF_NO_ADDRESS)
				pb_uint(&msg, 3, fr->address);
			pb_uint(&sub, 1, fr->func + 1);
			if (fr->line)
				pb_uint(&sub, 2, fr->line);
		} else {
			pb_uint(&sub, 1, no_stack_func);
		}
		pb_message(&msg, 4, &sub);
		pb_message(&out, PROFILE_LOCATION, &msg);
	}
	for (size_t f = 0; f <= p->funcs.len; f++) {
		bool synthetic = f == p->funcs.len;
		if (synthetic ? !weighted[nn] : !func_used[f])
			continue;
		uint64_t name = intern_utf8(&st, synthetic ? "(no stack)" : func_label(p, (uint32_t)f));
		pb_uint(&msg, 1, synthetic ? no_stack_func : f + 1);
		pb_uint(&msg, 2, name);
		pb_uint(&msg, 3, name);
		if (!synthetic) {
			const struct pf_func *fn = &p->funcs.items[f];
			if (fn->file)
				pb_uint(&msg, 4, intern_utf8(&st, profile_str(p, fn->file)));
			if (fn->line)
				pb_uint(&msg, 5, fn->line);
		}
		pb_message(&out, PROFILE_FUNCTION, &msg);
	}
	char *comment_text = xasprintf("exported by profan from a %s profile", p->format ? p->format : "");
	uint64_t comment = intern_utf8(&st, comment_text);
	free(comment_text);
	size_t k_default = 0;
	for (size_t k = 0; k < ntypes; k++)
		if (types[k] == metric)
			k_default = k;
	uint64_t default_type = ntypes ? intern_utf8(&st, p->metrics[types[k_default]].name) : 0;
	for (uint32_t i = 0; i < st.count; i++)
		pb_bytes(&out, PROFILE_STRING_TABLE, strmap_str(&st, i), strmap_len(&st, i));
	pb_uint(&out, PROFILE_COMMENT, comment);
	if (ntypes)
		pb_uint(&out, PROFILE_DEFAULT_SAMPLE_TYPE, default_type);

	int rc;
	if (out.len > UINT32_MAX) {
		pf_error("%s: the profile is too large for one pprof file (%zu bytes)", path, out.len);
		rc = -1;
	} else {
		rc = write_gzip(path, &out);
	}
	vec_free(&locs);
	free(out.buf);
	free(msg.buf);
	free(sub.buf);
	free(scratch.buf);
	free(val);
	free(weighted);
	free(used);
	free(frame_used);
	free(func_used);
	free(lib_used);
	strmap_release(&st);
	return rc;
}
