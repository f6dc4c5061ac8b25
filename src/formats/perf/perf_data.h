/* perf_data.h: the perf.data reader (perf_data.c): the file header, the attribute table and
 * its event ids, the feature sections, and the records of the data section, in file mode or
 * pipe mode (`perf record -o -`), each record checked against the sizes it states. Nothing is
 * copied: every pointer points into the caller's bytes, which must outlive the reader.
 * Little-endian files only (what x86_64 and arm64 write). See docs/perf-format.md. */
#ifndef PROFAN_PERF_DATA_H
#define PROFAN_PERF_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/alloc.h"

/* perf_event.h's record types (and perf's own, from 64) that the reader knows by name */
enum {
	PERF_REC_MMAP = 1,
	PERF_REC_LOST = 2,
	PERF_REC_COMM = 3,
	PERF_REC_EXIT = 4,
	PERF_REC_THROTTLE = 5,
	PERF_REC_UNTHROTTLE = 6,
	PERF_REC_FORK = 7,
	PERF_REC_SAMPLE = 9,
	PERF_REC_MMAP2 = 10,
	PERF_REC_LOST_SAMPLES = 13,
	PERF_REC_SWITCH = 14,
	PERF_REC_SWITCH_CPU_WIDE = 15,
	PERF_REC_HEADER_ATTR = 64,
	PERF_REC_HEADER_EVENT_TYPE = 65,
	PERF_REC_HEADER_TRACING_DATA = 66,
	PERF_REC_HEADER_BUILD_ID = 67,
	PERF_REC_FINISHED_ROUND = 68,
	PERF_REC_AUXTRACE = 71,
	PERF_REC_HEADER_FEATURE = 80,
	PERF_REC_COMPRESSED = 81,
};

/* sample_type bits */
enum {
	PERF_ST_IP = 1 << 0,
	PERF_ST_TID = 1 << 1,
	PERF_ST_TIME = 1 << 2,
	PERF_ST_ADDR = 1 << 3,
	PERF_ST_READ = 1 << 4,
	PERF_ST_CALLCHAIN = 1 << 5,
	PERF_ST_ID = 1 << 6,
	PERF_ST_CPU = 1 << 7,
	PERF_ST_PERIOD = 1 << 8,
	PERF_ST_STREAM_ID = 1 << 9,
	PERF_ST_RAW = 1 << 10,
	PERF_ST_BRANCH_STACK = 1 << 11,
	PERF_ST_REGS_USER = 1 << 12,
	PERF_ST_STACK_USER = 1 << 13,
	PERF_ST_WEIGHT = 1 << 14,
	PERF_ST_DATA_SRC = 1 << 15,
	PERF_ST_IDENTIFIER = 1 << 16,
	PERF_ST_TRANSACTION = 1 << 17,
	PERF_ST_REGS_INTR = 1 << 18,
	PERF_ST_PHYS_ADDR = 1 << 19,
	PERF_ST_AUX = 1 << 20,
	PERF_ST_CGROUP = 1 << 21,
	PERF_ST_DATA_PAGE_SIZE = 1 << 22,
	PERF_ST_CODE_PAGE_SIZE = 1 << 23,
	PERF_ST_WEIGHT_STRUCT = 1 << 24,
	PERF_ST_KNOWN = (1 << 25) - 1,
};

/* branch_sample_type: the call stack from LBR (`perf record --call-graph lbr`) */
#define PERF_BRANCH_CALL_STACK (1ull << 11)
#define PERF_MISC_CPUMODE_MASK 7
#define PERF_MISC_KERNEL 1
#define PERF_MISC_USER 2
#define PERF_MISC_SWITCH_OUT (1 << 13)
#define PERF_MISC_COMM_EXEC (1 << 13)
#define PERF_MISC_MMAP_BUILD_ID (1 << 14)
/* callchain entries at or above this are context markers (PERF_CONTEXT_*) */
#define PERF_CONTEXT_MAX ((uint64_t)-4095)
#define PERF_CONTEXT_KERNEL ((uint64_t)-128)
#define PERF_CONTEXT_USER ((uint64_t)-512)

struct perf_attr {
	uint32_t type;
	uint64_t config, sample_type, read_format, branch_sample_type, sample_regs_user, period;
	uint32_t sample_stack_user;
	bool freq, sample_id_all, exclude_kernel, exclude_user;
	bool context_switch; /* --switch-events: SWITCH or SWITCH_CPU_WIDE records */
	const char *name; /* from the event descriptions, or NULL: perf_attr_name() */
	char own_name[40]; /* made from type and config */
};

static inline const char *perf_attr_name(const struct perf_attr *a)
{
	return a->name ? a->name : a->own_name;
}

struct perf_build_id {
	int32_t pid;
	uint16_t cpumode;
	uint8_t len;
	uint8_t id[20];
	const char *filename; /* NUL-terminated inside the file's bytes */
};

struct perf_file {
	const unsigned char *d;
	size_t len;
	const char *origin;
	bool pipe;
	size_t data_off, data_end; /* the records; in pipe mode, everything after the 16-byte header */
	VEC(struct perf_attr) attrs;
	VEC(struct { uint64_t id; uint32_t attr; }) ids;
	VEC(struct perf_build_id) build_ids;
	/* features (NULL / 0 when absent) */
	const char *hostname, *osrelease, *version, *arch, *cpudesc;
	char *cmdline; /* the words joined by spaces (malloc'd) */
	uint32_t nr_cpus_online, nr_cpus_avail;
	/* counted while reading */
	size_t unknown_records, bad_features;
	unsigned char *expanded; /* perf_inflate_records(): the records D now points to (a column) */
};

/* One record: its header and body (BODY[0..SIZE) follows the 8-byte header). */
struct perf_rec {
	uint32_t type;
	uint16_t misc;
	const unsigned char *body;
	size_t size;
};

struct perf_sample {
	uint32_t attr;
	uint64_t ip, time, period, id, addr;
	uint32_t pid, tid, cpu;
	bool has_time;
	size_t nr;                    /* callchain entries */
	const unsigned char *chain;   /* NR little-endian u64, leaf first, with context markers */
	uint64_t abi;                 /* REGS_USER: 0 when the sample has no user registers */
	uint64_t regs_mask;
	const unsigned char *regs;    /* popcount(mask) u64s */
	const unsigned char *stack;   /* STACK_USER's copy, DYN bytes of it valid */
	uint64_t stack_size;
};

/* The sample_id_all trailer of a non-sample record (what its attribute asks for). */
struct perf_sid {
	uint32_t pid, tid, cpu;
	uint64_t time;
	bool has_time;
};

static inline uint64_t perf_rd64(const unsigned char *p)
{
	uint64_t v;
	__builtin_memcpy(&v, p, 8);
	return v;
}
static inline uint32_t perf_rd32(const unsigned char *p)
{
	uint32_t v;
	__builtin_memcpy(&v, p, 4);
	return v;
}

/* Reads the header, the attributes and the features of D[0..LEN). Returns 0, or -1 after one
 * line "profan: ORIGIN: where: what". F is to be released either way. */
int perf_open(struct perf_file *f, const void *d, size_t len, const char *origin);
void perf_release(struct perf_file *f);
/* The record at *POS (a byte offset, starting at f->data_off); *POS moves past it. 1 with R
 * set, 0 at the end, -1 after one error line (a record whose size is impossible: the rest of
 * the file cannot be found). Records of the header kinds in pipe mode are read by perf_open
 * and handed out too; a caller skips them. */
int perf_next(const struct perf_file *f, size_t *pos, struct perf_rec *r);
/* The fields of a SAMPLE record; NULL, or what is wrong with it (the caller counts it). */
const char *perf_sample_parse(const struct perf_file *f, const struct perf_rec *r, struct perf_sample *s);
/* `perf record -z`: when the data holds PERF_RECORD_COMPRESSED records, all records are
 * inflated into one buffer (perf_zstd.c) that D and the data offsets then describe. 0, or -1
 * after one error line (a broken zstd stream, or more than source_max_decoded() bytes). */
int perf_inflate_records(struct perf_file *f);
/* The TIME of a SAMPLE record from its fixed fields alone (the rest is not looked at: a
 * record of several KiB need not be read to be sorted); false when it has none. */
bool perf_sample_time(const struct perf_file *f, const struct perf_rec *r, uint64_t *time);
/* The trailer of any other record; false when the record is too short for it. */
bool perf_sid_parse(const struct perf_file *f, const struct perf_rec *r, struct perf_sid *s);
/* Bytes of R's body before its trailer (the record's own fields). */
size_t perf_body_len(const struct perf_file *f, const struct perf_rec *r);
/* The attribute that event id ID belongs to, or 0 when the file has one (or the id is unknown). */
uint32_t perf_attr_of_id(const struct perf_file *f, uint64_t id);

#endif
