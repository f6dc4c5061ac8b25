/* test_perf.c: perf.data read from buffers built here byte by byte after perf_event.h and
 * tools/perf/util/header.c (file mode and pipe mode), so every expected number follows from
 * the bytes written: maps, offsets, callchains, thread names, lost and broken records, and the
 * one-line errors of files whose sizes lie; `perf record -z` records compressed with zstd here. */
#include <zstd.h>

#include "../../src/formats/perf/perf_maps.h"
#include "check.h"
#include "perf/perf.h"

struct buf {
	unsigned char *d;
	size_t len, cap;
};

static void put(struct buf *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = (b->len + n) * 2 + 64;
		b->d = realloc(b->d, b->cap);
	}
	memcpy(b->d + b->len, p, n);
	b->len += n;
}
static void put32(struct buf *b, uint32_t v)
{
	put(b, &v, 4);
}
static void put64(struct buf *b, uint64_t v)
{
	put(b, &v, 8);
}
static void set64(struct buf *b, size_t at, uint64_t v)
{
	memcpy(b->d + at, &v, 8);
}
static void zeros(struct buf *b, size_t n)
{
	static const unsigned char z[256];
	put(b, z, n);
}

#define ST_IP 1
#define ST_TID 2
#define ST_TIME 4
#define ST_CALLCHAIN 32
#define ST_CPU 128
#define ST_PERIOD 256
#define SAMPLE_TYPE (ST_IP | ST_TID | ST_TIME | ST_CALLCHAIN | ST_CPU | ST_PERIOD)
#define CTX_KERNEL ((uint64_t)-128)
#define CTX_USER ((uint64_t)-512)
#define ATTR_BYTES 128

/* cpu-clock, sample_id_all, 128 bytes */
static void attr(struct buf *b)
{
	size_t at = b->len;
	put32(b, 1);          /* PERF_TYPE_SOFTWARE */
	put32(b, ATTR_BYTES); /* size */
	put64(b, 0);          /* config: cpu-clock */
	put64(b, 1000000);    /* sample_period */
	put64(b, SAMPLE_TYPE);
	put64(b, 0);          /* read_format */
	put64(b, 1ull << 18); /* sample_id_all */
	zeros(b, ATTR_BYTES - (b->len - at));
}

/* the sample_id_all trailer: TID, TIME, CPU */
static void trailer(struct buf *b, uint32_t pid, uint32_t tid, uint64_t time)
{
	put32(b, pid);
	put32(b, tid);
	put64(b, time);
	put32(b, 0);
	put32(b, 0);
}

static size_t rec_begin(struct buf *b, uint32_t type, uint16_t misc)
{
	size_t at = b->len;
	put32(b, type);
	put32(b, misc); /* size patched by rec_end */
	return at;
}
static void rec_end(struct buf *b, size_t at)
{
	while ((b->len - at) % 8)
		zeros(b, 1);
	uint32_t w = (uint32_t)(b->len - at) << 16;
	uint32_t misc;
	memcpy(&misc, b->d + at + 4, 4);
	w |= misc & 0xffff;
	memcpy(b->d + at + 4, &w, 4);
}

static void comm(struct buf *b, uint32_t pid, uint32_t tid, const char *name, uint64_t time, bool exec)
{
	size_t r = rec_begin(b, 3, exec ? 1 << 13 : 0);
	put32(b, pid);
	put32(b, tid);
	put(b, name, strlen(name) + 1);
	while ((b->len - r) % 8)
		zeros(b, 1);
	trailer(b, pid, tid, time);
	rec_end(b, r);
}

static void mmap2(struct buf *b, uint32_t pid, uint64_t start, uint64_t len, uint64_t pgoff, const char *path,
		  uint64_t time)
{
	size_t r = rec_begin(b, 10, 2 /* user */);
	put32(b, pid);
	put32(b, pid);
	put64(b, start);
	put64(b, len);
	put64(b, pgoff);
	zeros(b, 24);  /* maj, min, ino, ino_generation */
	put32(b, 5);   /* PROT_READ | PROT_EXEC */
	put32(b, 2);   /* MAP_PRIVATE */
	put(b, path, strlen(path) + 1);
	while ((b->len - r) % 8)
		zeros(b, 1);
	trailer(b, pid, pid, time);
	rec_end(b, r);
}

static void sample(struct buf *b, uint16_t misc, uint32_t pid, uint32_t tid, uint64_t time, uint64_t period,
		   const uint64_t *chain, size_t nr)
{
	size_t r = rec_begin(b, 9, misc);
	put64(b, nr ? chain[1] : 0); /* ip */
	put32(b, pid);
	put32(b, tid);
	put64(b, time);
	put32(b, 1); /* cpu */
	put32(b, 0);
	put64(b, period);
	put64(b, nr);
	for (size_t i = 0; i < nr; i++)
		put64(b, chain[i]);
	rec_end(b, r);
}

/* The records both modes share; TIMES are out of order on purpose (perf writes per-CPU buffers). */
static void records(struct buf *b)
{
	comm(b, 100, 100, "demo", 5, true);
	mmap2(b, 100, 0x400000, 0x2000, 0x1000, "/nonexistent/demo", 6);
	/* user sample: leaf 0x400010 (offset 0x1010), caller returns to 0x400105 (call at 0x1104) */
	uint64_t c1[] = {CTX_USER, 0x400010, 0x400105};
	sample(b, 2, 100, 101, 20, 250000, c1, 3);
	/* kernel sample, earlier in time: two kernel frames, then the user frame 0x400020 */
	uint64_t c2[] = {CTX_KERNEL, 0xffffffff81000010, 0xffffffff81000200, CTX_USER, 0x400020};
	sample(b, 1, 100, 101, 10, 250000, c2, 5);
	comm(b, 100, 101, "worker", 8, false);
	size_t u = rec_begin(b, 99, 0); /* a record type nobody knows */
	put64(b, 0);
	rec_end(b, u);
	size_t l = rec_begin(b, 2, 0); /* LOST: id, lost */
	put64(b, 7);
	put64(b, 3);
	trailer(b, 100, 100, 30);
	rec_end(b, l);
	/* LOST_SAMPLES: the same 3 samples, as perf record writes them from the event's lost count */
	size_t ls = rec_begin(b, 13, 0);
	put64(b, 3);
	trailer(b, 100, 100, 31);
	rec_end(b, ls);
	/* a sample whose callchain claims 1000 entries in a 72-byte record */
	size_t bad = rec_begin(b, 9, 2);
	put64(b, 0x400010);
	put32(b, 100);
	put32(b, 100);
	put64(b, 40);
	put64(b, 1);
	put64(b, 250000);
	put64(b, 1000);
	put64(b, 0x400010);
	rec_end(b, bad);
	/* a process profan saw no map of */
	uint64_t c3[] = {CTX_USER, 0x7000};
	sample(b, 2, 200, 200, 50, 250000, c3, 2);
}

static void build_id_feature(struct buf *b)
{
	size_t r = b->len;
	put32(b, 0); /* type (unused in the feature) */
	put32(b, 2); /* misc: user; size patched below */
	put32(b, 100);
	for (int i = 0; i < 20; i++) {
		unsigned char c = (unsigned char)(0xa0 + i);
		put(b, &c, 1);
	}
	zeros(b, 4);
	put(b, "/nonexistent/demo", 18);
	while ((b->len - r) % 8)
		zeros(b, 1);
	uint32_t w = (uint32_t)(b->len - r) << 16 | 2;
	memcpy(b->d + r + 4, &w, 4);
}

static void string_feature(struct buf *b, const char *s)
{
	uint32_t n = (uint32_t)((strlen(s) + 1 + 63) / 64 * 64);
	put32(b, n);
	put(b, s, strlen(s) + 1);
	zeros(b, n - strlen(s) - 1);
}

static struct buf file_mode(void)
{
	struct buf b = {0};
	put(&b, "PERFILE2", 8);
	put64(&b, 104);
	put64(&b, ATTR_BYTES + 16); /* attr_size */
	put64(&b, 104);             /* attrs */
	put64(&b, ATTR_BYTES + 16);
	put64(&b, 0); /* data: patched */
	put64(&b, 0);
	put64(&b, 0); /* event_types */
	put64(&b, 0);
	put64(&b, 1u << 2 | 1u << 3); /* features: BUILD_ID, HOSTNAME */
	zeros(&b, 24);
	attr(&b);
	size_t ids_at = b.len;
	put64(&b, 0); /* the ids section: patched */
	put64(&b, 8);
	set64(&b, ids_at, b.len);
	put64(&b, 7);
	size_t data = b.len;
	records(&b);
	set64(&b, 40, data);
	set64(&b, 48, b.len - data);
	size_t table = b.len;
	zeros(&b, 32);
	size_t f1 = b.len;
	build_id_feature(&b);
	set64(&b, table, f1);
	set64(&b, table + 8, b.len - f1);
	size_t f2 = b.len;
	string_feature(&b, "testhost");
	set64(&b, table + 16, f2);
	set64(&b, table + 24, b.len - f2);
	return b;
}

/* ZSTD: the records as `perf record -z` writes them, in one PERF_RECORD_COMPRESSED */
static struct buf pipe_mode_as(bool zstd)
{
	struct buf b = {0};
	put(&b, "PERFILE2", 8);
	put64(&b, 16);
	size_t a = rec_begin(&b, 64, 0); /* HEADER_ATTR: the attribute, then its ids */
	attr(&b);
	put64(&b, 7);
	rec_end(&b, a);
	size_t f = rec_begin(&b, 80, 0); /* HEADER_FEATURE: HOSTNAME */
	put64(&b, 3);
	string_feature(&b, "testhost");
	rec_end(&b, f);
	size_t bid = b.len; /* HEADER_BUILD_ID: a build_id_event as a record */
	build_id_feature(&b);
	memcpy(b.d + bid, &(uint32_t){67}, 4);
	if (!zstd) {
		records(&b);
		return b;
	}
	struct buf plain = {0};
	records(&plain);
	unsigned char z[4096];
	size_t zn = ZSTD_compress(z, sizeof(z), plain.d, plain.len, 3);
	CHECK(!ZSTD_isError(zn));
	size_t c = rec_begin(&b, 81, 0);
	put(&b, z, zn);
	uint32_t w = (uint32_t)(b.len - c) << 16; /* perf does not pad a compressed record to 8 bytes */
	memcpy(b.d + c + 4, &w, 4);
	free(plain.d);
	return b;
}

static struct buf pipe_mode(void)
{
	return pipe_mode_as(false);
}

static const char *info(const struct profile *p, const char *key)
{
	for (size_t i = 0; i < p->info.len; i++)
		if (strcmp(p->info.items[i].key, key) == 0)
			return p->info.items[i].value;
	return NULL;
}

/* The function names of the stack of sample I, root first, joined by ';'. */
static const char *stack_text(const struct profile *p, size_t i, char *out, size_t cap)
{
	uint32_t node[64];
	size_t n = 0;
	for (uint32_t s = p->sample_stack[i]; s != PF_NONE && n < 64; s = p->stacks.items[s].parent)
		node[n++] = s;
	out[0] = '\0';
	for (size_t k = n; k-- > 0;) {
		strncat(out, profile_func_name(p, profile_stack_func(p, node[k])), cap - strlen(out) - 1);
		if (k)
			strncat(out, ";", cap - strlen(out) - 1);
	}
	return out;
}

static bool has_warning(const struct profile *p, const char *part)
{
	for (size_t i = 0; i < p->warnings.len; i++)
		if (strstr(p->warnings.items[i], part))
			return true;
	return false;
}

static void check_profile(const struct buf *b, bool pipe)
{
	struct profile p;
	profile_init(&p);
	struct perf_load_opts o = {.no_unwind = true};
	struct stderr_capture cap;
	char err[2048];
	stderr_capture(&cap);
	int rc = perf_load(b->d, b->len, "t.data", &p, &o);
	stderr_captured(&cap, err, sizeof(err));
	CHECK_INT(rc, 0);
	CHECK(profile_check(&p) == NULL);
	CHECK_STR(p.format, "perf");
	CHECK_INT(strstr(p.format_detail, "pipe mode") != NULL, pipe);
	CHECK_STR(info(&p, "Host"), "testhost");
	CHECK_STR(info(&p, "Events"), "cpu-clock: 3 samples");
	CHECK_STR(info(&p, "Skipped"), "1 records of kinds profan does not read");
	CHECK(has_warning(&p, "perf lost 3 samples (1 LOST records)")); /* not 6: one loss, told twice */
	CHECK(has_warning(&p, "1 SAMPLE records shorter"));
	/* three good samples in time order: the kernel one (t=10), the user one (t=20), pid 200 */
	CHECK_INT(p.sample_count, 3);
	char s[512];
	CHECK_STR(stack_text(&p, 0, s, sizeof(s)), "demo+0x1020;0xffffffff810001ff;0xffffffff81000010");
	CHECK_STR(stack_text(&p, 1, s, sizeof(s)), "demo+0x1104;demo+0x1010");
	CHECK_STR(stack_text(&p, 2, s, sizeof(s)), "[unknown]");
	size_t cpu = profile_metric_index(&p, "cpu");
	CHECK_INT(p.sample_values[cpu][0] + p.sample_values[cpu][1] + p.sample_values[cpu][2], 750000);
	CHECK_INT(p.metrics[cpu].unit, PF_UNIT_NANOSECONDS);
	/* the library, with the build id of the feature section, its addresses file offsets */
	const struct pf_frame *leaf = profile_stack_frame(&p, p.sample_stack[1]);
	const struct pf_lib *lib = &p.libs.items[leaf->lib];
	CHECK_STR(profile_str(&p, lib->name), "demo");
	CHECK_STR(profile_str(&p, lib->path), "/nonexistent/demo");
	CHECK_STR(profile_str(&p, lib->code_id), "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3");
	CHECK(lib->flags & PF_LIB_OFFSETS);
	CHECK_INT(leaf->address, 0x1010);
	/* tid 101 took its name after its first sample; its process is "demo" */
	const struct pf_thread *t = &p.threads.items[p.sample_thread[1]];
	CHECK_STR(profile_str(&p, t->name), "worker");
	CHECK_STR(profile_str(&p, t->process_name), "demo");
	CHECK_STR(profile_str(&p, t->tid), "101");
	profile_release(&p);
}

static void file_mode_reads(void)
{
	struct buf b = file_mode();
	check_profile(&b, false);
	free(b.d);
}

static void pipe_mode_reads(void)
{
	struct buf b = pipe_mode();
	check_profile(&b, true);
	free(b.d);
	struct buf z = pipe_mode_as(true);
	check_profile(&z, true); /* the same profile from the compressed records */
	free(z.d);
}

/* One line on stderr and -1, for a file of LEN bytes of B (after PATCH). */
static void refused(const struct buf *b, size_t len, const char *want)
{
	struct profile p;
	profile_init(&p);
	struct perf_load_opts o = {.no_unwind = true};
	struct stderr_capture cap;
	char err[2048];
	stderr_capture(&cap);
	int rc = perf_load(b->d, len, "t.data", &p, &o);
	stderr_captured(&cap, err, sizeof(err));
	CHECK_INT(rc, -1);
	CHECK(strstr(err, want) != NULL);
	CHECK_INT(strchr(err, '\n') - err + 1, strlen(err)); /* exactly one line */
	if (!strstr(err, want))
		fprintf(stderr, "got: %s", err);
	profile_release(&p);
}

static void lies_are_one_line(void)
{
	struct buf b = file_mode();
	refused(&b, 50, "profan: t.data: header: truncated: 50 bytes, the header alone is 104");
	refused(&b, 12, "profan: t.data: header: truncated: 12 bytes");
	struct buf c = file_mode();
	set64(&c, 8, 96);
	refused(&c, c.len, "header: header size 96, expected 104 (a file) or 16 (a pipe)");
	struct buf d = file_mode();
	set64(&d, 32, 1u << 30);
	refused(&d, d.len, "the attribute section (1073741824 bytes at 104) runs past the end of the file");
	struct buf e = file_mode();
	e.d[0] = 'X';
	refused(&e, e.len, "header: not a perf.data file of version 2");
	/* a record whose size runs past the data: the rest cannot be found */
	struct buf f = pipe_mode();
	size_t at = f.len;
	put32(&f, 9);
	put32(&f, 0xfff0u << 16);
	put64(&f, 0);
	char want[128];
	snprintf(want, sizeof(want), "record at byte %zu: size 65520 runs past the end of the data", at);
	refused(&f, f.len, want);
	/* a compressed record that is no zstd stream */
	struct buf zb = pipe_mode();
	size_t zat = zb.len;
	size_t zr = rec_begin(&zb, 81, 0);
	put64(&zb, 0x0123456789abcdefull);
	rec_end(&zb, zr);
	snprintf(want, sizeof(want), "compressed record at byte %zu: zstd: Unknown frame descriptor", zat);
	refused(&zb, zb.len, want);
	free(zb.d);
	/* a pipe without attributes */
	struct buf g = {0};
	put(&g, "PERFILE2", 8);
	put64(&g, 16);
	refused(&g, g.len, "pipe header: no event attribute records");
	/* every cut of the file is an error line or a profile, never a crash (ASan watches) */
	struct buf h = file_mode();
	for (size_t n = 0; n <= h.len; n += 8) {
		struct profile p;
		profile_init(&p);
		struct perf_load_opts o = {.no_unwind = true};
		struct stderr_capture cap;
		char err[2048];
		stderr_capture(&cap);
		int rc = perf_load(h.d, n, "t.data", &p, &o);
		stderr_captured(&cap, err, sizeof(err));
		CHECK(rc == 0 || rc == -1);
		profile_release(&p);
	}
	free(b.d);
	free(c.d);
	free(d.d);
	free(e.d);
	free(f.d);
	free(g.d);
	free(h.d);
}

static void maps_cut_what_they_cover(void)
{
	struct perf_maps ms = {0};
	perf_maps_add(&ms, 0x1000, 0x5000, 0, 1);
	perf_maps_add(&ms, 0x2000, 0x3000, 0x100, 2); /* inside: 1 is split around it */
	CHECK_INT(ms.m.len, 3);
	CHECK_INT(perf_maps_find(&ms, 0x1fff)->lib, 1);
	CHECK_INT(perf_maps_find(&ms, 0x2000)->lib, 2);
	CHECK_INT(perf_maps_find(&ms, 0x3000)->lib, 1);
	CHECK_INT(perf_maps_find(&ms, 0x3000)->pgoff, 0x2000); /* the tail keeps its file offset */
	CHECK(perf_maps_find(&ms, 0x5000) == NULL);
	CHECK(perf_maps_find(&ms, 0xfff) == NULL);
	perf_maps_add(&ms, 0x0, 0x10000, 0, 3); /* covers everything */
	CHECK_INT(ms.m.len, 1);
	CHECK_INT(perf_maps_find(&ms, 0x2000)->lib, 3);
	perf_maps_release(&ms);
}

/* A switch record of thread TID at TIME: SWITCH, or SWITCH_CPU_WIDE (next_prev pid and tid first). */
static void switch_rec(struct buf *b, bool out, bool cpu_wide, uint32_t tid, uint64_t time)
{
	size_t r = rec_begin(b, cpu_wide ? 15 : 14, out ? 1 << 13 : 0);
	if (cpu_wide) {
		put32(b, 0); /* the idle task on the other side */
		put32(b, 0);
	}
	trailer(b, 100, tid, time);
	rec_end(b, r);
}

/* A file with one cpu-clock attribute with context_switch (perf record --switch-events) and these
 * records of thread 101 (times in ns): in at 100, a sample at 150, out at 170, out again at 175
 * (a repeat: not counted), in at 300 (CPU-wide), a sample at 320; thread 102 only runs 400..460
 * and has one sample at 450. So oncpu is 50 and 20 + 20 for tid 101 and 50 for tid 102, and offcpu
 * 130 (170 to 300) with no sched_switch stack: [off-CPU]. */
static struct buf switches_file(void)
{
	struct buf b = {0};
	put(&b, "PERFILE2", 8);
	put64(&b, 104);
	put64(&b, ATTR_BYTES + 16);
	put64(&b, 104);
	put64(&b, ATTR_BYTES + 16);
	put64(&b, 0);
	put64(&b, 0);
	put64(&b, 0);
	put64(&b, 0);
	zeros(&b, 32); /* no features */
	attr(&b);
	set64(&b, 104 + 40, 1ull << 18 | 1ull << 26); /* sample_id_all, context_switch */
	size_t ids_at = b.len;
	put64(&b, 0);
	put64(&b, 8);
	set64(&b, ids_at, b.len);
	put64(&b, 7);
	size_t data = b.len;
	comm(&b, 100, 100, "demo", 5, true);
	mmap2(&b, 100, 0x400000, 0x2000, 0x1000, "/nonexistent/demo", 6);
	comm(&b, 100, 101, "worker", 7, false);
	comm(&b, 100, 102, "other", 8, false);
	uint64_t c[] = {CTX_USER, 0x400010};
	switch_rec(&b, false, false, 101, 100);
	sample(&b, 2, 100, 101, 150, 1000, c, 2);
	switch_rec(&b, true, false, 101, 170);
	switch_rec(&b, true, false, 101, 175);
	switch_rec(&b, false, true, 101, 300);
	sample(&b, 2, 100, 101, 320, 1000, c, 2);
	switch_rec(&b, false, false, 102, 400);
	sample(&b, 2, 100, 102, 450, 1000, c, 2);
	switch_rec(&b, true, false, 102, 460);
	set64(&b, 40, data);
	set64(&b, 48, b.len - data);
	return b;
}

/* Loads B with the selection PID, THREAD, EVENT into P; the return code, stderr in ERR. */
static int load_selected(const struct buf *b, struct profile *p, const char *pid, const char *thread,
			 const char *event, char *err, size_t cap)
{
	profile_init(p);
	struct perf_load_opts o = {.no_unwind = true, .pid = pid, .thread = thread, .event = event};
	struct stderr_capture sc;
	stderr_capture(&sc);
	int rc = perf_load(b->d, b->len, "t.data", p, &o);
	stderr_captured(&sc, err, cap);
	return rc;
}

static int64_t metric_sum(const struct profile *p, const char *name)
{
	size_t m = profile_metric_index(p, name);
	int64_t s = 0;
	for (size_t i = 0; m != SIZE_MAX && i < p->sample_count; i++)
		s += p->sample_values[m][i];
	return s;
}

static void switches_make_oncpu_and_offcpu(void)
{
	struct buf b = switches_file();
	struct profile p;
	char err[2048], s[256];
	CHECK_INT(load_selected(&b, &p, NULL, NULL, NULL, err, sizeof(err)), 0);
	CHECK(profile_check(&p) == NULL);
	size_t on = profile_metric_index(&p, "oncpu"), off = profile_metric_index(&p, "offcpu");
	CHECK(on != SIZE_MAX && off != SIZE_MAX);
	/* in time order: the sample at 150, the time off CPU (ends at 300), the samples at 320 and 450 */
	CHECK_INT(p.sample_count, 4);
	CHECK_INT(p.sample_values[on][0], 50);
	CHECK_INT(p.sample_values[off][1], 130);
	CHECK_STR(stack_text(&p, 1, s, sizeof(s)), "[off-CPU]");
	CHECK_INT(p.sample_values[on][2], 40);
	CHECK_INT(p.sample_values[on][3], 50);
	CHECK_INT(metric_sum(&p, "cpu"), 3000);
	CHECK_INT(metric_sum(&p, "samples"), 3);
	CHECK(info(&p, "Off-CPU") != NULL && strstr(info(&p, "Off-CPU"), "in 1 switches") != NULL);
	profile_release(&p);
	/* --thread: by tid, and by name; --pid */
	CHECK_INT(load_selected(&b, &p, NULL, "102", NULL, err, sizeof(err)), 0);
	CHECK_INT(p.sample_count, 1);
	CHECK_INT(metric_sum(&p, "oncpu"), 50);
	CHECK(info(&p, "Selected") != NULL && strstr(info(&p, "Selected"), "1 of 3 samples") != NULL);
	profile_release(&p);
	CHECK_INT(load_selected(&b, &p, "100", "^work", NULL, err, sizeof(err)), 0);
	CHECK_INT(metric_sum(&p, "oncpu"), 90);
	CHECK_INT(metric_sum(&p, "offcpu"), 130);
	profile_release(&p);
	/* what selects nothing, or names what the file does not have: one line, a usage error */
	CHECK_INT(load_selected(&b, &p, "200", NULL, NULL, err, sizeof(err)), -2);
	CHECK_STR(err, "profan: t.data: no sample matches the --pid/--thread/--event selection\n");
	profile_release(&p);
	CHECK_INT(load_selected(&b, &p, NULL, NULL, "cycles", err, sizeof(err)), -2);
	CHECK_STR(err, "profan: t.data: --event cycles: the recording has no such event (it has cpu-clock)\n");
	profile_release(&p);
	CHECK_INT(load_selected(&b, &p, NULL, NULL, "cpu-clock", err, sizeof(err)), 0);
	CHECK_INT(p.sample_count, 4);
	profile_release(&p);
	free(b.d);
}

int main(void)
{
	RUN(file_mode_reads);
	RUN(pipe_mode_reads);
	RUN(lies_are_one_line);
	RUN(maps_cut_what_they_cover);
	RUN(switches_make_oncpu_and_offcpu);
	return check_summary();
}
