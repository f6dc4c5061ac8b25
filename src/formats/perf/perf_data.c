/* perf_data.c: reads perf.data (perf_data.h): the header, attributes and feature sections of
 * tools/perf/util/header.c's layout, and the records of perf_event.h, every size checked
 * against the bytes there are. Pipe mode carries the header's parts as records, read here in
 * one pass before the caller walks the data. */
#include "perf_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/column.h"
#include "profan/diag.h"

#define FILE_HEADER_SIZE 104
#define PIPE_HEADER_SIZE 16
#define ATTR_SIZE_VER0 64
#define ATTR_SIZE_MAX 4096

/* feature bits (header.h HEADER_*) */
enum { FEAT_BUILD_ID = 2, FEAT_HOSTNAME, FEAT_OSRELEASE, FEAT_VERSION, FEAT_ARCH, FEAT_NRCPUS, FEAT_CPUDESC,
       FEAT_CMDLINE = 11, FEAT_EVENT_DESC = 12, FEAT_LAST = 256 };

#define PERF_FORMAT_TOTAL_TIME_ENABLED 1
#define PERF_FORMAT_TOTAL_TIME_RUNNING 2
#define PERF_FORMAT_ID 4
#define PERF_FORMAT_GROUP 8
#define PERF_FORMAT_LOST 16
#define PERF_BRANCH_HW_INDEX (1ull << 17)
#define PERF_MISC_BUILD_ID_SIZE (1 << 15)

static int fail(const struct perf_file *f, const char *fmt, ...) PF_PRINTF(2, 3);
static int fail(const struct perf_file *f, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pf_error("%s: %s", f->origin, msg);
	return -1;
}

/* OFF + SIZE lies within LEN (no wrap). */
static bool within(uint64_t off, uint64_t size, size_t len)
{
	return off <= len && size <= len - off;
}

/* ---- attributes ---- */

static const char *const hw_names[] = {"cycles", "instructions", "cache-references", "cache-misses",
				       "branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
				       "stalled-cycles-backend", "ref-cycles"};
static const char *const sw_names[] = {"cpu-clock", "task-clock", "page-faults", "context-switches",
				       "cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
				       "emulation-faults", "dummy", "bpf-output", "cgroup-switches"};

static void attr_own_name(struct perf_attr *a)
{
	if (a->type == 0 && a->config < ARRAY_SIZE(hw_names))
		snprintf(a->own_name, sizeof(a->own_name), "%s", hw_names[a->config]);
	else if (a->type == 1 && a->config < ARRAY_SIZE(sw_names))
		snprintf(a->own_name, sizeof(a->own_name), "%s", sw_names[a->config]);
	else
		snprintf(a->own_name, sizeof(a->own_name), "type %u config 0x%llx", a->type,
			 (unsigned long long)a->config);
}

/* The attribute in P[0..N) (N >= ATTR_SIZE_VER0). */
static int attr_read(struct perf_file *f, const unsigned char *p, size_t n, size_t index)
{
	struct perf_attr a = {0};
	a.type = perf_rd32(p);
	a.config = perf_rd64(p + 8);
	a.period = perf_rd64(p + 16);
	a.sample_type = perf_rd64(p + 24);
	a.read_format = perf_rd64(p + 32);
	uint64_t flags = perf_rd64(p + 40);
	a.exclude_user = flags >> 4 & 1;
	a.exclude_kernel = flags >> 5 & 1;
	a.freq = flags >> 10 & 1;
	a.sample_id_all = flags >> 18 & 1;
	a.context_switch = flags >> 26 & 1;
	if (n >= 80)
		a.branch_sample_type = perf_rd64(p + 72);
	if (n >= 88)
		a.sample_regs_user = perf_rd64(p + 80);
	if (n >= 92)
		a.sample_stack_user = perf_rd32(p + 88);
	if (a.sample_type & ~(uint64_t)PERF_ST_KNOWN)
		return fail(f, "attribute %zu: sample_type 0x%llx has bits profan does not know, so its samples "
			    "cannot be read", index, (unsigned long long)a.sample_type);
	attr_own_name(&a);
	vec_push(&f->attrs, a);
	return 0;
}

static void id_add(struct perf_file *f, uint64_t id, uint32_t attr)
{
	vec_reserve(&f->ids, f->ids.len + 1);
	f->ids.items[f->ids.len].id = id;
	f->ids.items[f->ids.len].attr = attr;
	f->ids.len++;
}

static int id_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

uint32_t perf_attr_of_id(const struct perf_file *f, uint64_t id)
{
	if (f->attrs.len <= 1 || f->ids.len == 0)
		return 0;
	size_t lo = 0, hi = f->ids.len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->ids.items[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->ids.len && f->ids.items[lo].id == id ? f->ids.items[lo].attr : 0;
}

/* ---- features ---- */

/* A string as header.c writes it (u32 length, then that many bytes, NUL-padded) at *P of
 * END; NULL when it does not fit or has no NUL. */
static const char *feat_string(const unsigned char **p, const unsigned char *end)
{
	if (end - *p < 4)
		return NULL;
	uint32_t n = perf_rd32(*p);
	if ((size_t)(end - *p - 4) < n || n == 0 || memchr(*p + 4, 0, n) == NULL)
		return NULL;
	const char *s = (const char *)*p + 4;
	*p += 4 + (size_t)n;
	return s;
}

/* One build_id_event at P[0..N) (its own header first); its size, or 0 when broken. */
static size_t build_id_read(struct perf_file *f, const unsigned char *p, size_t n)
{
	if (n < 8 + 4 + 24 + 1)
		return 0;
	uint16_t misc = (uint16_t)(perf_rd32(p + 4) & 0xffff);
	size_t size = (uint16_t)(perf_rd32(p + 4) >> 16);
	if (size < 8 + 4 + 24 + 1 || size > n)
		return 0;
	const unsigned char *name = p + 8 + 4 + 24;
	if (memchr(name, 0, size - (8 + 4 + 24)) == NULL)
		return 0;
	struct perf_build_id b = {.pid = (int32_t)perf_rd32(p + 8), .cpumode = misc & PERF_MISC_CPUMODE_MASK,
				  .filename = (const char *)name};
	b.len = misc & PERF_MISC_BUILD_ID_SIZE ? p[8 + 4 + 20] : 20;
	if (b.len > 20)
		b.len = 20;
	memcpy(b.id, p + 12, 20);
	vec_push(&f->build_ids, b);
	return size;
}

static void event_desc(struct perf_file *f, const unsigned char *p, const unsigned char *end)
{
	if (end - p < 8)
		goto bad;
	uint32_t nre = perf_rd32(p), sz = perf_rd32(p + 4);
	p += 8;
	if (sz < ATTR_SIZE_VER0 || sz > ATTR_SIZE_MAX)
		goto bad;
	for (uint32_t e = 0; e < nre; e++) {
		if ((size_t)(end - p) < (size_t)sz + 4)
			goto bad;
		p += sz;
		uint32_t nid = perf_rd32(p);
		p += 4;
		const char *name = feat_string(&p, end);
		if (name == NULL || (size_t)(end - p) / 8 < nid)
			goto bad;
		uint32_t attr = nid ? perf_attr_of_id(f, perf_rd64(p)) : e;
		if (f->attrs.len == 1 && e > 0)
			attr = UINT32_MAX;
		if (attr < f->attrs.len && *name)
			f->attrs.items[attr].name = name;
		p += (size_t)nid * 8;
	}
	return;
bad:
	f->bad_features++;
}

static void feature(struct perf_file *f, unsigned bit, const unsigned char *p, size_t n)
{
	const unsigned char *end = p + n;
	const char *s;
	switch (bit) {
	case FEAT_BUILD_ID:
		while (p < end) {
			size_t used = build_id_read(f, p, (size_t)(end - p));
			if (used == 0) {
				f->bad_features++;
				return;
			}
			p += used;
		}
		return;
	case FEAT_HOSTNAME:
	case FEAT_OSRELEASE:
	case FEAT_VERSION:
	case FEAT_ARCH:
	case FEAT_CPUDESC:
		if ((s = feat_string(&p, end)) == NULL) {
			f->bad_features++;
			return;
		}
		*(bit == FEAT_HOSTNAME    ? &f->hostname
		  : bit == FEAT_OSRELEASE ? &f->osrelease
		  : bit == FEAT_VERSION   ? &f->version
		  : bit == FEAT_ARCH      ? &f->arch
					  : &f->cpudesc) = s;
		return;
	case FEAT_NRCPUS:
		if (n < 8) {
			f->bad_features++;
			return;
		}
		f->nr_cpus_avail = perf_rd32(p);
		f->nr_cpus_online = perf_rd32(p + 4);
		return;
	case FEAT_CMDLINE: {
		if (n < 4) {
			f->bad_features++;
			return;
		}
		uint32_t nr = perf_rd32(p);
		p += 4;
		VEC(char) line = {0};
		for (uint32_t i = 0; i < nr; i++) {
			if ((s = feat_string(&p, end)) == NULL) {
				f->bad_features++;
				break;
			}
			size_t k = strlen(s);
			vec_reserve(&line, line.len + k + 2);
			if (line.len)
				line.items[line.len++] = ' ';
			memcpy(line.items + line.len, s, k);
			line.len += k;
			line.items[line.len] = '\0';
		}
		free(f->cmdline);
		f->cmdline = line.items;
		return;
	}
	case FEAT_EVENT_DESC:
		event_desc(f, p, end);
		return;
	default:
		return;
	}
}

/* ---- the file's header ---- */

static int open_file_mode(struct perf_file *f)
{
	const unsigned char *d = f->d;
	if (f->len < FILE_HEADER_SIZE)
		return fail(f, "header: truncated: %zu bytes, the header alone is %d", f->len, FILE_HEADER_SIZE);
	uint64_t attr_size = perf_rd64(d + 16);
	uint64_t aoff = perf_rd64(d + 24), asize = perf_rd64(d + 32);
	uint64_t doff = perf_rd64(d + 40), dsize = perf_rd64(d + 48);
	if (!within(aoff, asize, f->len))
		return fail(f, "header: the attribute section (%llu bytes at %llu) runs past the end of the file "
			    "(%zu bytes)", (unsigned long long)asize, (unsigned long long)aoff, f->len);
	if (attr_size < ATTR_SIZE_VER0 + 16 || attr_size > ATTR_SIZE_MAX + 16 || asize % attr_size != 0)
		return fail(f, "header: attribute size %llu does not divide the attribute section's %llu bytes",
			    (unsigned long long)attr_size, (unsigned long long)asize);
	if (doff > f->len)
		return fail(f, "header: the data section starts at %llu, past the end of the file (%zu bytes)",
			    (unsigned long long)doff, f->len);
	bool cut = !within(doff, dsize, f->len);
	if (dsize == 0 || cut) /* a recording that was killed, or a file cut short: what is there */
		dsize = f->len - doff;
	f->data_off = (size_t)doff;
	f->data_end = (size_t)(doff + dsize);
	for (uint64_t i = 0; i < asize / attr_size; i++) {
		const unsigned char *a = d + aoff + i * attr_size;
		if (attr_read(f, a, (size_t)attr_size - 16, (size_t)i) < 0)
			return -1;
		uint64_t ioff = perf_rd64(a + attr_size - 16), isize = perf_rd64(a + attr_size - 8);
		if (!within(ioff, isize, f->len) || isize % 8 != 0)
			return fail(f, "attribute %llu: its ids (%llu bytes at %llu) are not inside the file",
				    (unsigned long long)i, (unsigned long long)isize, (unsigned long long)ioff);
		for (uint64_t k = 0; k < isize / 8; k++)
			id_add(f, perf_rd64(d + ioff + k * 8), (uint32_t)i);
	}
	if (f->attrs.len == 0)
		return fail(f, "header: no event attributes: not a recording");
	/* the feature sections follow the data, one perf_file_section per bit set */
	uint64_t foff = doff + perf_rd64(d + 48);
	unsigned nfeat = 0;
	for (unsigned bit = 0; bit < FEAT_LAST; bit++) {
		if (!(perf_rd64(d + 72 + bit / 64 * 8) >> (bit % 64) & 1))
			continue;
		uint64_t at = foff + (uint64_t)nfeat++ * 16;
		if (cut || !within(at, 16, f->len)) {
			f->bad_features++;
			continue;
		}
		uint64_t off = perf_rd64(d + at), size = perf_rd64(d + at + 8);
		if (!within(off, size, f->len)) {
			f->bad_features++;
			continue;
		}
		feature(f, bit, d + off, (size_t)size);
	}
	return 0;
}

/* Pipe mode: attributes, features and build ids come as records; read them all first. */
static int open_pipe_mode(struct perf_file *f)
{
	f->data_off = PIPE_HEADER_SIZE;
	f->data_end = f->len;
	size_t pos = f->data_off;
	struct perf_rec r;
	int rc;
	while ((rc = perf_next(f, &pos, &r)) == 1) {
		if (r.type == PERF_REC_HEADER_ATTR) {
			if (r.size < ATTR_SIZE_VER0)
				return fail(f, "attribute record: %zu bytes, an attribute is at least %d", r.size,
					    ATTR_SIZE_VER0);
			size_t asz = perf_rd32(r.body + 4);
			if (asz < ATTR_SIZE_VER0 || asz > r.size)
				asz = r.size < ATTR_SIZE_MAX ? r.size & ~(size_t)7 : ATTR_SIZE_MAX;
			if (attr_read(f, r.body, asz, f->attrs.len) < 0)
				return -1;
			for (size_t k = asz; k + 8 <= r.size; k += 8)
				id_add(f, perf_rd64(r.body + k), (uint32_t)(f->attrs.len - 1));
		} else if (r.type == PERF_REC_HEADER_FEATURE && r.size >= 8) {
			uint64_t bit = perf_rd64(r.body);
			if (bit < FEAT_LAST)
				feature(f, (unsigned)bit, r.body + 8, r.size - 8);
		} else if (r.type == PERF_REC_HEADER_BUILD_ID) {
			if (build_id_read(f, r.body - 8, r.size + 8) == 0)
				f->bad_features++;
		}
	}
	if (rc < 0)
		return -1;
	if (f->attrs.len == 0)
		return fail(f, "pipe header: no event attribute records: not a recording");
	return 0;
}

int perf_open(struct perf_file *f, const void *d, size_t len, const char *origin)
{
	memset(f, 0, sizeof(*f));
	f->d = d;
	f->len = len;
	f->origin = origin;
	if (len < PIPE_HEADER_SIZE)
		return fail(f, "header: truncated: %zu bytes", len);
	if (memcmp(d, "2ELIFREP", 8) == 0)
		return fail(f, "header: a big-endian perf.data: profan reads little-endian recordings only");
	if (memcmp(d, "PERFILE2", 8) != 0)
		return fail(f, "header: not a perf.data file of version 2 (magic PERFILE2)");
	uint64_t hsize = perf_rd64(f->d + 8);
	int rc;
	if (hsize == PIPE_HEADER_SIZE) {
		f->pipe = true;
		rc = open_pipe_mode(f);
	} else if (hsize == FILE_HEADER_SIZE) {
		rc = open_file_mode(f);
	} else {
		return fail(f, "header: header size %llu, expected %d (a file) or %d (a pipe)",
			    (unsigned long long)hsize, FILE_HEADER_SIZE, PIPE_HEADER_SIZE);
	}
	if (rc == 0 && f->ids.len > 1)
		qsort(f->ids.items, f->ids.len, sizeof(*f->ids.items), id_cmp);
	return rc;
}

void perf_release(struct perf_file *f)
{
	vec_free(&f->attrs);
	vec_free(&f->ids);
	vec_free(&f->build_ids);
	free(f->cmdline);
	f->cmdline = NULL;
	col_free(f->expanded);
	f->expanded = NULL;
}

/* ---- records ---- */

int perf_next(const struct perf_file *f, size_t *pos, struct perf_rec *r)
{
	size_t at = *pos;
	if (at >= f->data_end)
		return 0;
	if (f->data_end - at < 8)
		return fail(f, "record at byte %zu: truncated header (%zu bytes left)", at, f->data_end - at);
	const unsigned char *h = f->d + at;
	uint32_t w = perf_rd32(h + 4);
	size_t size = w >> 16;
	if (size < 8 || size > f->data_end - at)
		return fail(f, "record at byte %zu: size %zu %s", at, size,
			    size < 8 ? "is smaller than its own header" : "runs past the end of the data");
	r->type = perf_rd32(h);
	r->misc = (uint16_t)(w & 0xffff);
	r->body = h + 8;
	r->size = size - 8;
	at += size;
	/* payloads that follow their record outside its stated size */
	uint64_t extra = 0;
	if (r->type == PERF_REC_HEADER_TRACING_DATA && r->size >= 4)
		extra = perf_rd32(r->body);
	else if (r->type == PERF_REC_AUXTRACE && r->size >= 8)
		extra = perf_rd64(r->body);
	if (extra > f->data_end - at)
		return fail(f, "record at byte %zu: its payload of %llu bytes runs past the end of the data", *pos,
			    (unsigned long long)extra);
	*pos = at + (size_t)extra;
	return 1;
}

static unsigned sid_words(uint64_t st)
{
	return !!(st & PERF_ST_TID) + !!(st & PERF_ST_TIME) + !!(st & PERF_ST_ID) + !!(st & PERF_ST_STREAM_ID) +
	       !!(st & PERF_ST_CPU) + !!(st & PERF_ST_IDENTIFIER);
}

size_t perf_body_len(const struct perf_file *f, const struct perf_rec *r)
{
	const struct perf_attr *a = &f->attrs.items[0];
	size_t t = a->sample_id_all ? 8 * (size_t)sid_words(a->sample_type) : 0;
	return r->size >= t ? r->size - t : 0;
}

bool perf_sid_parse(const struct perf_file *f, const struct perf_rec *r, struct perf_sid *s)
{
	memset(s, 0, sizeof(*s));
	const struct perf_attr *a = &f->attrs.items[0];
	if (!a->sample_id_all)
		return true;
	uint64_t st = a->sample_type;
	size_t t = 8 * (size_t)sid_words(st);
	if (r->size < t)
		return false;
	const unsigned char *p = r->body + r->size - t;
	if (st & PERF_ST_TID) {
		s->pid = perf_rd32(p);
		s->tid = perf_rd32(p + 4);
		p += 8;
	}
	if (st & PERF_ST_TIME) {
		s->time = perf_rd64(p);
		s->has_time = true;
		p += 8;
	}
	p += 8 * (!!(st & PERF_ST_ID) + !!(st & PERF_ST_STREAM_ID));
	if (st & PERF_ST_CPU)
		s->cpu = perf_rd32(p);
	return true;
}

#define NEED(k)                                                                                   \
	do {                                                                                      \
		if ((size_t)(end - p) < (size_t)(k))                                              \
			return "shorter than its sample_type says";                               \
	} while (0)

/* Which attribute sample R belongs to, in *ATTR: the id's place is the same for every
 * attribute (perf requires it). False when R is too short to say. */
static bool sample_attr(const struct perf_file *f, const struct perf_rec *r, uint32_t *attr)
{
	*attr = 0;
	uint64_t st0 = f->attrs.items[0].sample_type;
	if (f->attrs.len > 1) {
		size_t at = st0 & PERF_ST_IDENTIFIER ? 0
			    : st0 & PERF_ST_ID
				    ? 8 * (size_t)(!!(st0 & PERF_ST_IP) + !!(st0 & PERF_ST_TID) +
						   !!(st0 & PERF_ST_TIME) + !!(st0 & PERF_ST_ADDR))
				    : SIZE_MAX;
		if (at != SIZE_MAX) {
			if (r->size < at + 8)
				return false;
			*attr = perf_attr_of_id(f, perf_rd64(r->body + at));
		}
	}
	return true;
}

bool perf_sample_time(const struct perf_file *f, const struct perf_rec *r, uint64_t *time)
{
	uint32_t attr;
	if (!sample_attr(f, r, &attr))
		return false;
	uint64_t st = f->attrs.items[attr].sample_type;
	size_t at = 8 * (size_t)(!!(st & PERF_ST_IDENTIFIER) + !!(st & PERF_ST_IP) + !!(st & PERF_ST_TID));
	if (!(st & PERF_ST_TIME) || r->size < at + 8)
		return false;
	*time = perf_rd64(r->body + at);
	return true;
}

const char *perf_sample_parse(const struct perf_file *f, const struct perf_rec *r, struct perf_sample *s)
{
	memset(s, 0, sizeof(*s));
	const unsigned char *p = r->body, *end = r->body + r->size;
	if (!sample_attr(f, r, &s->attr))
		return "shorter than its sample_type says";
	const struct perf_attr *a = &f->attrs.items[s->attr];
	uint64_t st = a->sample_type;
	if (st & PERF_ST_IDENTIFIER) {
		NEED(8);
		s->id = perf_rd64(p);
		p += 8;
	}
	if (st & PERF_ST_IP) {
		NEED(8);
		s->ip = perf_rd64(p);
		p += 8;
	}
	if (st & PERF_ST_TID) {
		NEED(8);
		s->pid = perf_rd32(p);
		s->tid = perf_rd32(p + 4);
		p += 8;
	}
	if (st & PERF_ST_TIME) {
		NEED(8);
		s->time = perf_rd64(p);
		s->has_time = true;
		p += 8;
	}
	if (st & PERF_ST_ADDR) {
		NEED(8);
		s->addr = perf_rd64(p);
		p += 8;
	}
	if (st & PERF_ST_ID) {
		NEED(8);
		s->id = perf_rd64(p);
		p += 8;
	}
	if (st & PERF_ST_STREAM_ID) {
		NEED(8);
		p += 8;
	}
	if (st & PERF_ST_CPU) {
		NEED(8);
		s->cpu = perf_rd32(p);
		p += 8;
	}
	s->period = a->freq ? 1 : a->period;
	if (st & PERF_ST_PERIOD) {
		NEED(8);
		s->period = perf_rd64(p);
		p += 8;
	}
	if (st & PERF_ST_READ) {
		uint64_t rf = a->read_format;
		size_t times = 8 * (size_t)(!!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
					    !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING));
		size_t per = 8 * (size_t)(1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST));
		if (rf & PERF_FORMAT_GROUP) {
			NEED(8);
			uint64_t nr = perf_rd64(p);
			p += 8;
			NEED(times);
			p += times;
			if (nr > (size_t)(end - p) / per)
				return "its read group is longer than the record";
			p += nr * per;
		} else {
			NEED(times + per);
			p += times + per;
		}
	}
	if (st & PERF_ST_CALLCHAIN) {
		NEED(8);
		uint64_t nr = perf_rd64(p);
		p += 8;
		if (nr > (size_t)(end - p) / 8)
			return "its callchain is longer than the record";
		s->nr = (size_t)nr;
		s->chain = p;
		p += nr * 8;
	}
	if (st & PERF_ST_RAW) {
		NEED(4);
		uint32_t n = perf_rd32(p);
		NEED(4 + (uint64_t)n);
		p += 4 + (size_t)n;
	}
	if (st & PERF_ST_BRANCH_STACK) {
		NEED(8);
		uint64_t nr = perf_rd64(p);
		p += 8;
		if (a->branch_sample_type & PERF_BRANCH_HW_INDEX) {
			NEED(8);
			p += 8;
		}
		if (nr > (size_t)(end - p) / 24)
			return "its branch stack is longer than the record";
		p += nr * 24;
	}
	if (st & PERF_ST_REGS_USER) {
		NEED(8);
		s->abi = perf_rd64(p);
		p += 8;
		if (s->abi) {
			size_t n = 8 * (size_t)__builtin_popcountll(a->sample_regs_user);
			NEED(n);
			s->regs_mask = a->sample_regs_user;
			s->regs = p;
			p += n;
		}
	}
	if (st & PERF_ST_STACK_USER) {
		NEED(8);
		uint64_t size = perf_rd64(p);
		p += 8;
		if (size) {
			if (size > (size_t)(end - p) || (size_t)(end - p) - size < 8)
				return "its user stack copy is longer than the record";
			s->stack = p;
			p += size;
			uint64_t dyn = perf_rd64(p);
			s->stack_size = dyn < size ? dyn : size; /* a dyn_size past the copy is cut to it */
		}
	}
	return NULL;
}
