/* json.h: the compact, read-only tree of a JSON value, and reading it with expectations.
 *
 * Profiles are mostly long arrays of numbers. An array whose elements are all
 * numbers or nulls is stored packed (int32, int64 or double per element, plus a
 * null bitmap only if a null occurs), so a 200 MB profile costs about its own
 * size in memory instead of 10x for a DOM of heap nodes. Everything else is a
 * 24-byte node; object keys are interned. Integers are exact up to 2^63;
 * integral values written as floats ("5.0", "1e3") read back as integers.
 * Numbers are parsed in the C locale regardless of setlocale().
 *
 * A tree is built from a jstream (jstream.h): of a whole document
 * (json_parse), or of one sub-value a loader needs random access to
 * (json_tree), in a document that may hold several such trees and be cleared
 * for reuse. While a tree is built, an array at a path of the parse's ingest
 * plan (json_plan.h) is read straight into a column, and a divert hook may take
 * an object member's value for itself: the tree then holds a node of the
 * value's type and length, without elements (json_column(), json_stub_data()).
 *
 * Loaders read the tree through the jr_* helpers, which name the JSON path of
 * whatever is wrong: "profan: prof.json: threads[2].samples.stack[17]: ...";
 * a tree built from the middle of a document knows its place in it. The
 * document owns all its memory; json_doc_free() releases it. */
#ifndef PROFAN_JSON_H
#define PROFAN_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/diag.h"
#include "profan/jstream.h"

struct source;
struct json_doc;
struct json; /* a value inside a json_doc; pointers stay valid until json_doc_free() */

/* Parse the whole source (diverted by OPTS->divert, if any). On malformed input prints
 * "profan: ORIGIN: byte N (line L, column C): PATH: what" and returns NULL. */
struct json_doc *json_parse(struct source *src, const struct json_parse_opts *opts);
void json_doc_free(struct json_doc *doc);

/* An empty document for trees built from JS (it shares the stream's keys). */
struct json_doc *json_doc_new(struct jstream *js);
/* What DOC holds at one moment; rewinding to it forgets the trees built since (their
 * memory is kept for the next ones), so a reader can build a value's tree, look at it,
 * and keep it only when it needs to. */
struct json_mark {
	size_t nodes, kids, packs, packpool, pool, paths, trees, stubs, cols;
};
struct json_mark json_doc_mark(const struct json_doc *doc);
void json_doc_rewind(struct json_doc *doc, struct json_mark mark);

/* What a divert hook leaves in the tree in place of a value it read itself. */
struct json_stub {
	enum json_type type; /* JSON_ARRAY or JSON_OBJECT */
	size_t len;          /* elements or members the value had */
	void *data;          /* what the hook made of the value, or NULL; the document owns it */
	void (*release)(void *data); /* frees DATA with the document (NULL: nothing to free) */
};
/* Called where an object member's value (or the tree's own value) is due, at
 * stream depth up to MAX_DEPTH: 1 after reading the value (*STUB set), 0 to
 * leave it to the tree, -1 when the stream failed. */
struct json_divert {
	int (*fn)(void *ctx, struct jstream *js, struct json_stub *stub);
	void *ctx;
	size_t max_depth;
};

/* Builds the value due in JS as a tree in DOC; NULL when the stream failed
 * (the error is printed). DV may be NULL. The stream's ingest plan is not carried
 * out here: it is the whole document's, json_parse()'s. */
const struct json *json_tree(struct jstream *js, struct json_doc *doc, const struct json_divert *dv);
const struct json *json_doc_root(const struct json_doc *doc);
const char *json_doc_origin(const struct json_doc *doc);
size_t json_doc_repairs(const struct json_doc *doc);

enum json_type json_type(const struct json *v);
const char *json_type_name(enum json_type t);
/* Members of an object or elements of an array; 0 for scalars. */
size_t json_len(const struct json *v);
/* Member of an object by key, or NULL (also when V is not an object). */
const struct json *json_get(const struct json *obj, const char *key);
/* Member I of an object, with its key. */
const struct json *json_member(const struct json *obj, size_t i, const char **key);
/* Element I of an array stored as nodes; NULL for packed number arrays, which
 * are read with json_num_at()/json_i64_at() below. */
const struct json *json_at(const struct json *arr, size_t i);
bool json_is_packed(const struct json *arr);
/* The data a divert hook made of stub V (json_stub.data), or NULL. */
void *json_stub_data(const struct json *v);
struct jcol;
/* The column the parse's ingest plan (json_plan.h) read array ARR into, or NULL (ARR was built as
 * a tree, or is NULL). */
const struct jcol *json_column(const struct json *arr);
/* The rows the plan read array ARR into, or NULL; the document owns them and lends them to the
 * loader, which may rewrite their index pool in place (or drop it: jrows_drop_indices()). */
struct jrows;
struct jrows *json_rows(const struct json *arr);

/* Scalars. json_str returns NUL-terminated text (the JSON may hold "\u0000",
 * so json_str_len gives the real length). */
bool json_bool(const struct json *v);
const char *json_str(const struct json *v);
size_t json_str_len(const struct json *v);
/* A number as an exact integer: false when not integral or out of range. */
bool json_i64(const struct json *v, int64_t *out);

/* The elements of a packed array of 32-bit integers without
 * nulls, for loops over big columns; NULL for any other array (read it with
 * the accessors below). */
const int32_t *json_packed_i32(const struct json *arr);

/* Array element access that works for packed and node arrays alike. */
enum json_elem { JSON_ELEM_OK, JSON_ELEM_NULL, JSON_ELEM_NOT_NUMBER, JSON_ELEM_NOT_INTEGER };
enum json_elem json_i64_at(const struct json *arr, size_t i, int64_t *out);
enum json_elem json_f64_at(const struct json *arr, size_t i, double *out);

/* The JSON path of V, e.g. "threads[2].samples"; "(root)" for the root of a document. */
void json_path(const struct json_doc *doc, const struct json *v, char *buf, size_t cap);

/* ---- reading with expectations: every failure prints one error line ---- */

struct jr {
	const struct json_doc *doc;
	const char *origin;
	bool failed; /* after the first error the rest stay silent */
};

static inline struct jr jr_begin(const struct json_doc *doc)
{
	return (struct jr){.doc = doc, .origin = json_doc_origin(doc), .failed = false};
}

/* "profan: ORIGIN: PATH: message" for V, which may be in any document (or
 * V[INDEX] when INDEX != SIZE_MAX). Returns -1. */
int jr_error(struct jr *r, const struct json *v, size_t index, const char *fmt, ...) PF_PRINTF(4, 5);
/* The same for a value known by its PATH (a streamed array: "threads[0].samples.stack"). */
int jr_error_at(struct jr *r, const char *path, size_t index, const char *fmt, ...) PF_PRINTF(4, 5);
/* Required member of type T; prints "missing" or "expected T, got U". */
const struct json *jr_need(struct jr *r, const struct json *obj, const char *key, enum json_type t);
/* Optional member: NULL when absent or null; a wrong type is still an error (check r->failed). */
const struct json *jr_opt(struct jr *r, const struct json *obj, const char *key, enum json_type t);
/* Checks V's type. */
bool jr_is(struct jr *r, const struct json *v, enum json_type t);
/* Integer member in [MIN, MAX]; absent or null gives DEFLT when OPTIONAL. */
bool jr_int(struct jr *r, const struct json *obj, const char *key, int64_t min, int64_t max, bool optional,
	    int64_t deflt, int64_t *out);
bool jr_num(struct jr *r, const struct json *obj, const char *key, bool optional, double deflt, double *out);
/* String member; absent or null gives NULL when OPTIONAL. */
const char *jr_str(struct jr *r, const struct json *obj, const char *key, bool optional);
/* The error jr_int_at() prints for element I of ARR when it is V (read from the stream: ARR
 * may be a stub): not an integer, a null when nulls are refused, or out of [MIN, MAX]. */
int jr_elem_error(struct jr *r, const struct json *arr, size_t i, const struct jnum *v, int64_t min,
		  int64_t max);
/* The error jr_int() or jr_need() prints for member KEY of the object at path OBJ when it is of
 * type TYPE with value V (a number), expected of type WANT (a number: an integer in [MIN, MAX]). */
int jr_member_error(struct jr *r, const char *obj, const char *key, enum json_type want, enum json_type type,
		    const struct jnum *v, int64_t min, int64_t max);
/* jr_elem_error() for element I of the array at PATH. */
int jr_elem_error_at(struct jr *r, const char *path, size_t i, const struct jnum *v, int64_t min, int64_t max);
/* Integer element I of array ARR in [MIN, MAX]; null gives NULLVAL when NULL_OK. */
bool jr_int_at(struct jr *r, const struct json *arr, size_t i, int64_t min, int64_t max, bool null_ok,
	       int64_t nullval, int64_t *out);
/* A whole integer array as a fresh heap array of int64 (caller frees), with
 * the same checks per element; *LEN gets its length. NULL on error. */
int64_t *jr_int_column(struct jr *r, const struct json *arr, int64_t min, int64_t max, bool null_ok,
		       int64_t nullval, size_t *len);
/* A whole number array as doubles (nulls become NULLVAL when NULL_OK). */
double *jr_num_column(struct jr *r, const struct json *arr, bool null_ok, double nullval, size_t *len);

#endif
