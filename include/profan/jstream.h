/* jstream.h: the pull side of the JSON layer: tokens read from a source's chunks.
 *
 * A loader walks a document in one pass and never holds more of it than it
 * asks for: it enters objects and arrays, reads keys and scalars, skips what
 * it does not need, reads a numeric array straight into its own columns
 * (jstream_array_numbers), and builds the compact tree of json.h only for a
 * sub-value that needs random access (json_tree). The tree parser json_parse()
 * is this stream plus json_tree() of the root, so both report malformed input
 * with the same line: "profan: ORIGIN: byte N (line L, column C): PATH: what",
 * PATH being where the stream is ("threads[2].samples.stack[17]").
 *
 * Every function returns -1 once the input failed (the error is printed once).
 * Calls must follow the grammar: jstream_peek() only where a value is due
 * (at the start, after a key, after jstream_next_elem() returned 1), the
 * value's reader right after it, jstream_next_key() inside objects and
 * jstream_next_elem() inside arrays. Duplicate keys are refused when their
 * object closes, as the tree parser always did. */
#ifndef PROFAN_JSTREAM_H
#define PROFAN_JSTREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/diag.h"
#include "profan/strmap.h"

struct source;
struct jstream;

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json;
struct json_divert;
struct json_plan;
/* The most ingest plans one parse carries out (one per format, all of them before the format is known). */
#define JSON_PLANS 4
struct json_parse_opts {
	/* valgrind DHAT writes `"fs":]` when it filtered every frame of a stack;
	 * read that as an empty array and count it in jstream_repairs(). */
	bool repair_missing_open_bracket;
	/* json_parse(): values a loader reads straight from the stream (json.h), or NULL */
	const struct json_divert *divert;
	/* json_parse(): the arrays read into columns (json_plan.h); the first NULL ends the list */
	const struct json_plan *plan[JSON_PLANS];
	/* json_parse(): called with each member of the root object as soon as its value is
	 * read (an object or array, as a tree), while the rest is still to come: for work that
	 * can start early (sym_prefetch: samply names its libraries first). NULL: none. */
	void (*root_member)(void *ctx, const char *key, const struct json *value);
	void *root_member_ctx;
};

/* Maximum nesting. The parser keeps its own stack, so this guards memory, not the C stack. */
#define JSON_MAX_DEPTH 100000

/* Object keys of one stream, interned once and shared with the trees built
 * from it (which keep a reference, so they outlive the stream). */
struct json_keys {
	struct strmap map;
	unsigned refs;
};
struct json_keys *json_keys_ref(struct json_keys *k);
void json_keys_unref(struct json_keys *k);

/* A growable byte buffer the string readers append to. */
struct jbuf {
	char *data;
	size_t len, cap;
};

/* One element of a numeric array. Integers are exact up to 2^63; a number
 * written as a float whose value is integral and within 2^53 reads as an
 * integer ("5.0", "1e3"), as in the tree. */
enum jnum_kind { JNUM_INT, JNUM_DOUBLE, JNUM_NULL, JNUM_OTHER };
struct jnum {
	enum jnum_kind kind;
	enum json_type type; /* JNUM_OTHER: what the element is (string, array, object, boolean) */
	int64_t i;           /* JNUM_INT */
	double d;            /* JNUM_DOUBLE; also set for JNUM_INT */
};
/* The element as an exact integer (an integral double within int64 counts): false otherwise. */
bool jnum_i64(const struct jnum *v, int64_t *out);

struct jstream *jstream_open(struct source *src, const struct json_parse_opts *opts);
/* Closes the stream (not its source). */
void jstream_close(struct jstream *js);
const char *jstream_origin(const struct jstream *js);
struct json_keys *jstream_keys(struct jstream *js);
bool jstream_failed(const struct jstream *js);
/* Repairs made so far (see json_parse_opts). */
size_t jstream_repairs(const struct jstream *js);

/* Type of the value that comes next, without reading it; -1 after an error. */
int jstream_peek(struct jstream *js);
/* Enter the object or array jstream_peek() announced. */
int jstream_begin_object(struct jstream *js);
int jstream_begin_array(struct jstream *js);
/* Inside an object: 1 with the next key (text valid until the next call; *ID its
 * interned id, may be NULL), its value then due; 0 after the closing brace. */
int jstream_next_key(struct jstream *js, const char **key, size_t *len, uint32_t *id);
/* Inside an array: 1 when another element is due, 0 after the closing bracket. */
int jstream_next_elem(struct jstream *js);

/* Scalars. A string is appended to OUT with a NUL after it (the text may hold
 * "\u0000", so *LEN gives the real length); jstream_string() uses a scratch
 * buffer valid until the next call. */
int jstream_string_into(struct jstream *js, struct jbuf *out, size_t *len);
int jstream_string(struct jstream *js, const char **s, size_t *len);
int jstream_number(struct jstream *js, struct jnum *out);
int jstream_bool(struct jstream *js, bool *out);
int jstream_null(struct jstream *js);
/* Reads past the next value, checking it as thoroughly as the tree parser would. */
int jstream_skip(struct jstream *js);

/* The elements of the array being read (after jstream_begin_array(), or after
 * an element was read), in batches: FN gets the index of V[0] and N elements.
 * A number or null is delivered as read. For anything else FN gets one element
 * of kind JNUM_OTHER, still unread, and returns JNUM_SKIP (the stream skips it)
 * or JNUM_STOP. Returns 0 after the closing bracket, 1 when stopped (the
 * element is then due: jstream_peek() and a reader, then call again), -1. */
enum { JNUM_SKIP = 0, JNUM_STOP = 1 };
typedef int (*jnum_batch_fn)(void *ctx, size_t first, const struct jnum *v, size_t n);
int jstream_array_numbers(struct jstream *js, jnum_batch_fn fn, void *ctx);

/* The same, with runs of plain numbers handed over without a struct jnum each (the bulk
 * columns of samply): UINTS, when set, gets runs of integers written without sign, fraction or
 * exponent, of up to 18 digits; otherwise REALS gets runs of numbers of up to 18 digits with
 * an optional sign and fraction, as the .d that FN would get. Every other element goes to FN,
 * and all in order. A run is a hint of speed, not of meaning: any element may come either way. */
struct jnum_runs {
	void (*uints)(void *ctx, const uint64_t *v, size_t n);
	void (*reals)(void *ctx, const double *v, size_t n);
};
int jstream_array_runs(struct jstream *js, const struct jnum_runs *runs, jnum_batch_fn fn, void *ctx);

/* After the root value: anything but whitespace up to the end is an error. */
int jstream_end(struct jstream *js);
/* Reads whatever remains of the document, closing every open value, then jstream_end(). */
int jstream_drain(struct jstream *js);

/* Where the stream is: open containers, depth 0 being outside the root value.
 * jstream_level_key() is the current key of the object at LEVEL (1-based, NULL
 * for an array or before the first key); jstream_level_index() the number of
 * elements read so far of the array at LEVEL. */
size_t jstream_depth(const struct jstream *js);
const char *jstream_level_key(const struct jstream *js, size_t level);
size_t jstream_level_index(const struct jstream *js, size_t level);
/* The JSON path of the position, as error lines print it ("" at the root). */
void jstream_path(const struct jstream *js, char *buf, size_t cap);
/* Byte offset of the position in the decoded input. */
uint64_t jstream_offset(const struct jstream *js);

/* The options the stream was opened with. */
const struct json_parse_opts *jstream_opts(const struct jstream *js);

/* Refuses the input at the current position with a message of the stream's
 * format (for limits a reader of the stream enforces); returns -1. */
int jstream_fail(struct jstream *js, const char *fmt, ...) PF_PRINTF(2, 3);

#endif
