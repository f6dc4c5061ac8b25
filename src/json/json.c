/* json.c: streaming JSON parser into a compact tree (see json.h for the design).
 *
 * The parser pulls chunks from a struct source and keeps an explicit stack, so
 * neither input size nor nesting depth touches the C stack. Arrays start out
 * "packed" (a typed column of numbers); the first element that is not a number
 * or null converts the array to ordinary nodes. */
#include "profan/json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/progress.h"
#include "profan/source.h"
#include "profan/strmap.h"

enum { NF_INT = 1, NF_PACKED = 2 };
enum pack_kind { PACK_I32, PACK_I64, PACK_F64 };

struct json {
	uint8_t type, flags;
	uint32_t parent; /* node index; UINT32_MAX for the root */
	union {
		int64_t i;
		double d;
		struct {
			uint64_t off;
			uint32_t len;
		} s;
		struct {
			uint32_t first; /* into doc->kids (pairs for objects), or doc->packs */
			uint32_t count;
		} c;
	} u;
};

/* Nodes live in chunks aligned to their own size, so a node finds its chunk
 * (and so its document) by masking its address: no back pointer per node,
 * and chunks never move while the tree grows. */
#define CHUNK_SHIFT 15
#define CHUNK_NODES (1u << CHUNK_SHIFT)
#define CHUNK_ALIGN ((size_t)1 << 20)

struct node_chunk {
	const struct json_doc *doc;
	uint32_t base; /* index of nodes[0] */
	struct json nodes[];
};

_Static_assert(sizeof(struct node_chunk) + CHUNK_NODES * sizeof(struct json) <= CHUNK_ALIGN,
	       "a node chunk must fit its alignment");

struct pack {
	enum pack_kind kind;
	bool has_wide_int; /* an integer beyond 2^53: widening to double would round it */
	size_t len, cap;
	void *data;
	uint64_t *nulls; /* bitmap, NULL when no element is null */
};

/* A finished packed array as the tree keeps it. */
struct packed {
	uint8_t kind;  /* enum pack_kind */
	bool owned;    /* data and nulls are heap buffers of their own (big arrays) */
	uint32_t len;
	void *data;
	uint64_t *nulls;
};

/* Arrays up to this size are copied into the document's arena, so the
 * parser's scratch buffer is reused and small arrays cost no malloc each. */
#define PACK_ARENA_MAX 16384

struct json_doc {
	char *origin;
	struct node_chunk **chunks;
	size_t chunk_count, node_count;
	uint32_t *kids;
	size_t kid_count, kid_cap;
	struct packed *packs;
	size_t pack_count, pack_cap;
	struct arena pack_arena; /* data of small packed arrays; big ones own their buffer */
	char *pool; /* string bytes, each NUL-terminated */
	size_t pool_len, pool_cap;
	struct strmap keys;
	size_t repairs;
};

/* ---------------------------------------------------------------- packs */

static size_t pack_elem_size(enum pack_kind k)
{
	return k == PACK_I32 ? 4 : 8;
}

static void pack_reserve(struct pack *p, size_t need)
{
	if (need <= p->cap)
		return;
	size_t ncap = p->cap ? p->cap * 2 : 64;
	while (ncap < need)
		ncap *= 2;
	p->data = xreallocarray(p->data, ncap, pack_elem_size(p->kind));
	if (p->nulls != NULL) {
		p->nulls = xreallocarray(p->nulls, (ncap + 63) / 64, 8);
		memset(p->nulls + (p->cap + 63) / 64, 0, ((ncap + 63) / 64 - (p->cap + 63) / 64) * 8);
	}
	p->cap = ncap;
}

/* Widen the element type in place, converting from the end backwards. */
static void pack_widen(struct pack *p, enum pack_kind to)
{
	if (p->kind == PACK_I32) {
		p->data = xreallocarray(p->data, p->cap ? p->cap : 1, 8);
		int32_t *src = p->data;
		for (size_t i = p->len; i-- > 0;) {
			int32_t v = src[i];
			if (to == PACK_I64)
				((int64_t *)p->data)[i] = v;
			else
				((double *)p->data)[i] = v;
		}
	} else if (p->kind == PACK_I64 && to == PACK_F64) {
		int64_t *src = p->data;
		for (size_t i = 0; i < p->len; i++) {
			double d = (double)src[i];
			memcpy((double *)p->data + i, &d, 8);
		}
	}
	p->kind = to;
}

static void pack_push_int(struct pack *p, int64_t v)
{
	if (v > (1LL << 53) || v < -(1LL << 53))
		p->has_wide_int = true;
	if (p->kind == PACK_I32 && (v < INT32_MIN || v > INT32_MAX))
		pack_widen(p, PACK_I64);
	pack_reserve(p, p->len + 1);
	switch (p->kind) {
	case PACK_I32: ((int32_t *)p->data)[p->len++] = (int32_t)v; break;
	case PACK_I64: ((int64_t *)p->data)[p->len++] = v; break;
	case PACK_F64: ((double *)p->data)[p->len++] = (double)v; break;
	}
}

static void pack_push_double(struct pack *p, double d)
{
	if (p->kind != PACK_F64)
		pack_widen(p, PACK_F64);
	pack_reserve(p, p->len + 1);
	((double *)p->data)[p->len++] = d;
}

static void pack_push_null(struct pack *p)
{
	pack_reserve(p, p->len + 1);
	if (p->nulls == NULL)
		p->nulls = xcalloc((p->cap + 63) / 64, 8);
	p->nulls[p->len / 64] |= 1ULL << (p->len % 64);
	pack_push_int(p, 0);
}

static bool bit_is_set(const uint64_t *bits, size_t i)
{
	return bits != NULL && (bits[i / 64] >> (i % 64) & 1);
}

/* Empty the scratch pack for the next array, keeping its buffers. */
static void pack_reset(struct pack *p)
{
	if (p->nulls)
		memset(p->nulls, 0, (p->len + 63) / 64 * 8);
	p->len = 0;
	p->kind = PACK_I32;
	p->has_wide_int = false;
}

/* ---------------------------------------------------------------- parser */

struct num {
	bool is_int;
	int64_t i;
	double d;
};

struct frame {
	uint32_t node;
	bool is_object;
	bool packed;
	size_t kid_start; /* into the parser's kid stack */
	uint32_t last_key;
	bool has_key;
};

struct parser {
	struct json_doc *doc;
	struct source *src;
	const char *p, *end, *chunk;
	bool eof, failed;
	uint64_t chunk_offset; /* byte offset of chunk[0] in the decoded input */
	uint64_t line, line_start;
	struct json_parse_opts opts;
	VEC(struct frame) stack;
	VEC(uint32_t) kidstack; /* children of open containers; pairs (key, node) for objects */
	struct pack cur;        /* the innermost array while it is still packed */
	char numbuf[512];
};

static const struct node_chunk *chunk_of(const struct json *v)
{
	return (const struct node_chunk *)((uintptr_t)v & ~(uintptr_t)(CHUNK_ALIGN - 1));
}

static const struct json_doc *doc_of(const struct json *v)
{
	return chunk_of(v)->doc;
}

static uint32_t index_of(const struct json *v)
{
	const struct node_chunk *c = chunk_of(v);
	return c->base + (uint32_t)(v - c->nodes);
}

static struct json *node_at(const struct json_doc *d, uint32_t idx)
{
	return &d->chunks[idx >> CHUNK_SHIFT]->nodes[idx & (CHUNK_NODES - 1)];
}

static uint64_t offset_of(const struct parser *ps, const char *at)
{
	return ps->chunk_offset + (uint64_t)(at - ps->chunk);
}

static void stack_path(const struct parser *ps, char *buf, size_t cap);

static void parse_error(struct parser *ps, const char *fmt, ...) PF_PRINTF(2, 3);
static void parse_error(struct parser *ps, const char *fmt, ...)
{
	if (ps->failed)
		return;
	ps->failed = true;
	char msg[256], path[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	uint64_t off = offset_of(ps, ps->p);
	stack_path(ps, path, sizeof(path));
	pf_error("%s: byte %llu (line %llu, column %llu): %s%s%s", ps->doc->origin, (unsigned long long)off,
		 (unsigned long long)ps->line, (unsigned long long)(off - ps->line_start + 1), path,
		 path[0] ? ": " : "", msg);
}

/* Make p < end true, or report end of input. Returns false at EOF or on error. */
static bool refill(struct parser *ps)
{
	while (ps->p >= ps->end) {
		if (ps->eof || ps->failed)
			return false;
		const char *data;
		size_t len;
		ps->chunk_offset += (uint64_t)(ps->end - ps->chunk);
		int rc = source_next(ps->src, &data, &len);
		if (rc <= 0) {
			ps->eof = true;
			ps->chunk = ps->p = ps->end;
			if (rc < 0)
				ps->failed = true; /* source printed the reason */
			return false;
		}
		ps->chunk = ps->p = data;
		ps->end = data + len;
		progress_update(source_raw_done(ps->src));
	}
	return true;
}

/* Next non-whitespace byte without consuming it, or -1 at end of input. */
static inline int peek_nonws(struct parser *ps)
{
	for (;;) {
		while (ps->p < ps->end) {
			unsigned char c = (unsigned char)*ps->p;
			if (c > ' ')
				return c;
			if (c == '\n') {
				ps->line++;
				ps->line_start = offset_of(ps, ps->p) + 1;
			} else if (c != ' ' && c != '\t' && c != '\r') {
				return c;
			}
			ps->p++;
		}
		if (!refill(ps))
			return -1;
	}
}

static uint32_t new_node(struct parser *ps, enum json_type t)
{
	struct json_doc *d = ps->doc;
	if ((d->node_count & (CHUNK_NODES - 1)) == 0) {
		struct node_chunk *c = NULL;
		if (posix_memalign((void **)&c, CHUNK_ALIGN, CHUNK_ALIGN) != 0 || c == NULL) {
			fprintf(stderr, "profan: out of memory (allocating a JSON node chunk)\n");
			abort();
		}
		c->doc = d;
		c->base = (uint32_t)d->node_count;
		d->chunks = xreallocarray(d->chunks, d->chunk_count + 1, sizeof(*d->chunks));
		d->chunks[d->chunk_count++] = c;
	}
	uint32_t idx = (uint32_t)d->node_count++;
	struct json *n = node_at(d, idx);
	memset(n, 0, sizeof(*n));
	n->type = (uint8_t)t;
	n->parent = ps->stack.len ? ps->stack.items[ps->stack.len - 1].node : UINT32_MAX;
	return idx;
}

static void pool_reserve(struct json_doc *d, size_t extra)
{
	if (d->pool_len + extra <= d->pool_cap)
		return;
	size_t ncap = d->pool_cap ? d->pool_cap * 2 : 4096;
	while (ncap < d->pool_len + extra)
		ncap *= 2;
	d->pool = xrealloc(d->pool, ncap);
	d->pool_cap = ncap;
}

static void put_utf8(struct json_doc *d, uint32_t cp)
{
	pool_reserve(d, 4);
	char *o = d->pool + d->pool_len;
	if (cp < 0x80) {
		o[0] = (char)cp;
		d->pool_len += 1;
	} else if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		d->pool_len += 2;
	} else if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		d->pool_len += 3;
	} else {
		o[0] = (char)(0xF0 | cp >> 18);
		o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
		o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
		o[3] = (char)(0x80 | (cp & 0x3F));
		d->pool_len += 4;
	}
}

static int hex4(struct parser *ps, uint32_t *out)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		if (ps->p >= ps->end && !refill(ps)) {
			parse_error(ps, "unexpected end of input in a \\u escape");
			return -1;
		}
		char c = *ps->p;
		uint32_t h;
		if (c >= '0' && c <= '9')
			h = (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			h = (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			h = (uint32_t)(c - 'A' + 10);
		else {
			parse_error(ps, "invalid \\u escape");
			return -1;
		}
		v = v << 4 | h;
		ps->p++;
	}
	*out = v;
	return 0;
}

/* Parse a string (the opening quote already consumed) into the pool.
 * Bytes are copied as they are: DHAT writes raw non-UTF-8 symbol names. */
static int parse_string(struct parser *ps, uint64_t *off, uint32_t *len)
{
	struct json_doc *d = ps->doc;
	size_t start = d->pool_len;
	for (;;) {
		if (ps->p >= ps->end && !refill(ps)) {
			parse_error(ps, "unexpected end of input inside a string");
			return -1;
		}
		const char *q = ps->p;
		while (q < ps->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20)
			q++;
		size_t n = (size_t)(q - ps->p);
		pool_reserve(d, n + 1);
		memcpy(d->pool + d->pool_len, ps->p, n);
		d->pool_len += n;
		ps->p = q;
		if (q == ps->end)
			continue;
		char c = *ps->p;
		if (c == '"') {
			ps->p++;
			break;
		}
		if (c != '\\') {
			parse_error(ps, "control character 0x%02x inside a string", (unsigned)(unsigned char)c);
			return -1;
		}
		ps->p++;
		if (ps->p >= ps->end && !refill(ps)) {
			parse_error(ps, "unexpected end of input in an escape");
			return -1;
		}
		c = *ps->p++;
		char out;
		switch (c) {
		case '"': out = '"'; break;
		case '\\': out = '\\'; break;
		case '/': out = '/'; break;
		case 'b': out = '\b'; break;
		case 'f': out = '\f'; break;
		case 'n': out = '\n'; break;
		case 'r': out = '\r'; break;
		case 't': out = '\t'; break;
		case 'u': {
			uint32_t cp;
			if (hex4(ps, &cp) < 0)
				return -1;
			if (cp >= 0xD800 && cp < 0xDC00) {
				/* a high surrogate wants "\uDC00".."\uDFFF" next; alone it is U+FFFD */
				if ((ps->p < ps->end || refill(ps)) && *ps->p == '\\') {
					ps->p++;
					if ((ps->p < ps->end || refill(ps)) && *ps->p == 'u') {
						ps->p++;
						uint32_t lo;
						if (hex4(ps, &lo) < 0)
							return -1;
						if (lo >= 0xDC00 && lo < 0xE000) {
							cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
						} else {
							put_utf8(d, 0xFFFD);
							cp = lo >= 0xD800 && lo < 0xE000 ? 0xFFFD : lo;
						}
					} else {
						parse_error(ps, "invalid escape after a \\u surrogate");
						return -1;
					}
				} else {
					cp = 0xFFFD;
				}
			} else if (cp >= 0xDC00 && cp < 0xE000) {
				cp = 0xFFFD;
			}
			put_utf8(d, cp);
			continue;
		}
		default:
			ps->p--;
			parse_error(ps, "invalid escape '\\%c'", c);
			return -1;
		}
		pool_reserve(d, 1);
		d->pool[d->pool_len++] = out;
	}
	pool_reserve(d, 1);
	d->pool[d->pool_len++] = '\0';
	*off = start;
	*len = (uint32_t)(d->pool_len - start - 1 > UINT32_MAX ? UINT32_MAX : d->pool_len - start - 1);
	if (d->pool_len - start - 1 > UINT32_MAX) {
		parse_error(ps, "string longer than 4 GiB");
		return -1;
	}
	return 0;
}

static const double pow10_exact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Convert the text of one number (validated against the JSON grammar here). */
static int convert_number(struct parser *ps, const char *s, size_t n, struct num *out)
{
	size_t i = 0;
	bool neg = false;
	if (i < n && s[i] == '-') {
		neg = true;
		i++;
	}
	if (i >= n || !(s[i] >= '0' && s[i] <= '9'))
		goto bad;
	uint64_t mant = 0;
	int digits = 0, dropped = 0, frac_digits = 0;
	bool truncated = false; /* more than 19 significant digits: only strtod rounds right */
	if (s[i] == '0') {
		i++;
	} else {
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			if (digits < 19) {
				mant = mant * 10 + (uint64_t)(s[i] - '0');
				digits++;
			} else {
				dropped++;
				truncated = true;
			}
		}
	}
	bool is_float = false;
	if (i < n && s[i] == '.') {
		is_float = true;
		i++;
		if (i >= n || !(s[i] >= '0' && s[i] <= '9'))
			goto bad;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			if (digits < 19 && !(mant == 0 && s[i] == '0')) {
				mant = mant * 10 + (uint64_t)(s[i] - '0');
				digits++;
				frac_digits++;
			} else if (mant == 0) {
				frac_digits++; /* leading zeros of a fraction */
			} else {
				truncated = true;
			}
		}
	}
	long exp10 = 0;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		is_float = true;
		i++;
		bool eneg = false;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		if (i >= n || !(s[i] >= '0' && s[i] <= '9'))
			goto bad;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if (exp10 < 100000)
				exp10 = exp10 * 10 + (s[i] - '0');
		if (eneg)
			exp10 = -exp10;
	}
	if (i != n)
		goto bad;
	if (!is_float && !truncated) {
		if (!neg && mant <= (uint64_t)INT64_MAX) {
			*out = (struct num){.is_int = true, .i = (int64_t)mant};
			return 0;
		}
		if (neg && mant <= (uint64_t)INT64_MAX + 1) {
			*out = (struct num){.is_int = true, .i = (int64_t)(0 - mant)};
			return 0;
		}
	}
	double d;
	long scale = exp10 - frac_digits + dropped;
	if (!truncated && mant <= (1ULL << 53) && scale >= -22 && scale <= 22) {
		d = (double)mant;
		d = scale >= 0 ? d * pow10_exact[scale] : d / pow10_exact[-scale];
		if (neg)
			d = -d;
	} else {
		/* rare: long mantissas or large exponents go through strtod for correct rounding */
		char tmp[sizeof(ps->numbuf) + 1];
		memcpy(tmp, s, n);
		tmp[n] = '\0';
		d = strtod(tmp, NULL);
	}
	if (!isfinite(d)) {
		parse_error(ps, "number %.*s is out of range", (int)(n > 40 ? 40 : n), s);
		return -1;
	}
	if (d == floor(d) && fabs(d) <= 9007199254740992.0) {
		*out = (struct num){.is_int = true, .i = (int64_t)d};
		return 0;
	}
	*out = (struct num){.is_int = false, .d = d};
	return 0;
bad:
	parse_error(ps, "invalid number '%.*s'", (int)(n > 40 ? 40 : n), s);
	return -1;
}

static inline bool numchar(char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

static int parse_number(struct parser *ps, struct num *out)
{
	const char *q = ps->p;
	while (q < ps->end && numchar(*q))
		q++;
	if (q < ps->end) { /* the common case: the whole number is in this chunk */
		/* the same cap as across chunks: convert_number copies the text into a
		 * numbuf-sized stack buffer for strtod (a 600-digit number overflowed it) */
		if ((size_t)(q - ps->p) > sizeof(ps->numbuf)) {
			ps->p += sizeof(ps->numbuf);
			parse_error(ps, "number longer than %zu characters", sizeof(ps->numbuf));
			return -1;
		}
		const char *s = ps->p;
		ps->p = q;
		return convert_number(ps, s, (size_t)(q - s), out);
	}
	/* the number runs to the chunk's end: gather it across refills */
	size_t n = 0;
	for (;;) {
		while (ps->p < ps->end && numchar(*ps->p)) {
			if (n == sizeof(ps->numbuf)) {
				parse_error(ps, "number longer than %zu characters", sizeof(ps->numbuf));
				return -1;
			}
			ps->numbuf[n++] = *ps->p++;
		}
		if (ps->p < ps->end || !refill(ps))
			break;
	}
	if (ps->failed)
		return -1;
	return convert_number(ps, ps->numbuf, n, out);
}

static int expect_literal(struct parser *ps, const char *lit)
{
	for (const char *l = lit; *l; l++) {
		if (ps->p >= ps->end && !refill(ps)) {
			parse_error(ps, "unexpected end of input");
			return -1;
		}
		if (*ps->p != *l) {
			parse_error(ps, "invalid literal (expected '%s')", lit);
			return -1;
		}
		ps->p++;
	}
	return 0;
}

/* Convert the packed array on top of the stack to nodes. */
static void unpack_current(struct parser *ps)
{
	struct frame *f = &ps->stack.items[ps->stack.len - 1];
	struct pack *p = &ps->cur;
	for (size_t i = 0; i < p->len; i++) {
		uint32_t idx;
		if (bit_is_set(p->nulls, i)) {
			idx = new_node(ps, JSON_NULL);
		} else {
			idx = new_node(ps, JSON_NUMBER);
			struct json *n = node_at(ps->doc, idx);
			switch (p->kind) {
			case PACK_I32: n->u.i = ((int32_t *)p->data)[i]; n->flags = NF_INT; break;
			case PACK_I64: n->u.i = ((int64_t *)p->data)[i]; n->flags = NF_INT; break;
			case PACK_F64: n->u.d = ((double *)p->data)[i]; break;
			}
		}
		vec_push(&ps->kidstack, idx);
	}
	pack_reset(p);
	f->packed = false;
}

static void add_child(struct parser *ps, uint32_t idx)
{
	if (ps->stack.len == 0)
		return;
	struct frame *f = &ps->stack.items[ps->stack.len - 1];
	if (f->is_object)
		vec_push(&ps->kidstack, f->last_key);
	vec_push(&ps->kidstack, idx);
}

static int check_duplicate_keys(struct parser *ps, const uint32_t *pairs, size_t count)
{
	if (count < 2)
		return 0;
	if (count <= 16) {
		for (size_t i = 1; i < count; i++)
			for (size_t j = 0; j < i; j++)
				if (pairs[2 * i] == pairs[2 * j])
					goto dup;
		return 0;
	}
	struct u64map seen = {0};
	for (size_t i = 0; i < count; i++) {
		uint32_t *slot = u64map_slot(&seen, pairs[2 * i]);
		if (*slot != HTAB_NONE) {
			u64map_release(&seen);
			pairs += 2 * i;
			goto dup_at;
		}
		*slot = 1;
	}
	u64map_release(&seen);
	return 0;
dup:;
	size_t i = 1;
	for (; i < count; i++) {
		bool found = false;
		for (size_t j = 0; j < i; j++)
			found |= pairs[2 * i] == pairs[2 * j];
		if (found)
			break;
	}
	pairs += 2 * i;
dup_at:
	parse_error(ps, "duplicate key \"%s\"", strmap_str(&ps->doc->keys, pairs[0]));
	return -1;
}

static int close_container(struct parser *ps)
{
	struct frame f = ps->stack.items[--ps->stack.len];
	struct json_doc *d = ps->doc;
	struct json *n = node_at(d, f.node);
	if (f.packed) {
		struct pack *p = &ps->cur;
		if (p->len > UINT32_MAX) {
			parse_error(ps, "array with more than 4294967295 elements");
			return -1;
		}
		struct packed rec = {.kind = (uint8_t)p->kind, .len = (uint32_t)p->len};
		size_t bytes = p->len * pack_elem_size(p->kind), null_bytes = (p->len + 63) / 64 * 8;
		if (p->len == 0) {
			pack_reset(p);
		} else if (bytes <= PACK_ARENA_MAX) {
			rec.data = arena_alloc(&d->pack_arena, bytes);
			memcpy(rec.data, p->data, bytes);
			if (p->nulls) {
				rec.nulls = arena_alloc(&d->pack_arena, null_bytes);
				memcpy(rec.nulls, p->nulls, null_bytes);
			}
			pack_reset(p);
		} else {
			/* a big array: hand the buffers over, trimmed, and start a new scratch */
			rec.owned = true;
			rec.data = xreallocarray(p->data, p->len, pack_elem_size(p->kind));
			rec.nulls = p->nulls ? xreallocarray(p->nulls, (p->len + 63) / 64, 8) : NULL;
			memset(p, 0, sizeof(*p));
		}
		if (d->pack_count == d->pack_cap) {
			d->pack_cap = d->pack_cap ? d->pack_cap * 2 : 64;
			d->packs = xreallocarray(d->packs, d->pack_cap, sizeof(*d->packs));
		}
		n->flags |= NF_PACKED;
		n->u.c.first = (uint32_t)d->pack_count;
		n->u.c.count = rec.len;
		d->packs[d->pack_count++] = rec;
	} else {
		size_t nk = ps->kidstack.len - f.kid_start;
		const uint32_t *pairs = nk ? ps->kidstack.items + f.kid_start : NULL;
		if (f.is_object && nk > 0) {
			/* the object's members off the kid stack while checking, so an error
			 * names the object's own index in its parent array ("pps[0]", not pps[26]) */
			ps->kidstack.len = f.kid_start;
			if (check_duplicate_keys(ps, pairs, nk / 2) < 0)
				return -1;
			ps->kidstack.len = f.kid_start + nk;
		}
		if (d->kid_count + nk > UINT32_MAX) {
			parse_error(ps, "more than 4294967295 values");
			return -1;
		}
		vec_grow_((void **)&d->kids, &d->kid_cap, sizeof(*d->kids), d->kid_count + nk);
		if (nk > 0)
			memcpy(d->kids + d->kid_count, ps->kidstack.items + f.kid_start, nk * sizeof(uint32_t));
		n->u.c.first = (uint32_t)d->kid_count;
		n->u.c.count = (uint32_t)(f.is_object ? nk / 2 : nk);
		d->kid_count += nk;
		ps->kidstack.len = f.kid_start;
	}
	add_child(ps, f.node);
	return 0;
}

static int open_container(struct parser *ps, bool is_object)
{
	if (ps->stack.len >= JSON_MAX_DEPTH) {
		parse_error(ps, "nesting deeper than %d levels", JSON_MAX_DEPTH);
		return -1;
	}
	if (ps->stack.len > 0 && ps->stack.items[ps->stack.len - 1].packed)
		unpack_current(ps);
	if (ps->doc->node_count >= UINT32_MAX - 1) {
		parse_error(ps, "more than 4294967294 values");
		return -1;
	}
	uint32_t idx = new_node(ps, is_object ? JSON_OBJECT : JSON_ARRAY);
	struct frame f = {.node = idx, .is_object = is_object, .packed = !is_object,
			  .kid_start = ps->kidstack.len};
	vec_push(&ps->stack, f);
	return 0;
}

/* A scalar value at the current position (c is its first byte). */
static int parse_scalar(struct parser *ps, int c)
{
	struct frame *top = ps->stack.len ? &ps->stack.items[ps->stack.len - 1] : NULL;
	if (c == '-' || (c >= '0' && c <= '9')) {
		struct num v;
		if (parse_number(ps, &v) < 0)
			return -1;
		bool wide = v.is_int && (v.i > (1LL << 53) || v.i < -(1LL << 53));
		if (top && top->packed && ((!v.is_int && ps->cur.has_wide_int) || (wide && ps->cur.kind == PACK_F64)))
			unpack_current(ps); /* keep big integers exact: store this array as nodes */
		if (top && top->packed) {
			if (v.is_int)
				pack_push_int(&ps->cur, v.i);
			else
				pack_push_double(&ps->cur, v.d);
			return 0;
		}
		uint32_t idx = new_node(ps, JSON_NUMBER);
		struct json *n = node_at(ps->doc, idx);
		if (v.is_int) {
			n->flags = NF_INT;
			n->u.i = v.i;
		} else {
			n->u.d = v.d;
		}
		add_child(ps, idx);
		return 0;
	}
	if (c == 'n') {
		if (expect_literal(ps, "null") < 0)
			return -1;
		if (top && top->packed) {
			pack_push_null(&ps->cur);
			return 0;
		}
		add_child(ps, new_node(ps, JSON_NULL));
		return 0;
	}
	if (top && top->packed)
		unpack_current(ps);
	if (c == 't' || c == 'f') {
		if (expect_literal(ps, c == 't' ? "true" : "false") < 0)
			return -1;
		uint32_t idx = new_node(ps, JSON_BOOL);
		node_at(ps->doc, idx)->u.i = c == 't';
		add_child(ps, idx);
		return 0;
	}
	if (c == '"') {
		ps->p++;
		uint64_t off;
		uint32_t len;
		if (parse_string(ps, &off, &len) < 0)
			return -1;
		uint32_t idx = new_node(ps, JSON_STRING);
		node_at(ps->doc, idx)->u.s.off = off;
		node_at(ps->doc, idx)->u.s.len = len;
		add_child(ps, idx);
		return 0;
	}
	if (c < 0x20 || c >= 0x7f)
		parse_error(ps, "unexpected byte 0x%02x where a value was expected", (unsigned)c);
	else
		parse_error(ps, "unexpected '%c' where a value was expected", c);
	return -1;
}

static int parse_key(struct parser *ps)
{
	struct json_doc *d = ps->doc;
	size_t mark = d->pool_len;
	uint64_t off;
	uint32_t len;
	if (parse_string(ps, &off, &len) < 0)
		return -1;
	/* keys are interned; their bytes need not stay in the value pool */
	ps->stack.items[ps->stack.len - 1].last_key = strmap_intern_len(&d->keys, d->pool + off, len);
	ps->stack.items[ps->stack.len - 1].has_key = true;
	d->pool_len = mark;
	return 0;
}

static int parse_all(struct parser *ps)
{
	enum { VALUE, AFTER_VALUE, KEY_OR_CLOSE, KEY, COLON, ELEM_OR_CLOSE } state = VALUE;
	if (refill(ps) && ps->end - ps->p >= 3 && memcmp(ps->p, "\xEF\xBB\xBF", 3) == 0) {
		parse_error(ps, "input starts with a UTF-8 byte order mark, which JSON does not allow");
		return -1;
	}
	if (ps->failed)
		return -1;
	for (;;) {
		int c = peek_nonws(ps);
		if (c < 0) {
			if (ps->failed)
				return -1;
			if (ps->stack.len == 0 && state == AFTER_VALUE)
				return 0;
			if (ps->doc->node_count == 0)
				parse_error(ps, "empty input (no JSON value)");
			else
				parse_error(ps, "unexpected end of input (truncated file?)");
			return -1;
		}
		switch (state) {
		case ELEM_OR_CLOSE:
			if (c == ']') {
				ps->p++;
				if (close_container(ps) < 0)
					return -1;
				state = AFTER_VALUE;
				continue;
			}
			/* fall through */
		case VALUE:
			if (ps->stack.len == 0 && ps->doc->node_count > 0) {
				parse_error(ps, "trailing data after the JSON value");
				return -1;
			}
			if (c == '{') {
				ps->p++;
				if (open_container(ps, true) < 0)
					return -1;
				state = KEY_OR_CLOSE;
			} else if (c == '[') {
				ps->p++;
				if (open_container(ps, false) < 0)
					return -1;
				state = ELEM_OR_CLOSE;
			} else if (c == ']' && ps->opts.repair_missing_open_bracket && ps->stack.len > 0 &&
				   ps->stack.items[ps->stack.len - 1].is_object) {
				/* DHAT's `"fs":]`: an empty array whose '[' was never written */
				ps->p++;
				if (open_container(ps, false) < 0 || close_container(ps) < 0)
					return -1;
				ps->doc->repairs++;
				state = AFTER_VALUE;
			} else {
				if (parse_scalar(ps, c) < 0)
					return -1;
				state = AFTER_VALUE;
			}
			break;
		case AFTER_VALUE: {
			if (ps->stack.len == 0) {
				parse_error(ps, "trailing data after the JSON value");
				return -1;
			}
			struct frame *f = &ps->stack.items[ps->stack.len - 1];
			ps->p++;
			if (c == ',') {
				state = f->is_object ? KEY : VALUE;
			} else if (c == (f->is_object ? '}' : ']')) {
				if (close_container(ps) < 0)
					return -1;
				state = AFTER_VALUE;
			} else {
				ps->p--;
				parse_error(ps, "expected ',' or '%c'", f->is_object ? '}' : ']');
				return -1;
			}
			break;
		}
		case KEY_OR_CLOSE:
			if (c == '}') {
				ps->p++;
				if (close_container(ps) < 0)
					return -1;
				state = AFTER_VALUE;
				break;
			}
			/* fall through */
		case KEY:
			if (c != '"') {
				parse_error(ps, "expected a string key");
				return -1;
			}
			ps->p++;
			if (parse_key(ps) < 0)
				return -1;
			state = COLON;
			break;
		case COLON:
			if (c != ':') {
				parse_error(ps, "expected ':' after a key");
				return -1;
			}
			ps->p++;
			state = VALUE;
			break;
		}
	}
}

static void stack_path(const struct parser *ps, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < ps->stack.len && n < cap; i++) {
		const struct frame *f = &ps->stack.items[i];
		size_t end = i + 1 < ps->stack.len ? ps->stack.items[i + 1].kid_start : ps->kidstack.len;
		int w;
		if (f->is_object) {
			if (!f->has_key)
				break;
			w = snprintf(buf + n, cap - n, "%s%s", n ? "." : "", strmap_str(&ps->doc->keys, f->last_key));
		} else {
			size_t idx = f->packed && i + 1 == ps->stack.len ? ps->cur.len : end - f->kid_start;
			w = snprintf(buf + n, cap - n, "[%zu]", idx);
		}
		if (w < 0)
			break;
		n += (size_t)w;
	}
	if (n >= cap && cap > 4)
		memcpy(buf + cap - 4, "...", 4);
}

static struct json_doc *doc_new(const char *origin)
{
	struct json_doc *d = xcalloc(1, sizeof(*d));
	d->origin = xstrdup(origin);
	strmap_init(&d->keys);
	return d;
}

struct json_doc *json_parse(struct source *src, const struct json_parse_opts *opts)
{
	struct parser ps = {0};
	ps.doc = doc_new(source_origin(src));
	ps.src = src;
	ps.line = 1;
	if (opts)
		ps.opts = *opts;
	int rc = parse_all(&ps);
	free(ps.cur.data);
	free(ps.cur.nulls);
	vec_free(&ps.stack);
	vec_free(&ps.kidstack);
	if (rc < 0 || ps.failed) {
		json_doc_free(ps.doc);
		return NULL;
	}
	return ps.doc;
}

struct json_doc *json_parse_buffer(const char *buf, size_t len, const char *origin,
				   const struct json_parse_opts *opts)
{
	struct source *src = source_open_buffer(buf, len, origin);
	if (src == NULL)
		return NULL;
	struct json_doc *d = json_parse(src, opts);
	source_close(src);
	return d;
}

void json_doc_free(struct json_doc *d)
{
	if (d == NULL)
		return;
	for (size_t i = 0; i < d->pack_count; i++) {
		if (d->packs[i].owned) {
			free(d->packs[i].data);
			free(d->packs[i].nulls);
		}
	}
	free(d->packs);
	arena_release(&d->pack_arena);
	for (size_t i = 0; i < d->chunk_count; i++)
		free(d->chunks[i]);
	free(d->chunks);
	free(d->kids);
	free(d->pool);
	strmap_release(&d->keys);
	free(d->origin);
	free(d);
}

/* Nodes learn their doc lazily: the node array moves while parsing, so the
 * back pointer is set once, on first access through the root. */
const struct json *json_doc_root(const struct json_doc *d)
{
	return d->node_count ? node_at(d, 0) : NULL;
}

const char *json_doc_origin(const struct json_doc *d)
{
	return d->origin;
}

size_t json_doc_repairs(const struct json_doc *d)
{
	return d->repairs;
}

size_t json_doc_memory(const struct json_doc *d)
{
	size_t m = d->chunk_count * CHUNK_NODES * sizeof(struct json) + d->kid_cap * 4 + d->pool_cap +
		   d->pack_cap * sizeof(struct packed);
	for (size_t i = 0; i < d->pack_count; i++)
		m += d->packs[i].len * pack_elem_size(d->packs[i].kind) +
		     (d->packs[i].nulls ? (d->packs[i].len + 63) / 64 * 8 : 0);
	return m;
}

/* ---------------------------------------------------------------- access */

enum json_type json_type(const struct json *v)
{
	return v ? (enum json_type)v->type : JSON_NULL;
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
	return names[t];
}

size_t json_len(const struct json *v)
{
	return v && (v->type == JSON_ARRAY || v->type == JSON_OBJECT) ? v->u.c.count : 0;
}

bool json_is_packed(const struct json *arr)
{
	return arr && arr->type == JSON_ARRAY && (arr->flags & NF_PACKED);
}

const struct json *json_get(const struct json *obj, const char *key)
{
	if (obj == NULL || obj->type != JSON_OBJECT)
		return NULL;
	const struct json_doc *d = doc_of(obj);
	uint32_t k = strmap_find(&d->keys, key, strlen(key));
	if (k == UINT32_MAX)
		return NULL;
	const uint32_t *pairs = d->kids + obj->u.c.first;
	for (uint32_t i = 0; i < obj->u.c.count; i++)
		if (pairs[2 * i] == k)
			return node_at(d, pairs[2 * i + 1]);
	return NULL;
}

const struct json *json_member(const struct json *obj, size_t i, const char **key)
{
	if (obj == NULL || obj->type != JSON_OBJECT || i >= obj->u.c.count)
		return NULL;
	const struct json_doc *d = doc_of(obj);
	const uint32_t *pairs = d->kids + obj->u.c.first;
	if (key)
		*key = strmap_str(&d->keys, pairs[2 * i]);
	return node_at(d, pairs[2 * i + 1]);
}

const struct json *json_at(const struct json *arr, size_t i)
{
	if (arr == NULL || arr->type != JSON_ARRAY || (arr->flags & NF_PACKED) || i >= arr->u.c.count)
		return NULL;
	const struct json_doc *d = doc_of(arr);
	return node_at(d, d->kids[arr->u.c.first + i]);
}

bool json_bool(const struct json *v)
{
	return v && v->type == JSON_BOOL && v->u.i;
}

const char *json_str(const struct json *v)
{
	return v && v->type == JSON_STRING ? doc_of(v)->pool + v->u.s.off : NULL;
}

size_t json_str_len(const struct json *v)
{
	return v && v->type == JSON_STRING ? v->u.s.len : 0;
}

double json_f64(const struct json *v)
{
	if (v == NULL || v->type != JSON_NUMBER)
		return 0;
	return (v->flags & NF_INT) ? (double)v->u.i : v->u.d;
}

static bool double_to_i64(double d, int64_t *out)
{
	if (d != floor(d) || !(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
		return false;
	*out = (int64_t)d;
	return true;
}

bool json_i64(const struct json *v, int64_t *out)
{
	if (v == NULL || v->type != JSON_NUMBER)
		return false;
	if (v->flags & NF_INT) {
		*out = v->u.i;
		return true;
	}
	return double_to_i64(v->u.d, out);
}

enum json_elem json_i64_at(const struct json *arr, size_t i, int64_t *out)
{
	if (json_is_packed(arr)) {
		const struct packed *p = &doc_of(arr)->packs[arr->u.c.first];
		if (bit_is_set(p->nulls, i))
			return JSON_ELEM_NULL;
		switch (p->kind) {
		case PACK_I32: *out = ((const int32_t *)p->data)[i]; return JSON_ELEM_OK;
		case PACK_I64: *out = ((const int64_t *)p->data)[i]; return JSON_ELEM_OK;
		case PACK_F64:
			return double_to_i64(((const double *)p->data)[i], out) ? JSON_ELEM_OK
										: JSON_ELEM_NOT_INTEGER;
		}
	}
	const struct json *v = json_at(arr, i);
	if (v == NULL || v->type == JSON_NULL)
		return JSON_ELEM_NULL;
	if (v->type != JSON_NUMBER)
		return JSON_ELEM_NOT_NUMBER;
	return json_i64(v, out) ? JSON_ELEM_OK : JSON_ELEM_NOT_INTEGER;
}

enum json_elem json_f64_at(const struct json *arr, size_t i, double *out)
{
	if (json_is_packed(arr)) {
		const struct packed *p = &doc_of(arr)->packs[arr->u.c.first];
		if (bit_is_set(p->nulls, i))
			return JSON_ELEM_NULL;
		switch (p->kind) {
		case PACK_I32: *out = ((const int32_t *)p->data)[i]; break;
		case PACK_I64: *out = (double)((const int64_t *)p->data)[i]; break;
		case PACK_F64: *out = ((const double *)p->data)[i]; break;
		}
		return JSON_ELEM_OK;
	}
	const struct json *v = json_at(arr, i);
	if (v == NULL || v->type == JSON_NULL)
		return JSON_ELEM_NULL;
	if (v->type != JSON_NUMBER)
		return JSON_ELEM_NOT_NUMBER;
	*out = json_f64(v);
	return JSON_ELEM_OK;
}

void json_path(const struct json_doc *d, const struct json *v, char *buf, size_t cap)
{
	/* collect the chain root..v, then print it */
	uint32_t chain[64];
	size_t depth = 0;
	bool cut = false;
	uint32_t idx = index_of(v);
	while (node_at(d, idx)->parent != UINT32_MAX) {
		if (depth == ARRAY_SIZE(chain)) {
			cut = true;
			break;
		}
		chain[depth++] = idx;
		idx = node_at(d, idx)->parent;
	}
	size_t n = 0;
	buf[0] = '\0';
	if (cut)
		n += (size_t)snprintf(buf, cap, "...");
	if (depth == 0 && !cut) {
		snprintf(buf, cap, "(root)");
		return;
	}
	for (size_t k = depth; k-- > 0 && n < cap;) {
		uint32_t child = chain[k];
		const struct json *parent = node_at(d, node_at(d, child)->parent);
		const uint32_t *kids = d->kids + parent->u.c.first;
		int w = 0;
		if (parent->type == JSON_OBJECT) {
			for (uint32_t i = 0; i < parent->u.c.count; i++)
				if (kids[2 * i + 1] == child)
					w = snprintf(buf + n, cap - n, "%s%s", n ? "." : "",
						     strmap_str(&d->keys, kids[2 * i]));
		} else {
			for (uint32_t i = 0; i < parent->u.c.count; i++)
				if (kids[i] == child)
					w = snprintf(buf + n, cap - n, "[%u]", i);
		}
		if (w < 0)
			break;
		n += (size_t)w;
	}
}

/* ---------------------------------------------------------------- jr_* */

int jr_error(struct jr *r, const struct json *v, size_t index, const char *fmt, ...)
{
	if (r->failed)
		return -1;
	r->failed = true;
	char path[512], msg[512];
	if (v != NULL)
		json_path(r->doc, v, path, sizeof(path));
	else
		snprintf(path, sizeof(path), "(root)");
	if (index != SIZE_MAX) {
		size_t n = strlen(path);
		if (strcmp(path, "(root)") == 0)
			n = 0;
		snprintf(path + n, sizeof(path) - n, "[%zu]", index);
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pf_error("%s: %s: %s", r->origin, path, msg);
	return -1;
}

static const char *type_article(enum json_type t)
{
	return t == JSON_ARRAY || t == JSON_OBJECT ? "an " : "a ";
}

bool jr_is(struct jr *r, const struct json *v, enum json_type t)
{
	if (json_type(v) == t && v != NULL)
		return true;
	if (v == NULL)
		jr_error(r, NULL, SIZE_MAX, "expected %s%s", type_article(t), json_type_name(t));
	else
		jr_error(r, v, SIZE_MAX, "expected %s%s, got %s%s", type_article(t), json_type_name(t),
			 type_article(json_type(v)), json_type_name(json_type(v)));
	return false;
}

static const struct json *member(struct jr *r, const struct json *obj, const char *key, enum json_type t,
				 bool optional)
{
	if (r->failed || obj == NULL)
		return NULL;
	const struct json *v = json_get(obj, key);
	if (v == NULL || (optional && v->type == JSON_NULL)) {
		if (!optional)
			jr_error(r, obj, SIZE_MAX, "missing key \"%s\"", key);
		return NULL;
	}
	if (v->type != t) {
		jr_error(r, v, SIZE_MAX, "expected %s%s, got %s%s", type_article(t), json_type_name(t),
			 type_article(json_type(v)), json_type_name(json_type(v)));
		return NULL;
	}
	return v;
}

const struct json *jr_need(struct jr *r, const struct json *obj, const char *key, enum json_type t)
{
	return member(r, obj, key, t, false);
}

const struct json *jr_opt(struct jr *r, const struct json *obj, const char *key, enum json_type t)
{
	return member(r, obj, key, t, true);
}

bool jr_int(struct jr *r, const struct json *obj, const char *key, int64_t min, int64_t max, bool optional,
	    int64_t deflt, int64_t *out)
{
	const struct json *v = member(r, obj, key, JSON_NUMBER, optional);
	if (v == NULL) {
		*out = deflt;
		return !r->failed;
	}
	if (!json_i64(v, out))
		return jr_error(r, v, SIZE_MAX, "expected an integer, got %g", json_f64(v)), false;
	if (*out < min || *out > max)
		return jr_error(r, v, SIZE_MAX, "%lld is out of range [%lld, %lld]", (long long)*out,
				(long long)min, (long long)max),
		       false;
	return true;
}

bool jr_num(struct jr *r, const struct json *obj, const char *key, bool optional, double deflt, double *out)
{
	const struct json *v = member(r, obj, key, JSON_NUMBER, optional);
	*out = v ? json_f64(v) : deflt;
	return !r->failed;
}

const char *jr_str(struct jr *r, const struct json *obj, const char *key, bool optional)
{
	return json_str(member(r, obj, key, JSON_STRING, optional));
}

bool jr_int_at(struct jr *r, const struct json *arr, size_t i, int64_t min, int64_t max, bool null_ok,
	       int64_t nullval, int64_t *out)
{
	if (r->failed)
		return false;
	switch (json_i64_at(arr, i, out)) {
	case JSON_ELEM_OK:
		if (*out < min || *out > max)
			return jr_error(r, arr, i, "%lld is out of range [%lld, %lld]", (long long)*out,
					(long long)min, (long long)max),
			       false;
		return true;
	case JSON_ELEM_NULL:
		if (null_ok) {
			*out = nullval;
			return true;
		}
		return jr_error(r, arr, i, "expected an integer, got null"), false;
	case JSON_ELEM_NOT_NUMBER:
		return jr_error(r, arr, i, "expected an integer, got %s%s", type_article(json_type(json_at(arr, i))),
				json_type_name(json_type(json_at(arr, i)))),
		       false;
	case JSON_ELEM_NOT_INTEGER: {
		double d = 0;
		json_f64_at(arr, i, &d);
		return jr_error(r, arr, i, "expected an integer, got %g", d), false;
	}
	}
	return false;
}

int64_t *jr_int_column(struct jr *r, const struct json *arr, int64_t min, int64_t max, bool null_ok,
		       int64_t nullval, size_t *len)
{
	if (r->failed || !jr_is(r, arr, JSON_ARRAY))
		return NULL;
	size_t n = json_len(arr);
	int64_t *out = xreallocarray(NULL, n ? n : 1, sizeof(*out));
	const struct packed *pk = json_is_packed(arr) ? &doc_of(arr)->packs[arr->u.c.first] : NULL;
	if (pk && pk->kind == PACK_I32 && pk->nulls == NULL && min <= INT32_MIN && max >= INT32_MAX) {
		const int32_t *src = pk->data;
		for (size_t i = 0; i < n; i++)
			out[i] = src[i];
	} else {
		for (size_t i = 0; i < n; i++) {
			if (!jr_int_at(r, arr, i, min, max, null_ok, nullval, &out[i])) {
				free(out);
				return NULL;
			}
		}
	}
	*len = n;
	return out;
}

double *jr_num_column(struct jr *r, const struct json *arr, bool null_ok, double nullval, size_t *len)
{
	if (r->failed || !jr_is(r, arr, JSON_ARRAY))
		return NULL;
	size_t n = json_len(arr);
	double *out = xreallocarray(NULL, n ? n : 1, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		switch (json_f64_at(arr, i, &out[i])) {
		case JSON_ELEM_OK:
			break;
		case JSON_ELEM_NULL:
			if (null_ok) {
				out[i] = nullval;
				break;
			}
			jr_error(r, arr, i, "expected a number, got null");
			free(out);
			return NULL;
		default:
			jr_error(r, arr, i, "expected a number, got %s%s", type_article(json_type(json_at(arr, i))),
				 json_type_name(json_type(json_at(arr, i))));
			free(out);
			return NULL;
		}
	}
	*len = n;
	return out;
}
