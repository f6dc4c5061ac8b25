/* jstream.c: the JSON tokenizer as a pull API (see jstream.h).
 *
 * The stream pulls chunks from a struct source and keeps one level per open
 * container (its current key or element count, for error paths, and the keys
 * seen, for the duplicate check), so neither input size nor nesting depth
 * touches the C stack. Numeric arrays have a fast path that reads plain
 * integers without leaving the chunk. */
#include "profan/jstream.h"

#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/progress.h"
#include "profan/source.h"
#include "source_int.h"

/* What the grammar allows next. */
enum js_state {
	JS_VALUE,         /* a value: at the start, after a key, or once an element is announced */
	JS_ELEM_OR_CLOSE, /* after '[' */
	JS_KEY_OR_CLOSE,  /* after '{' */
	JS_KEY,           /* after ',' in an object */
	JS_AFTER,         /* after a value: ',' or the closing bracket, or the end at depth 0 */
};

struct jlevel {
	bool is_object;
	bool has_key;
	uint32_t key;      /* the current key (objects) */
	size_t count;      /* elements read so far (arrays) */
	size_t keys_start; /* this object's keys in js->seen_keys */
};

struct jstream {
	struct source *src;
	char *origin;
	const char *p, *end, *chunk;
	bool eof, failed, started, repair_due;
	enum js_state state;
	uint64_t chunk_offset; /* byte offset of chunk[0] in the decoded input */
	uint64_t line, line_start;
	struct json_parse_opts opts;
	size_t repairs;
	struct json_keys *keys;
	VEC(struct jlevel) levels;
	VEC(uint32_t) seen_keys;
	struct jbuf scratch; /* jstream_string(), keys */
	char numbuf[512];
};

/* ---------------------------------------------------------------- keys */

struct json_keys *json_keys_ref(struct json_keys *k)
{
	k->refs++;
	return k;
}

void json_keys_unref(struct json_keys *k)
{
	if (k != NULL && --k->refs == 0) {
		strmap_release(&k->map);
		free(k);
	}
}

/* ---------------------------------------------------------------- position and errors */

static uint64_t offset_at(const struct jstream *js, const char *at)
{
	return js->chunk_offset + (uint64_t)(at - js->chunk);
}

const struct json_parse_opts *jstream_opts(const struct jstream *js)
{
	return &js->opts;
}

uint64_t jstream_offset(const struct jstream *js)
{
	return offset_at(js, js->p);
}

void jstream_path(const struct jstream *js, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < js->levels.len && n < cap; i++) {
		const struct jlevel *l = &js->levels.items[i];
		int w;
		if (l->is_object) {
			if (!l->has_key)
				break;
			w = snprintf(buf + n, cap - n, "%s%s", n ? "." : "", strmap_str(&js->keys->map, l->key));
		} else {
			w = snprintf(buf + n, cap - n, "[%zu]", l->count);
		}
		if (w < 0)
			break;
		n += (size_t)w;
	}
	if (n >= cap && cap > 4)
		memcpy(buf + cap - 4, "...", 4);
}

static int vfail(struct jstream *js, const char *fmt, va_list ap)
{
	if (js->failed)
		return -1;
	js->failed = true;
	char msg[256], path[256];
	vsnprintf(msg, sizeof(msg), fmt, ap);
	uint64_t off = offset_at(js, js->p);
	jstream_path(js, path, sizeof(path));
	pf_error("%s: byte %llu (line %llu, column %llu): %s%s%s", js->origin, (unsigned long long)off,
		 (unsigned long long)js->line, (unsigned long long)(off - js->line_start + 1), path,
		 path[0] ? ": " : "", msg);
	return -1;
}

int jstream_fail(struct jstream *js, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(js, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---------------------------------------------------------------- bytes */

/* Make p < end true, or report the end of input. False at the end or on error. */
static bool refill(struct jstream *js)
{
	while (js->p >= js->end) {
		if (js->eof || js->failed)
			return false;
		const char *data;
		size_t len;
		js->chunk_offset += (uint64_t)(js->end - js->chunk);
		int rc = source_next(js->src, &data, &len);
		if (rc <= 0) {
			js->eof = true;
			js->chunk = js->p = js->end;
			if (rc < 0)
				js->failed = true; /* the source printed the reason */
			return false;
		}
		js->chunk = js->p = data;
		js->end = data + len;
		progress_update(source_raw_done(js->src));
	}
	return true;
}

/* Next non-whitespace byte without consuming it, or -1 at the end of input. */
static inline int peek_nonws(struct jstream *js)
{
	for (;;) {
		while (js->p < js->end) {
			unsigned char c = (unsigned char)*js->p;
			if (c > ' ')
				return c;
			if (c == '\n') {
				js->line++;
				js->line_start = offset_at(js, js->p) + 1;
			} else if (c != ' ' && c != '\t' && c != '\r') {
				return c;
			}
			js->p++;
		}
		if (!refill(js))
			return -1;
	}
}

/* The next token, or -1 after reporting why there is none. */
static int next_token(struct jstream *js)
{
	int c = peek_nonws(js);
	if (c < 0 && !js->failed) {
		if (!js->started)
			jstream_fail(js, "empty input (no JSON value)");
		else
			jstream_fail(js, "unexpected end of input (truncated file?)");
	}
	return c;
}

/* ---------------------------------------------------------------- open and close */

struct jstream *jstream_open(struct source *src, const struct json_parse_opts *opts)
{
	struct jstream *js = xcalloc(1, sizeof(*js));
	js->src = src;
	js->origin = xstrdup(source_origin(src));
	js->line = 1;
	js->state = JS_VALUE;
	if (opts)
		js->opts = *opts;
	js->keys = xcalloc(1, sizeof(*js->keys));
	js->keys->refs = 1;
	strmap_init(&js->keys->map);
	if (refill(js) && js->end - js->p >= 3 && memcmp(js->p, "\xEF\xBB\xBF", 3) == 0)
		jstream_fail(js, "input starts with a UTF-8 byte order mark, which JSON does not allow");
	return js;
}

void jstream_close(struct jstream *js)
{
	if (js == NULL)
		return;
	json_keys_unref(js->keys);
	vec_free(&js->levels);
	vec_free(&js->seen_keys);
	free(js->scratch.data);
	free(js->origin);
	free(js);
}

const char *jstream_origin(const struct jstream *js)
{
	return js->origin;
}

struct json_keys *jstream_keys(struct jstream *js)
{
	return js->keys;
}

bool jstream_failed(const struct jstream *js)
{
	return js->failed;
}

size_t jstream_repairs(const struct jstream *js)
{
	return js->repairs;
}

size_t jstream_depth(const struct jstream *js)
{
	return js->levels.len;
}

const char *jstream_level_key(const struct jstream *js, size_t level)
{
	if (level == 0 || level > js->levels.len)
		return NULL;
	const struct jlevel *l = &js->levels.items[level - 1];
	return l->is_object && l->has_key ? strmap_str(&js->keys->map, l->key) : NULL;
}

size_t jstream_level_index(const struct jstream *js, size_t level)
{
	if (level == 0 || level > js->levels.len)
		return 0;
	return js->levels.items[level - 1].count;
}

/* A value ended: count it in its array, and a comma or a close is due. */
static inline void value_done(struct jstream *js)
{
	if (js->levels.len > 0)
		js->levels.items[js->levels.len - 1].count++;
	js->state = JS_AFTER;
}

static int push_level(struct jstream *js, bool is_object)
{
	if (js->levels.len >= JSON_MAX_DEPTH)
		return jstream_fail(js, "nesting deeper than %d levels", JSON_MAX_DEPTH);
	struct jlevel l = {.is_object = is_object, .keys_start = js->seen_keys.len};
	vec_push(&js->levels, l);
	js->state = is_object ? JS_KEY_OR_CLOSE : JS_ELEM_OR_CLOSE;
	return 0;
}

/* The keys of the object being closed, which is already off the level stack,
 * so an error names the object's own place in its parent ("pps[0]"). */
static int check_duplicate_keys(struct jstream *js, const uint32_t *keys, size_t count)
{
	if (count < 2)
		return 0;
	size_t dup = SIZE_MAX;
	if (count <= 16) {
		for (size_t i = 1; i < count && dup == SIZE_MAX; i++)
			for (size_t j = 0; j < i; j++)
				if (keys[i] == keys[j]) {
					dup = i;
					break;
				}
	} else {
		struct u64map seen = {0};
		for (size_t i = 0; i < count; i++) {
			uint32_t *slot = u64map_slot(&seen, keys[i]);
			if (*slot != HTAB_NONE) {
				dup = i;
				break;
			}
			*slot = 1;
		}
		u64map_release(&seen);
	}
	if (dup == SIZE_MAX)
		return 0;
	return jstream_fail(js, "duplicate key \"%s\"", strmap_str(&js->keys->map, keys[dup]));
}

static int close_level(struct jstream *js)
{
	struct jlevel l = js->levels.items[--js->levels.len];
	if (l.is_object) {
		size_t n = js->seen_keys.len - l.keys_start;
		/* n == 0: no pointer arithmetic, items may still be NULL (an empty object) */
		if (n > 0 && check_duplicate_keys(js, js->seen_keys.items + l.keys_start, n) < 0)
			return -1;
		js->seen_keys.len = l.keys_start;
	}
	value_done(js);
	return 0;
}

/* ---------------------------------------------------------------- containers */

static int unexpected(struct jstream *js, int c)
{
	if (c < 0x20 || c >= 0x7f)
		return jstream_fail(js, "unexpected byte 0x%02x where a value was expected", (unsigned)c);
	return jstream_fail(js, "unexpected '%c' where a value was expected", c);
}

static int type_of(int c)
{
	switch (c) {
	case '{': return JSON_OBJECT;
	case '[': return JSON_ARRAY;
	case '"': return JSON_STRING;
	case 't':
	case 'f': return JSON_BOOL;
	case 'n': return JSON_NULL;
	default: return c == '-' || (c >= '0' && c <= '9') ? JSON_NUMBER : -1;
	}
}

int jstream_peek(struct jstream *js)
{
	if (js->failed)
		return -1;
	if (js->repair_due)
		return JSON_ARRAY;
	int c = next_token(js);
	if (c < 0)
		return -1;
	js->started = true;
	if (c == ']' && js->opts.repair_missing_open_bracket && js->levels.len > 0 &&
	    js->levels.items[js->levels.len - 1].is_object) {
		/* DHAT's `"fs":]`: an empty array whose '[' was never written */
		js->repair_due = true;
		return JSON_ARRAY;
	}
	int t = type_of(c);
	return t < 0 ? unexpected(js, c) : t;
}

int jstream_begin_object(struct jstream *js)
{
	if (js->failed)
		return -1;
	js->p++; /* '{', seen by jstream_peek() */
	return push_level(js, true);
}

int jstream_begin_array(struct jstream *js)
{
	if (js->failed)
		return -1;
	if (js->repair_due) {
		/* the ']' that follows closes the array */
		js->repair_due = false;
		js->repairs++;
		return push_level(js, false);
	}
	js->p++;
	return push_level(js, false);
}

static int parse_string(struct jstream *js, struct jbuf *out, size_t *len);

int jstream_next_key(struct jstream *js, const char **key, size_t *len, uint32_t *id)
{
	if (js->failed)
		return -1;
	int c = next_token(js);
	if (c < 0)
		return -1;
	switch (js->state) {
	case JS_AFTER:
		js->p++;
		if (c == '}')
			return close_level(js) < 0 ? -1 : 0;
		if (c != ',') {
			js->p--;
			return jstream_fail(js, "expected ',' or '}'");
		}
		if ((c = next_token(js)) < 0)
			return -1;
		break;
	case JS_KEY_OR_CLOSE:
		if (c == '}') {
			js->p++;
			return close_level(js) < 0 ? -1 : 0;
		}
		break;
	default:
		break;
	}
	if (c != '"')
		return jstream_fail(js, "expected a string key");
	js->p++;
	js->scratch.len = 0;
	size_t n;
	if (parse_string(js, &js->scratch, &n) < 0)
		return -1;
	struct jlevel *l = &js->levels.items[js->levels.len - 1];
	l->key = strmap_intern_len(&js->keys->map, js->scratch.data, n);
	l->has_key = true;
	vec_push(&js->seen_keys, l->key);
	if ((c = next_token(js)) < 0)
		return -1;
	if (c != ':')
		return jstream_fail(js, "expected ':' after a key");
	js->p++;
	js->state = JS_VALUE;
	if (key)
		*key = js->scratch.data;
	if (len)
		*len = n;
	if (id)
		*id = l->key;
	return 1;
}

int jstream_next_elem(struct jstream *js)
{
	if (js->failed)
		return -1;
	int c = next_token(js);
	if (c < 0)
		return -1;
	if (js->state == JS_AFTER) {
		js->p++;
		if (c == ']')
			return close_level(js) < 0 ? -1 : 0;
		if (c != ',') {
			js->p--;
			return jstream_fail(js, "expected ',' or ']'");
		}
		js->state = JS_VALUE;
		return 1;
	}
	if (c == ']') { /* JS_ELEM_OR_CLOSE */
		js->p++;
		return close_level(js) < 0 ? -1 : 0;
	}
	js->state = JS_VALUE;
	return 1;
}

/* ---------------------------------------------------------------- strings */

static void buf_reserve(struct jbuf *b, size_t extra)
{
	if (b->len + extra <= b->cap)
		return;
	size_t ncap = grow_cap(b->cap, b->len + extra, 256);
	b->data = xrealloc(b->data, ncap);
	b->cap = ncap;
}

static void put_utf8(struct jbuf *b, uint32_t cp)
{
	buf_reserve(b, 4);
	char *o = b->data + b->len;
	if (cp < 0x80) {
		o[0] = (char)cp;
		b->len += 1;
	} else if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		b->len += 2;
	} else if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		b->len += 3;
	} else {
		o[0] = (char)(0xF0 | cp >> 18);
		o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
		o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
		o[3] = (char)(0x80 | (cp & 0x3F));
		b->len += 4;
	}
}

static int hex4(struct jstream *js, uint32_t *out)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		if (js->p >= js->end && !refill(js))
			return jstream_fail(js, "unexpected end of input in a \\u escape");
		char c = *js->p;
		uint32_t h;
		if (c >= '0' && c <= '9')
			h = (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			h = (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			h = (uint32_t)(c - 'A' + 10);
		else
			return jstream_fail(js, "invalid \\u escape");
		v = v << 4 | h;
		js->p++;
	}
	*out = v;
	return 0;
}

/* A string (the opening quote already consumed), appended to OUT with a NUL.
 * Bytes are copied as they are: DHAT writes raw non-UTF-8 symbol names. */
static int parse_string(struct jstream *js, struct jbuf *out, size_t *len)
{
	size_t start = out->len;
	for (;;) {
		if (js->p >= js->end && !refill(js))
			return jstream_fail(js, "unexpected end of input inside a string");
		const char *q = js->p;
		while (q < js->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20)
			q++;
		size_t n = (size_t)(q - js->p);
		buf_reserve(out, n + 1);
		memcpy(out->data + out->len, js->p, n);
		out->len += n;
		js->p = q;
		if (q == js->end)
			continue;
		char c = *js->p;
		if (c == '"') {
			js->p++;
			break;
		}
		if (c != '\\')
			return jstream_fail(js, "control character 0x%02x inside a string", (unsigned)(unsigned char)c);
		js->p++;
		if (js->p >= js->end && !refill(js))
			return jstream_fail(js, "unexpected end of input in an escape");
		c = *js->p++;
		char o;
		switch (c) {
		case '"': o = '"'; break;
		case '\\': o = '\\'; break;
		case '/': o = '/'; break;
		case 'b': o = '\b'; break;
		case 'f': o = '\f'; break;
		case 'n': o = '\n'; break;
		case 'r': o = '\r'; break;
		case 't': o = '\t'; break;
		case 'u': {
			uint32_t cp;
			if (hex4(js, &cp) < 0)
				return -1;
			if (cp >= 0xD800 && cp < 0xDC00) {
				/* a high surrogate wants "\uDC00".."\uDFFF" next; alone it is U+FFFD */
				if ((js->p < js->end || refill(js)) && *js->p == '\\') {
					js->p++;
					if ((js->p < js->end || refill(js)) && *js->p == 'u') {
						js->p++;
						uint32_t lo;
						if (hex4(js, &lo) < 0)
							return -1;
						if (lo >= 0xDC00 && lo < 0xE000) {
							cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
						} else {
							put_utf8(out, 0xFFFD);
							cp = lo >= 0xD800 && lo < 0xE000 ? 0xFFFD : lo;
						}
					} else {
						return jstream_fail(js, "invalid escape after a \\u surrogate");
					}
				} else {
					cp = 0xFFFD;
				}
			} else if (cp >= 0xDC00 && cp < 0xE000) {
				cp = 0xFFFD;
			}
			put_utf8(out, cp);
			continue;
		}
		default:
			js->p--;
			return jstream_fail(js, "invalid escape '\\%c'", c);
		}
		buf_reserve(out, 1);
		out->data[out->len++] = o;
	}
	buf_reserve(out, 1);
	out->data[out->len++] = '\0';
	*len = out->len - start - 1;
	return 0;
}

int jstream_string_into(struct jstream *js, struct jbuf *out, size_t *len)
{
	if (js->failed)
		return -1;
	js->p++; /* '"', seen by jstream_peek() */
	if (parse_string(js, out, len) < 0)
		return -1;
	value_done(js);
	return 0;
}

int jstream_string(struct jstream *js, const char **s, size_t *len)
{
	js->scratch.len = 0;
	if (jstream_string_into(js, &js->scratch, len) < 0)
		return -1;
	*s = js->scratch.data;
	return 0;
}

/* ---------------------------------------------------------------- numbers and literals */

static const double pow10_exact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static inline void set_int(struct jnum *out, int64_t v)
{
	out->kind = JNUM_INT;
	out->i = v;
	out->d = (double)v;
}

/* A converted number: an integral one up to 2^53 ("5.000", "1e3") is an integer. */
static void set_double(struct jnum *out, double d)
{
	if (d == floor(d) && fabs(d) <= 9007199254740992.0) {
		set_int(out, (int64_t)d);
		return;
	}
	out->kind = JNUM_DOUBLE;
	out->d = d;
	out->i = 0;
}

/* Convert the text of one number (validated against the JSON grammar here). */
static int convert_number(struct jstream *js, const char *s, size_t n, struct jnum *out)
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
			set_int(out, (int64_t)mant);
			return 0;
		}
		if (neg && mant <= (uint64_t)INT64_MAX + 1) {
			set_int(out, (int64_t)(0 - mant));
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
		char tmp[sizeof(js->numbuf) + 1];
		memcpy(tmp, s, n);
		tmp[n] = '\0';
		d = strtod(tmp, NULL);
	}
	if (!isfinite(d))
		return jstream_fail(js, "number %.*s is out of range", (int)(n > 40 ? 40 : n), s);
	set_double(out, d);
	return 0;
bad:
	return jstream_fail(js, "invalid number '%.*s'", (int)(n > 40 ? 40 : n), s);
}

static inline bool numchar(char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

static int parse_number(struct jstream *js, struct jnum *out)
{
	const char *q = js->p;
	while (q < js->end && numchar(*q))
		q++;
	if (q < js->end) { /* the common case: the whole number is in this chunk */
		/* the same cap as across chunks: convert_number copies the text into a
		 * numbuf-sized stack buffer for strtod (a 600-digit number overflowed it) */
		if ((size_t)(q - js->p) > sizeof(js->numbuf)) {
			js->p += sizeof(js->numbuf);
			return jstream_fail(js, "number longer than %zu characters", sizeof(js->numbuf));
		}
		const char *s = js->p;
		js->p = q;
		return convert_number(js, s, (size_t)(q - s), out);
	}
	/* the number runs to the chunk's end: gather it across refills */
	size_t n = 0;
	for (;;) {
		while (js->p < js->end && numchar(*js->p)) {
			if (n == sizeof(js->numbuf))
				return jstream_fail(js, "number longer than %zu characters", sizeof(js->numbuf));
			js->numbuf[n++] = *js->p++;
		}
		if (js->p < js->end || !refill(js))
			break;
	}
	if (js->failed)
		return -1;
	return convert_number(js, js->numbuf, n, out);
}

/* The common cases of a numeric array: a plain integer, or a decimal fraction such as a
 * time in ms with ns digits ("12345.678901"), of up to 18 digits in all that ends inside the
 * chunk at a delimiter. A fraction is converted as convert_number's exact path does (an
 * integer mantissa up to 2^53 divided by an exact power of ten: one correctly rounded
 * operation, so the same double strtod gives). Anything else takes parse_number(). */
static inline bool fast_number(struct jstream *js, struct jnum *out)
{
	const char *q = js->p;
	bool neg = *q == '-';
	q += neg;
	const char *digits = q;
	uint64_t v = 0;
	while (q < js->end && *q >= '0' && *q <= '9' && q - digits < 18)
		v = v * 10 + (uint64_t)(*q++ - '0');
	size_t n = (size_t)(q - digits);
	if (q >= js->end || n == 0 || (digits[0] == '0' && n > 1))
		return false;
	if (*q != '.') {
		if (numchar(*q))
			return false;
		js->p = q;
		set_int(out, neg ? -(int64_t)v : (int64_t)v);
		return true;
	}
	const char *frac = ++q;
	while (q < js->end && *q >= '0' && *q <= '9' && (size_t)(q - frac) + n < 18)
		v = v * 10 + (uint64_t)(*q++ - '0');
	size_t f = (size_t)(q - frac);
	if (q >= js->end || f == 0 || numchar(*q) || v > (UINT64_C(1) << 53))
		return false;
	double d = (double)v / pow10_exact[f];
	if (neg)
		d = -d;
	js->p = q;
	set_double(out, d);
	return true;
}

int jstream_number(struct jstream *js, struct jnum *out)
{
	if (js->failed || parse_number(js, out) < 0)
		return -1;
	value_done(js);
	return 0;
}

static int expect_literal(struct jstream *js, const char *lit)
{
	for (const char *l = lit; *l; l++) {
		if (js->p >= js->end && !refill(js))
			return jstream_fail(js, "unexpected end of input");
		if (*js->p != *l)
			return jstream_fail(js, "invalid literal (expected '%s')", lit);
		js->p++;
	}
	return 0;
}

int jstream_bool(struct jstream *js, bool *out)
{
	if (js->failed)
		return -1;
	bool t = *js->p == 't';
	if (expect_literal(js, t ? "true" : "false") < 0)
		return -1;
	*out = t;
	value_done(js);
	return 0;
}

int jstream_null(struct jstream *js)
{
	if (js->failed || expect_literal(js, "null") < 0)
		return -1;
	value_done(js);
	return 0;
}

bool jnum_i64(const struct jnum *v, int64_t *out)
{
	if (v->kind == JNUM_INT) {
		*out = v->i;
		return true;
	}
	if (v->kind != JNUM_DOUBLE || v->d != floor(v->d) ||
	    !(v->d >= -9223372036854775808.0 && v->d < 9223372036854775808.0))
		return false;
	*out = (int64_t)v->d;
	return true;
}

/* ---------------------------------------------------------------- skipping */

/* One scalar (the type already peeked). */
static int skip_scalar(struct jstream *js, int t)
{
	struct jnum num;
	bool b;
	switch (t) {
	case JSON_STRING: {
		js->scratch.len = 0;
		size_t n;
		return jstream_string_into(js, &js->scratch, &n);
	}
	case JSON_NUMBER: return jstream_number(js, &num);
	case JSON_BOOL: return jstream_bool(js, &b);
	default: return jstream_null(js);
	}
}

int jstream_skip(struct jstream *js)
{
	size_t base = js->levels.len;
	for (;;) {
		/* a value is due */
		int t = jstream_peek(js);
		if (t < 0)
			return -1;
		if (t == JSON_OBJECT || t == JSON_ARRAY) {
			if ((t == JSON_OBJECT ? jstream_begin_object(js) : jstream_begin_array(js)) < 0)
				return -1;
		} else if (skip_scalar(js, t) < 0) {
			return -1;
		}
		/* close what is finished, down to the next value that is due */
		for (;;) {
			if (js->levels.len == base)
				return 0;
			int r = js->levels.items[js->levels.len - 1].is_object ? jstream_next_key(js, NULL, NULL, NULL)
									    : jstream_next_elem(js);
			if (r < 0)
				return -1;
			if (r == 1)
				break;
		}
	}
}

int jstream_end(struct jstream *js)
{
	if (js->failed)
		return -1;
	int c = peek_nonws(js);
	if (c >= 0)
		return jstream_fail(js, "trailing data after the JSON value");
	return js->failed ? -1 : 0;
}

int jstream_drain(struct jstream *js)
{
	if (js->failed)
		return -1;
	if (!js->started || js->state == JS_VALUE) {
		if (jstream_skip(js) < 0)
			return -1;
	}
	while (js->levels.len > 0) {
		int r = js->levels.items[js->levels.len - 1].is_object ? jstream_next_key(js, NULL, NULL, NULL)
								    : jstream_next_elem(js);
		if (r < 0 || (r == 1 && jstream_skip(js) < 0))
			return -1;
	}
	return jstream_end(js);
}

/* ---------------------------------------------------------------- numeric arrays */

#define BATCH 256

/* Runs: from *PP, elements "DIGITS," each, as many as fit in CAP and read without a bounds
 * check per byte (so not within a few bytes of END); they stop before the first element that
 * is anything else, the last of an array included. Each returns how many it read and moves
 * *PP past them. */

/* The digits that begin the 8 bytes at P: how many (0-8), and in *VAL their value. Eight
 * bytes at a time (SWAR): a byte is a digit when its high nibble is 3 and its low one at most
 * 9; the first that is not ends the number (carries from it into later bytes do not matter),
 * and the digits, moved to the top bytes, are combined by three multiplications. */
static inline unsigned lead_digits(const char *p, uint64_t *val)
{
	uint64_t w;
	memcpy(&w, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	uint64_t x = w ^ UINT64_C(0x3030303030303030);
	uint64_t bad = (x | (x + UINT64_C(0x0606060606060606))) & UINT64_C(0xF0F0F0F0F0F0F0F0);
	unsigned n = bad ? (unsigned)__builtin_ctzll(bad) / 8 : 8;
	if (n == 0) {
		*val = 0;
		return 0;
	}
	x <<= 8 * (8 - n); /* the digits to the top bytes: zero bytes below are leading zeros */
	x = x * 10 + (x >> 8);
	x = ((x & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x000F424000000064) +
	     ((x >> 16) & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x0000271000000001)) >> 32;
	*val = x;
	return n;
}

/* Bit I set where P[I] is a comma, for the 64 bytes at P. */
static inline uint64_t commas64(const char *p)
{
#ifdef __SSE2__
	const __m128i comma = _mm_set1_epi8(',');
	uint64_t m = 0;
	for (int i = 0; i < 4; i++) {
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
		m |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, comma)) << (16 * i);
	}
	return m;
#else
	uint64_t m = 0;
	for (int i = 0; i < 64; i++)
		m |= (uint64_t)(p[i] == ',') << i;
	return m;
#endif
}

static const uint64_t pow10_u64[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};

/* One number from S up to COMMA, as uint_run() reads it, when it has 1-7 digits. */
static inline bool uint_elem(const char *s, const char *comma, uint64_t *out)
{
	unsigned k = lead_digits(s, out);
	return k > 0 && k < 8 && k == (size_t)(comma - s) && !(s[0] == '0' && k > 1);
}

/* The same as real_run() reads it, with an integer part and a fraction of 1-7 digits each. */
static inline bool real_elem(const char *s, const char *comma, double *out)
{
	bool neg = *s == '-';
	const char *q = s + neg;
	uint64_t v;
	unsigned ki = lead_digits(q, &v);
	if (ki == 0 || ki == 8 || (q[0] == '0' && ki > 1))
		return false;
	double x;
	if (q[ki] == '.') {
		uint64_t f;
		unsigned kf = lead_digits(q + ki + 1, &f);
		if (kf == 0 || kf == 8 || q + ki + 1 + kf != comma)
			return false;
		/* at most 14 digits: exact, and below 2^53 */
		x = (double)(v * pow10_u64[kf] + f) / pow10_exact[kf];
	} else {
		if (q + ki != comma)
			return false;
		x = (double)v;
	}
	x = neg ? -x : x;
	*out = x == 0 ? 0.0 : x;
	return true;
}

/* The block form of the runs below (REAL: real_run's numbers, else uint_run's): the commas of
 * 64 bytes are found first, then each number between two of them is read on its own, so no
 * element waits for the length of the one before it (with a loop over digits, and its branch
 * on every number's length, that wait was most of the time). Stops, with *PP at the element,
 * where an element is anything else; the per-byte runs take what is left. */
static inline size_t blocks(const char **pp, const char *end, void *out, size_t cap, bool real)
{
	const char *p = *pp, *s = p;
	size_t n = 0;
	while (end - p >= 64 + 24) {
		uint64_t m = commas64(p);
		if (m == 0)
			break;
		do {
			if (n == cap)
				goto done;
			const char *comma = p + __builtin_ctzll(m);
			m &= m - 1;
			if (!(real ? real_elem(s, comma, (double *)out + n) : uint_elem(s, comma, (uint64_t *)out + n)))
				goto done;
			n++;
			s = comma + 1;
		} while (m != 0);
		p = s;
	}
done:
	*pp = s;
	return n;
}

/* 1-18 digits, no leading zero but in "0". */
static size_t uint_run(const char **pp, const char *end, uint64_t *out, size_t cap)
{
	size_t n = blocks(pp, end, out, cap, false);
	const char *p = *pp;
	while (n < cap && end - p > 20) {
		uint64_t v = (unsigned char)p[0] - (unsigned)'0';
		if (v > 9)
			break;
		size_t i = 1;
		if (v != 0) {
			for (unsigned d; i < 18 && (d = (unsigned char)p[i] - (unsigned)'0') <= 9; i++)
				v = v * 10 + d;
		}
		if (p[i] != ',')
			break;
		out[n++] = v;
		p += i + 1;
	}
	*pp = p;
	return n;
}

/* An optional '-', then 1-18 digits with an optional fraction, converted as fast_number()
 * does: the double of the struct jnum it would make (an integral -0 reads as 0, as set_int() has it). */
static size_t real_run(const char **pp, const char *end, double *out, size_t cap)
{
	size_t n = blocks(pp, end, out, cap, true);
	const char *p = *pp;
	while (n < cap && end - p > 24) {
		const char *q = p;
		bool neg = *q == '-';
		q += neg;
		const char *digits = q;
		uint64_t v = 0;
		for (unsigned d; q - digits < 18 && (d = (unsigned char)*q - (unsigned)'0') <= 9; q++)
			v = v * 10 + d;
		size_t ni = (size_t)(q - digits);
		if (ni == 0 || (digits[0] == '0' && ni > 1))
			break;
		double x;
		if (*q == '.') {
			const char *frac = ++q;
			for (unsigned d; (size_t)(q - frac) + ni < 18 && (d = (unsigned char)*q - (unsigned)'0') <= 9; q++)
				v = v * 10 + d;
			size_t f = (size_t)(q - frac);
			if (f == 0 || v > (UINT64_C(1) << 53))
				break;
			x = (double)v / pow10_exact[f];
		} else {
			x = (double)v;
		}
		if (*q != ',')
			break;
		x = neg ? -x : x;
		out[n++] = x == 0 ? 0.0 : x;
		p = q + 1;
	}
	*pp = p;
	return n;
}

int jstream_array_numbers(struct jstream *js, jnum_batch_fn fn, void *ctx)
{
	return jstream_array_runs(js, NULL, fn, ctx);
}

int jstream_array_runs(struct jstream *js, const struct jnum_runs *runs, jnum_batch_fn fn, void *ctx)
{
	if (js->failed)
		return -1;
	struct jnum batch[BATCH];
	union {
		uint64_t u[BATCH];
		double d[BATCH];
	} run;
	size_t n = 0;
	struct jlevel *top = &js->levels.items[js->levels.len - 1];
	size_t first = top->count;
	for (;;) {
		int c = next_token(js);
		if (c < 0)
			return -1;
		/* to the next element, or out of the array */
		if (js->state == JS_AFTER) {
			js->p++;
			if (c == ']') {
				if (n > 0)
					fn(ctx, first, batch, n);
				return close_level(js) < 0 ? -1 : 0;
			}
			if (c != ',') {
				js->p--;
				return jstream_fail(js, "expected ',' or ']'");
			}
			if ((c = next_token(js)) < 0)
				return -1;
		} else if (js->state == JS_ELEM_OR_CLOSE && c == ']') {
			js->p++;
			return close_level(js) < 0 ? -1 : 0;
		}
		js->state = JS_VALUE;
		if (runs != NULL) { /* a run may start here */
			size_t k = runs->uints ? uint_run(&js->p, js->end, run.u, BATCH)
					       : real_run(&js->p, js->end, run.d, BATCH);
			if (k > 0) {
				if (n > 0)
					fn(ctx, first, batch, n);
				n = 0;
				if (runs->uints)
					runs->uints(ctx, run.u, k);
				else
					runs->reals(ctx, run.d, k);
				top->count += k;
				first = top->count;
				continue; /* after the run's last comma: another element is due */
			}
		}
		struct jnum *v = &batch[n];
		if (c == '-' || (c >= '0' && c <= '9')) {
			if (!fast_number(js, v) && parse_number(js, v) < 0)
				return -1;
		} else if (c == 'n') {
			if (expect_literal(js, "null") < 0)
				return -1;
			*v = (struct jnum){.kind = JNUM_NULL};
		} else {
			int t = type_of(c);
			if (t < 0)
				return unexpected(js, c);
			if (n > 0)
				fn(ctx, first, batch, n);
			n = 0;
			struct jnum other = {.kind = JNUM_OTHER, .type = (enum json_type)t};
			if (fn(ctx, top->count, &other, 1) == JNUM_STOP)
				return 1;
			if (jstream_skip(js) < 0)
				return -1;
			top = &js->levels.items[js->levels.len - 1];
			first = top->count;
			continue;
		}
		top->count++;
		js->state = JS_AFTER;
		if (++n == BATCH) {
			fn(ctx, first, batch, n);
			first = top->count;
			n = 0;
		}
	}
}
