/* source.c: file / stdin / buffer input with transparent gzip, read in chunks.
 * Sits under every loader: the JSON parser pulls chunks from here. gzip is
 * inflated by ISA-L's igzip, 2.7-3x zlib's speed here in the same chunked loop
 * (bench/inflate.sh; docs/performance.md), with the same checks (CRC, length).
 *
 * Past the first chunk, a gzip input is inflated on a second thread a few chunks
 * ahead of the parser (struct ahead), so inflating costs no wall time while the
 * parser is the slower of the two. Everything the inflating side finds wrong is
 * recorded in the chunk where it happened and printed by the reading side when it
 * gets there: the messages and the point where reading stops are the ones of the
 * same input read on one thread. */
#include "profan/source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <isa-l/igzip_lib.h>
#include <pthread.h>

#include "profan/column.h"
#include "profan/diag.h"
#include "profan/interrupt.h"
#include "profan/magic.h"
#include "profan/task.h"
#include "profan/text.h"
#include "source_test.h"
#include "source_int.h"
#include "magic_int.h"

#define RAW_CHUNK (1u << 20)
#define OUT_CHUNK (1u << 20)
#define AHEAD_SLOTS 4 /* chunks inflated ahead of the parser: 4 MiB */

/* One inflated chunk on its way from the inflating thread to the reader. */
struct slot {
	char *data;
	size_t len;
	int rc;            /* as next_gzip() returned it: 1 data, 0 end, -1 error (ERR) */
	uint64_t raw_done; /* compressed bytes consumed once this chunk was inflated */
	char err[256];
};

/* The inflating thread and its ring of chunks. The thread owns the source's raw
 * window and inflate state from its start; the reader only takes slots. */
struct ahead {
	struct task task;
	pthread_mutex_t mu;
	pthread_cond_t changed;
	struct slot slots[AHEAD_SLOTS];
	uint64_t made, taken; /* slots filled and slots handed back; made - taken <= AHEAD_SLOTS */
	bool holding;         /* the reader holds slot taken % AHEAD_SLOTS */
	bool stop;
};

struct source {
	char *origin;
	int fd; /* -1 for a memory buffer */
	bool owns_fd, is_gzip, raw_eof, stream_end;
	/* raw bytes: a window of the file, or the whole memory buffer */
	const unsigned char *raw;
	size_t raw_len, raw_pos;
	unsigned char *raw_buf;
	uint64_t raw_done, raw_size, decoded;
	struct inflate_state *z; /* about 50 KiB: allocated for gzip input only */
	char *out;
	size_t out_chunk;
	char err[256]; /* what failed() prints */
	/* the reader's side: what source_raw_done() says, and whether it printed an error */
	uint64_t handed_raw_done;
	bool reported;
	struct ahead *ahead; /* NULL: everything on the reader's thread */
	/* the first decoded chunk, read ahead for sniffing, is handed out first */
	const char *pending;
	size_t pending_len;
	const char *head; /* that chunk, for source_head() until the first source_next() */
	size_t head_len;
	bool ahead_due;   /* gzip with more to come: inflate ahead once reading begins */
	const char *binary; /* magic_binary()'s name for the input, or NULL: JSON */
	/* source_whole(): the file mapped, or every chunk copied into one big array */
	void *whole;
	size_t whole_len;
	bool whole_mapped;
	char *shrank_line; /* what the SIGBUS handler prints if the mapped file shrinks (map_guarded) */
};

uint64_t source_max_decoded(void)
{
	const char *env = getenv("PROFAN_MAX_INPUT_MB");
	if (env != NULL && *env != '\0') {
		char *end;
		unsigned long long mb = strtoull(env, &end, 10);
		if (*end == '\0' && mb > 0 && mb < (1ULL << 40))
			return (uint64_t)mb << 20;
	}
	return (uint64_t)8 << 30;
}

/* Records what went wrong; failed() prints it on the reader's side. */
static int fail(struct source *s, const char *fmt, const char *detail)
{
	snprintf(s->err, sizeof(s->err), fmt, detail);
	return -1;
}

/* Prints MSG, once: the reader's side of every error. */
static int failed(struct source *s, const char *msg)
{
	if (!s->reported)
		pf_error("%s: %s", s->origin, msg);
	s->reported = true;
	return -1;
}

/* Refill the raw window from the file. Returns -1 on a read error. */
static int raw_fill(struct source *s)
{
	if (s->fd < 0 || s->raw_eof)
		return 0;
	if (s->raw_pos < s->raw_len)
		return 0;
	ssize_t n;
	do
		n = read(s->fd, s->raw_buf, RAW_CHUNK);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return fail(s, "read error: %s", strerror(errno));
	if (n == 0)
		s->raw_eof = true;
	s->raw = s->raw_buf;
	s->raw_len = (size_t)n;
	s->raw_pos = 0;
	return 0;
}

static bool raw_exhausted(struct source *s)
{
	return s->raw_pos >= s->raw_len && (s->fd < 0 || s->raw_eof);
}

static int next_plain(struct source *s, const char **data, size_t *len)
{
	if (raw_fill(s) < 0)
		return -1;
	if (s->raw_pos >= s->raw_len)
		return 0;
	*data = (const char *)s->raw + s->raw_pos;
	*len = s->raw_len - s->raw_pos;
	s->raw_done += *len;
	s->raw_pos = s->raw_len;
	return 1;
}

static void gzip_start(struct inflate_state *z)
{
	isal_inflate_init(z);
	z->crc_flag = ISAL_GZIP; /* header parsed, CRC-32 and length checked */
}

/* zlib's words for what went wrong, as profan always said them. */
static const char *gzip_error(int rc)
{
	switch (rc) {
	case ISAL_INVALID_BLOCK:
		return "invalid block type";
	case ISAL_INVALID_SYMBOL:
		return "invalid code";
	case ISAL_INVALID_LOOKBACK:
		return "invalid distance too far back";
	case ISAL_INVALID_WRAPPER:
		return "incorrect header check";
	case ISAL_UNSUPPORTED_METHOD:
		return "unknown compression method";
	case ISAL_INCORRECT_CHECKSUM:
		return "incorrect data check";
	default:
		return "corrupt compressed data";
	}
}

/* igzip says "checksum" for a wrong CRC-32 and for a wrong length alike; the
 * trailer it just read (CRC-32, then the length mod 2^32) tells which, as
 * zlib did, when it lies in the current window. */
static bool length_is_wrong(const struct source *s, const struct inflate_state *z)
{
	if (s->raw_pos < 8)
		return false;
	const unsigned char *t = s->raw + s->raw_pos - 8;
	uint32_t crc = (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
	return crc == z->crc;
}

/* Inflates the next chunk into OUT (s->out_chunk bytes). */
static int next_gzip(struct source *s, char *out, const char **data, size_t *len)
{
	struct inflate_state *z = s->z;
	uint32_t room = (uint32_t)s->out_chunk;
	z->next_out = (uint8_t *)out;
	z->avail_out = room;
	while (z->avail_out == room) {
		if (s->stream_end) {
			/* concatenated members are legal gzip; anything else after the end is not */
			if (raw_fill(s) < 0)
				return -1;
			if (raw_exhausted(s))
				return 0;
			if (s->raw[s->raw_pos] != 0x1f)
				return fail(s, "gzip: %s", "trailing garbage after the compressed data");
			gzip_start(z);
			z->next_out = (uint8_t *)out;
			z->avail_out = room;
			s->stream_end = false;
		}
		if (s->raw_pos >= s->raw_len) {
			if (raw_fill(s) < 0)
				return -1;
			if (s->raw_pos >= s->raw_len)
				return fail(s, "gzip: %s", "unexpected end of compressed data (truncated file?)");
		}
		z->next_in = (uint8_t *)(s->raw + s->raw_pos);
		z->avail_in = (uint32_t)(s->raw_len - s->raw_pos > 0x40000000 ? 0x40000000 : s->raw_len - s->raw_pos);
		uint32_t before = z->avail_in;
		int rc = isal_inflate(z);
		/* bytes igzip read ahead past the member's end are back in avail_in */
		size_t used = before - z->avail_in;
		s->raw_pos += used;
		s->raw_done += used;
		if (rc == ISAL_INCORRECT_CHECKSUM && length_is_wrong(s, z))
			return fail(s, "gzip: %s", "incorrect length check");
		if (rc != ISAL_DECOMP_OK)
			return fail(s, "gzip: %s", gzip_error(rc));
		if (z->block_state == ISAL_BLOCK_FINISH)
			s->stream_end = true;
	}
	*data = out;
	*len = room - z->avail_out;
	return 1;
}

/* ---- the inflating thread ---- */

static void inflate_ahead(void *arg)
{
	struct source *s = arg;
	struct ahead *a = s->ahead;
	for (;;) {
		pthread_mutex_lock(&a->mu);
		while (!a->stop && a->made - a->taken == AHEAD_SLOTS)
			pthread_cond_wait(&a->changed, &a->mu);
		bool stop = a->stop;
		pthread_mutex_unlock(&a->mu);
		if (stop)
			return;
		/* the reader holds at most slot taken % AHEAD_SLOTS, never this one */
		struct slot *sl = &a->slots[a->made % AHEAD_SLOTS];
		const char *d = NULL;
		sl->rc = next_gzip(s, sl->data, &d, &sl->len);
		sl->raw_done = s->raw_done;
		if (sl->rc < 0)
			memcpy(sl->err, s->err, sizeof(sl->err));
		pthread_mutex_lock(&a->mu);
		a->made++;
		pthread_cond_broadcast(&a->changed);
		pthread_mutex_unlock(&a->mu);
		if (sl->rc <= 0)
			return; /* the end, or an error: nothing follows */
	}
}

/* Starts inflating ahead of the reader; stays on one thread if that cannot be done (or tasks
 * run inline: task.h). */
static void ahead_start(struct source *s)
{
	struct ahead *a = xcalloc(1, sizeof(*a));
	for (size_t i = 0; i < AHEAD_SLOTS; i++)
		a->slots[i].data = xmalloc(s->out_chunk);
	pthread_mutex_init(&a->mu, NULL);
	pthread_cond_init(&a->changed, NULL);
	s->ahead = a;
	if (!task_start(&a->task, "profan-inflate", inflate_ahead, s)) {
		s->ahead = NULL;
		for (size_t i = 0; i < AHEAD_SLOTS; i++)
			free(a->slots[i].data);
		pthread_cond_destroy(&a->changed);
		pthread_mutex_destroy(&a->mu);
		free(a);
	}
}

/* The reader's side: hands back the slot it held, then waits for the next one. */
static int ahead_next(struct source *s, const char **data, size_t *len, const char **err)
{
	struct ahead *a = s->ahead;
	pthread_mutex_lock(&a->mu);
	if (a->holding) {
		a->taken++;
		a->holding = false;
		pthread_cond_broadcast(&a->changed);
	}
	while (a->made == a->taken)
		pthread_cond_wait(&a->changed, &a->mu);
	pthread_mutex_unlock(&a->mu);
	struct slot *sl = &a->slots[a->taken % AHEAD_SLOTS];
	s->handed_raw_done = sl->raw_done;
	if (sl->rc <= 0) {
		*err = sl->err;
		return sl->rc; /* the thread has ended; the slot is never handed back */
	}
	a->holding = true;
	*data = sl->data;
	*len = sl->len;
	return 1;
}

static void ahead_stop(struct source *s)
{
	struct ahead *a = s->ahead;
	if (a == NULL)
		return;
	pthread_mutex_lock(&a->mu);
	a->stop = true;
	pthread_cond_broadcast(&a->changed);
	pthread_mutex_unlock(&a->mu);
	task_finish(&a->task);
	for (size_t i = 0; i < AHEAD_SLOTS; i++)
		free(a->slots[i].data);
	pthread_cond_destroy(&a->changed);
	pthread_mutex_destroy(&a->mu);
	free(a);
	s->ahead = NULL;
}

/* ---- the reader's side ---- */

static int next_decoded(struct source *s, const char **data, size_t *len)
{
	if (s->reported)
		return -1;
	int rc;
	const char *err = s->err;
	if (s->ahead != NULL) {
		rc = ahead_next(s, data, len, &err);
	} else {
		rc = s->is_gzip ? next_gzip(s, s->out, data, len) : next_plain(s, data, len);
		s->handed_raw_done = s->raw_done;
	}
	if (rc < 0)
		return failed(s, err);
	if (rc == 1) {
		s->decoded += *len;
		if (s->decoded > source_max_decoded()) {
			char msg[160]; /* not s->err, which the inflating thread may be writing */
			snprintf(msg, sizeof(msg),
				 "input exceeds %llu MiB when decoded (set PROFAN_MAX_INPUT_MB to raise the limit)",
				 (unsigned long long)(source_max_decoded() >> 20));
			return failed(s, msg);
		}
	}
	return rc;
}

/* Prints why S cannot be read, and closes it. */
static struct source *refuse(struct source *s)
{
	failed(s, s->err);
	source_close(s);
	return NULL;
}

static size_t gzip_chunk = OUT_CHUNK;

void source_set_gzip_chunk(size_t n)
{
	gzip_chunk = n > 0 ? n : OUT_CHUNK;
}

/* Decide gzip or not, then read the first chunk ahead to catch what is not JSON (magic.h).
 * When more follows, the rest is inflated ahead on a second thread. */
static struct source *sniff(struct source *s)
{
	if (raw_fill(s) < 0)
		return refuse(s);
	if (s->raw_len - s->raw_pos >= 2 && s->raw[s->raw_pos] == 0x1f && s->raw[s->raw_pos + 1] == 0x8b) {
		s->is_gzip = true;
		s->out_chunk = gzip_chunk;
		s->out = xmalloc(s->out_chunk);
		s->z = xmalloc(sizeof(*s->z));
		gzip_start(s->z);
	}
	const char *d;
	size_t n;
	int rc = next_decoded(s, &d, &n);
	if (rc < 0) {
		source_close(s);
		return NULL;
	}
	if (rc == 1) {
		const char *what = magic_refusal(d, n, s->is_gzip);
		s->binary = magic_binary(d, n);
		if (what != NULL) {
			fail(s, "%s", what);
			return refuse(s);
		}
		s->pending = s->head = d;
		s->pending_len = s->head_len = n;
		/* not yet: an input opened only for its head (source_head) starts no thread */
		s->ahead_due = s->is_gzip && !s->stream_end;
	}
	return s;
}

/* Maps S's file (LEN bytes) or returns NULL. A file that shrinks while it is mapped raises SIGBUS
 * at the first page read past its new end; the handler (interrupt.h) prints one line and exits 1,
 * as for any file that cannot be read. Without room to guard the mapping it is not made. */
static void *map_guarded(struct source *s, size_t len)
{
	void *m = mmap(NULL, len, PROT_READ, MAP_PRIVATE, s->fd, 0);
	if (m == MAP_FAILED)
		return NULL;
	if (s->shrank_line == NULL) {
		const char *o = s->origin;
		char *esc = text_needs_escape(o, strlen(o)) ? text_escape(o, strlen(o)) : NULL;
		s->shrank_line = xasprintf("profan: %s: the file shrank while it was read (did another program "
					   "write it?)\n", esc != NULL ? esc : o);
		free(esc);
	}
	if (!interrupt_guard_mapping(m, len, s->shrank_line)) {
		munmap(m, len);
		return NULL;
	}
	return m;
}

static void unmap_guarded(void *m, size_t len)
{
	interrupt_unguard_mapping(m);
	munmap(m, len);
}

struct source *source_open_file(const char *path)
{
	struct source *s = xcalloc(1, sizeof(*s));
	s->origin = xstrdup(strcmp(path, "-") == 0 ? "<stdin>" : path);
	s->fd = -1;
	if (strcmp(path, "-") == 0) {
		s->fd = 0;
	} else {
		s->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (s->fd < 0) {
			fail(s, "cannot open: %s", strerror(errno));
			return refuse(s);
		}
		s->owns_fd = true;
	}
	struct stat st;
	if (fstat(s->fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			fail(s, "%s", "is a directory, not a profile");
			return refuse(s);
		}
		if (S_ISREG(st.st_mode))
			s->raw_size = (uint64_t)st.st_size;
	}
	s->raw_buf = xmalloc(RAW_CHUNK);
	s->raw = s->raw_buf;
	return sniff(s);
}

struct source *source_open_buffer(const void *buf, size_t len, const char *origin)
{
	struct source *s = xcalloc(1, sizeof(*s));
	s->origin = xstrdup(origin);
	s->fd = -1;
	s->raw = buf;
	s->raw_len = len;
	s->raw_size = len;
	return sniff(s);
}

/* 0: hand out whole chunks. Tests and fuzzers set a small cap so chunk
 * boundaries fall inside numbers, strings and literals of small inputs too. */
static size_t max_chunk;

void source_set_max_chunk(size_t n)
{
	max_chunk = n;
}

size_t source_head(const struct source *s, const char **data)
{
	*data = s->head;
	return s->head != NULL ? s->head_len : 0;
}

int source_next(struct source *s, const char **data, size_t *len)
{
	int rc = 1;
	s->head = NULL;
	if (s->ahead_due) {
		s->ahead_due = false;
		ahead_start(s);
	}
	if (s->pending != NULL) {
		*data = s->pending;
		*len = s->pending_len;
		s->pending = NULL;
	} else {
		rc = next_decoded(s, data, len);
	}
	if (rc == 1 && max_chunk > 0 && *len > max_chunk) {
		/* the rest stays valid: nothing refills the buffers until it is handed out */
		s->pending = *data + max_chunk;
		s->pending_len = *len - max_chunk;
		*len = max_chunk;
	}
	return rc;
}

const char *source_origin(const struct source *s)
{
	return s->origin;
}

bool source_is_gzip(const struct source *s)
{
	return s->is_gzip;
}

uint64_t source_raw_done(const struct source *s)
{
	return s->handed_raw_done;
}

uint64_t source_raw_size(const struct source *s)
{
	return s->raw_size;
}

const char *source_binary(const struct source *s)
{
	return s->binary;
}

int source_whole(struct source *s, const unsigned char **data, size_t *len)
{
	if (s->whole == NULL && s->fd >= 0 && !s->is_gzip && s->raw_size > 0 && s->raw_size <= SIZE_MAX) {
		void *m = map_guarded(s, (size_t)s->raw_size);
		if (m != NULL) {
			s->whole = m;
			s->whole_len = (size_t)s->raw_size;
			s->whole_mapped = true;
			s->handed_raw_done = s->raw_size;
		}
	}
	if (s->whole == NULL && s->fd < 0 && !s->is_gzip) { /* a memory buffer: itself */
		*data = s->raw;
		*len = s->raw_len;
		return 0;
	}
	if (s->whole == NULL) {
		const char *d;
		size_t n;
		int rc;
		s->whole = col_resize(NULL, 0, 1);
		while ((rc = source_next(s, &d, &n)) == 1) {
			s->whole = col_reserve(s->whole, s->whole_len + n, 1);
			memcpy((char *)s->whole + s->whole_len, d, n);
			s->whole_len += n;
		}
		if (rc < 0)
			return -1;
	}
	*data = s->whole;
	*len = s->whole_len;
	return 0;
}

void source_close(struct source *s)
{
	if (s == NULL)
		return;
	if (s->whole_mapped)
		unmap_guarded(s->whole, s->whole_len);
	else if (s->whole)
		col_free(s->whole);
	free(s->shrank_line);
	ahead_stop(s);
	free(s->z);
	if (s->owns_fd)
		close(s->fd);
	free(s->raw_buf);
	free(s->out);
	free(s->origin);
	free(s);
}

char *source_slurp(const char *path, size_t *len)
{
	struct source *s = source_open_file(path);
	if (s == NULL)
		return NULL;
	VEC(char) buf = {0};
	const char *d;
	size_t n;
	int rc;
	while ((rc = source_next(s, &d, &n)) == 1) {
		vec_reserve(&buf, buf.len + n + 1);
		memcpy(buf.items + buf.len, d, n);
		buf.len += n;
	}
	source_close(s);
	if (rc < 0) {
		vec_free(&buf);
		return NULL;
	}
	vec_reserve(&buf, buf.len + 1);
	buf.items[buf.len] = '\0';
	*len = buf.len;
	return buf.items;
}
