/* Unit tests for the streaming JSON layer: values, packed arrays, numbers,
 * strings, chunk boundaries (through gzip), and every error message shape. */
#include "profan/json.h"
#include "profan/json_head.h"
#include "profan/json_plan.h"

#include <math.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "base/task_test.h"
#include "input/source_test.h"
#include "profan/jstream.h"
#include "profan/source.h"
#include "input/source_int.h"
#include "input/json_test.h"

/* Captures what the code under test prints on stderr. */
static char captured[4096];
static int saved_stderr = -1;
static FILE *capture_file;

static void capture_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	saved_stderr = dup(2);
	dup2(fileno(capture_file), 2);
}

static const char *capture_end(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	rewind(capture_file);
	size_t n = fread(captured, 1, sizeof(captured) - 1, capture_file);
	captured[n] = '\0';
	fclose(capture_file);
	return captured;
}

static struct json_doc *parse(const char *text)
{
	return json_parse_buffer(text, strlen(text), "t.json", NULL);
}

/* Parses TEXT expecting failure; returns the error line. */
static const char *parse_error_of(const char *text)
{
	capture_begin();
	struct json_doc *d = parse(text);
	const char *err = capture_end();
	CHECK(d == NULL);
	json_doc_free(d);
	return err;
}

static void scalars_and_objects(void)
{
	struct json_doc *d = parse("{\"a\": 1, \"b\": [true, false, null], \"c\": {\"d\": \"x\"}, \"e\": -2.5}");
	CHECK(d != NULL);
	const struct json *r = json_doc_root(d);
	CHECK_INT(json_type(r), JSON_OBJECT);
	CHECK_INT(json_len(r), 4);
	int64_t v = 0;
	CHECK(json_i64(json_get(r, "a"), &v));
	CHECK_INT(v, 1);
	const struct json *b = json_get(r, "b");
	CHECK(!json_is_packed(b)); /* booleans force nodes */
	CHECK_INT(json_len(b), 3);
	CHECK(json_bool(json_at(b, 0)));
	CHECK(!json_bool(json_at(b, 1)));
	CHECK_INT(json_type(json_at(b, 2)), JSON_NULL);
	CHECK_STR(json_str(json_get(json_get(r, "c"), "d")), "x");
	CHECK_DBL(json_f64(json_get(r, "e")), -2.5, 0);
	CHECK(!json_i64(json_get(r, "e"), &v));
	CHECK(json_get(r, "zz") == NULL);
	const char *key = NULL;
	CHECK(json_member(r, 2, &key) == json_get(r, "c"));
	CHECK_STR(key, "c");
	json_doc_free(d);
}

static void packed_arrays_widen(void)
{
	struct json_doc *d = parse("[[1, 2, null, 3], [1, 5000000000, -7], [1, 2.5, null], [], [null, null]]");
	const struct json *r = json_doc_root(d);
	CHECK(!json_is_packed(r));
	int64_t v;
	double f;
	const struct json *a = json_at(r, 0);
	CHECK(json_is_packed(a));
	CHECK_INT(json_len(a), 4);
	CHECK_INT(json_i64_at(a, 3, &v), JSON_ELEM_OK);
	CHECK_INT(v, 3);
	CHECK_INT(json_i64_at(a, 2, &v), JSON_ELEM_NULL);
	const struct json *big = json_at(r, 1);
	CHECK_INT(json_i64_at(big, 1, &v), JSON_ELEM_OK);
	CHECK_INT(v, 5000000000LL);
	CHECK_INT(json_i64_at(big, 2, &v), JSON_ELEM_OK);
	CHECK_INT(v, -7);
	CHECK_INT(json_i64_at(big, 0, &v), JSON_ELEM_OK);
	CHECK_INT(v, 1);
	const struct json *mixed = json_at(r, 2);
	CHECK_INT(json_i64_at(mixed, 1, &v), JSON_ELEM_NOT_INTEGER);
	CHECK_INT(json_f64_at(mixed, 1, &f), JSON_ELEM_OK);
	CHECK_DBL(f, 2.5, 0);
	CHECK_INT(json_i64_at(mixed, 0, &v), JSON_ELEM_OK); /* 1 survives widening to double */
	CHECK_INT(v, 1);
	CHECK_INT(json_f64_at(mixed, 2, &f), JSON_ELEM_NULL);
	CHECK_INT(json_len(json_at(r, 3)), 0);
	CHECK_INT(json_i64_at(json_at(r, 4), 1, &v), JSON_ELEM_NULL);
	json_doc_free(d);
}

/* Direct column access is given only where every element reads the same through json_i64_at/json_f64_at. */
static void packed_columns_read_directly(void)
{
	struct json_doc *d = parse("[[3, -1, 7], [3, null], [1, 5000000000], [0.5, 2.25], [0.5, null], [], {}]");
	const struct json *r = json_doc_root(d);
	const int32_t *i32 = json_packed_i32(json_at(r, 0));
	CHECK(i32 != NULL && i32[0] == 3 && i32[1] == -1 && i32[2] == 7);
	CHECK(json_packed_f64(json_at(r, 0)) == NULL);
	CHECK(json_packed_i32(json_at(r, 1)) == NULL); /* a null */
	CHECK(json_packed_i32(json_at(r, 2)) == NULL); /* int64 */
	const double *f64 = json_packed_f64(json_at(r, 3));
	CHECK(f64 != NULL && f64[0] == 0.5 && f64[1] == 2.25);
	CHECK(json_packed_i32(json_at(r, 3)) == NULL);
	CHECK(json_packed_f64(json_at(r, 4)) == NULL); /* a null */
	CHECK(json_packed_i32(json_at(r, 5)) == NULL); /* empty */
	CHECK(json_packed_i32(json_at(r, 6)) == NULL); /* an object */
	CHECK(json_packed_i32(r) == NULL && json_packed_i32(NULL) == NULL);
	json_doc_free(d);
}

static void packed_array_unpacks_on_non_number(void)
{
	struct json_doc *d = parse("[1, null, 2.5, \"s\", [3], {\"k\": 4}]");
	const struct json *r = json_doc_root(d);
	CHECK(!json_is_packed(r));
	CHECK_INT(json_len(r), 6);
	int64_t v;
	CHECK_INT(json_i64_at(r, 0, &v), JSON_ELEM_OK);
	CHECK_INT(v, 1);
	CHECK_INT(json_i64_at(r, 1, &v), JSON_ELEM_NULL);
	CHECK_DBL(json_f64(json_at(r, 2)), 2.5, 0);
	CHECK_STR(json_str(json_at(r, 3)), "s");
	CHECK_INT(json_i64_at(r, 3, &v), JSON_ELEM_NOT_NUMBER);
	CHECK(json_is_packed(json_at(r, 4)));
	CHECK(json_i64(json_get(json_at(r, 5), "k"), &v) && v == 4);
	json_doc_free(d);
}

static void numbers_exact(void)
{
	struct json_doc *d = parse("[9223372036854775807, -9223372036854775808, 9007199254740993, 5.0, 1e3, "
				   "-0, 0.1, 1.5e-3, 123456789012345678901234, 2.2250738585072014e-308, "
				   "0.30000000000000004, 1E+2, 4294967295]");
	CHECK(d != NULL);
	const struct json *r = json_doc_root(d);
	int64_t v;
	double f;
	CHECK_INT(json_i64_at(r, 0, &v), JSON_ELEM_OK);
	CHECK(v == INT64_MAX);
	CHECK_INT(json_i64_at(r, 1, &v), JSON_ELEM_OK);
	CHECK(v == INT64_MIN);
	CHECK_INT(json_i64_at(r, 2, &v), JSON_ELEM_OK); /* past 2^53 and still exact */
	CHECK(v == 9007199254740993LL);
	CHECK_INT(json_i64_at(r, 3, &v), JSON_ELEM_OK);
	CHECK_INT(v, 5);
	CHECK_INT(json_i64_at(r, 4, &v), JSON_ELEM_OK);
	CHECK_INT(v, 1000);
	CHECK_INT(json_i64_at(r, 5, &v), JSON_ELEM_OK);
	CHECK_INT(v, 0);
	json_f64_at(r, 6, &f);
	CHECK(f == strtod("0.1", NULL));
	json_f64_at(r, 7, &f);
	CHECK(f == strtod("1.5e-3", NULL));
	json_f64_at(r, 8, &f);
	CHECK(f == strtod("123456789012345678901234", NULL));
	json_f64_at(r, 9, &f);
	CHECK(f == strtod("2.2250738585072014e-308", NULL));
	json_f64_at(r, 10, &f);
	CHECK(f == strtod("0.30000000000000004", NULL));
	CHECK_INT(json_i64_at(r, 11, &v), JSON_ELEM_OK);
	CHECK_INT(v, 100);
	CHECK_INT(json_i64_at(r, 12, &v), JSON_ELEM_OK);
	CHECK_INT(v, 4294967295LL);
	json_doc_free(d);
}

/* Decimal fractions, as the times of a samply profile are written: every one reads as the
 * double strtod makes of the same text, on both sides of the 18-digit fast path, and an
 * integral one ("5.000") as an integer. Random texts from a fixed LCG, so a failure repeats. */
static void decimals_equal_strtod(void)
{
	enum { COUNT = 20000 };
	char (*texts)[48] = calloc(COUNT, sizeof(*texts));
	size_t cap = COUNT * 50 + 16, len = 0;
	char *doc = malloc(cap);
	uint64_t seed = 0x9E3779B97F4A7C15u;
	doc[len++] = '[';
	for (size_t i = 0; i < COUNT; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		unsigned r = (unsigned)(seed >> 33);
		size_t int_digits = r % 11, frac_digits = 1 + (r >> 4) % 19, k = 0;
		if (r & (1u << 9))
			texts[i][k++] = '-';
		if (int_digits == 0)
			texts[i][k++] = '0';
		for (size_t d = 0; d < int_digits; d++) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			texts[i][k++] = (char)('0' + (d == 0 ? 1 + (seed >> 40) % 9 : (seed >> 40) % 10));
		}
		texts[i][k++] = '.';
		bool zeros = (r >> 12) % 8 == 0; /* "5.000": integral */
		for (size_t d = 0; d < frac_digits; d++) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			texts[i][k++] = zeros ? '0' : (char)('0' + (seed >> 40) % 10);
		}
		texts[i][k] = '\0';
		len += (size_t)snprintf(doc + len, cap - len, "%s%s", i ? "," : "", texts[i]);
	}
	doc[len++] = ']';
	struct json_doc *d = json_parse_buffer(doc, len, "t.json", NULL);
	CHECK(d != NULL);
	const struct json *r = json_doc_root(d);
	size_t wrong = 0;
	for (size_t i = 0; d && i < COUNT; i++) {
		double f = 0, want = strtod(texts[i], NULL);
		CHECK_INT(json_f64_at(r, i, &f), JSON_ELEM_OK);
		if (f != want && wrong++ < 5)
			fprintf(stderr, "%s: read %.17g, strtod %.17g\n", texts[i], f, want);
		int64_t v;
		if (want == (double)(int64_t)want && fabs(want) < 9007199254740992.0 &&
		    (json_i64_at(r, i, &v) != JSON_ELEM_OK || (double)v != want) && wrong++ < 5)
			fprintf(stderr, "%s: not read as the integer %.0f\n", texts[i], want);
	}
	CHECK_INT(wrong, 0);
	json_doc_free(d);
	free(doc);
	free(texts);
}

static void strings_and_escapes(void)
{
	struct json_doc *d = parse("[\"a\\\"b\\\\c\\/\\n\", \"\\u00e9\\u20ac\", \"\\ud83d\\ude00\", \"\\ud800x\", "
				   "\"nul\\u0000in\", \"raw \xff bytes\"]");
	CHECK(d != NULL);
	const struct json *r = json_doc_root(d);
	CHECK_STR(json_str(json_at(r, 0)), "a\"b\\c/\n");
	CHECK_STR(json_str(json_at(r, 1)), "\xc3\xa9\xe2\x82\xac");
	CHECK_STR(json_str(json_at(r, 2)), "\xf0\x9f\x98\x80");
	CHECK_STR(json_str(json_at(r, 3)), "\xef\xbf\xbdx"); /* a lone surrogate becomes U+FFFD */
	CHECK_INT(json_str_len(json_at(r, 4)), 6);
	CHECK_STR(json_str(json_at(r, 5)), "raw \xff bytes"); /* DHAT writes raw bytes */
	json_doc_free(d);
}

static void errors_name_offset_line_column_and_path(void)
{
	CHECK_STR(parse_error_of("{\"threads\": [{\"samples\": {\"stack\": [1, 2,"),
		  "profan: t.json: byte 41 (line 1, column 42): threads[0].samples.stack[2]: unexpected end of "
		  "input (truncated file?)\n");
	CHECK_STR(parse_error_of("{\n  \"a\": x}"),
		  "profan: t.json: byte 9 (line 2, column 8): a: unexpected 'x' where a value was expected\n");
	CHECK_STR(parse_error_of(""), "profan: t.json: byte 0 (line 1, column 1): empty input (no JSON value)\n");
	CHECK_STR(parse_error_of("[1] 2"),
		  "profan: t.json: byte 4 (line 1, column 5): trailing data after the JSON value\n");
	CHECK_STR(parse_error_of("{\"a\": 1, \"a\": 2}"),
		  "profan: t.json: byte 16 (line 1, column 17): duplicate key \"a\"\n");
	CHECK_STR(parse_error_of("\xEF\xBB\xBF{}"),
		  "profan: t.json: byte 0 (line 1, column 1): input starts with a UTF-8 byte order mark, which "
		  "JSON does not allow\n");
	CHECK_STR(parse_error_of("[01]"), "profan: t.json: byte 3 (line 1, column 4): [0]: invalid number '01'\n");
	CHECK_STR(parse_error_of("[1e999]"),
		  "profan: t.json: byte 6 (line 1, column 7): [0]: number 1e999 is out of range\n");
	CHECK_STR(parse_error_of("[NaN]"),
		  "profan: t.json: byte 1 (line 1, column 2): [0]: unexpected 'N' where a value was expected\n");
	CHECK_STR(parse_error_of("[\"a\tb\"]"),
		  "profan: t.json: byte 3 (line 1, column 4): [0]: control character 0x09 inside a string\n");
	CHECK_STR(parse_error_of("{\"a\" 1}"),
		  "profan: t.json: byte 5 (line 1, column 6): a: expected ':' after a key\n");
	CHECK_STR(parse_error_of("[1 2]"), "profan: t.json: byte 3 (line 1, column 4): [1]: expected ',' or ']'\n");
	const char *bad[] = {"[1.]", "[.5]", "[-]", "[1e]", "[+1]", "[tru]", "[\"\\x\"]", "{1: 2}", "[1,]", "{,}"};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		const char *err = parse_error_of(bad[i]);
		CHECK(strncmp(err, "profan: t.json: byte ", 21) == 0);
		CHECK(strchr(err, '\n') == err + strlen(err) - 1); /* exactly one line */
	}
}

static void deep_nesting_is_bounded(void)
{
	size_t depth = JSON_MAX_DEPTH + 10;
	char *text = malloc(2 * depth + 1);
	memset(text, '[', depth);
	memset(text + depth, ']', depth);
	text[2 * depth] = '\0';
	const char *err = parse_error_of(text);
	CHECK(strstr(err, "nesting deeper than 100000 levels") != NULL);
	free(text);
	/* deep but legal nesting parses: nothing recurses on the C stack */
	size_t ok = 50000;
	text = malloc(2 * ok + 1);
	memset(text, '[', ok);
	memset(text + ok, ']', ok);
	text[2 * ok] = '\0';
	struct json_doc *d = parse(text);
	CHECK(d != NULL);
	json_doc_free(d);
	free(text);
}

static void dhat_missing_bracket_repair(void)
{
	const char *text = "{\"pps\": [{\"tb\": 1, \"fs\":]\n}]}";
	capture_begin();
	struct json_doc *plain = parse(text);
	capture_end();
	CHECK(plain == NULL);
	struct json_parse_opts opts = {.repair_missing_open_bracket = true};
	struct json_doc *d = json_parse_buffer(text, strlen(text), "t.json", &opts);
	CHECK(d != NULL);
	CHECK_INT(json_doc_repairs(d), 1);
	const struct json *fs = json_get(json_at(json_get(json_doc_root(d), "pps"), 0), "fs");
	CHECK_INT(json_type(fs), JSON_ARRAY);
	CHECK_INT(json_len(fs), 0);
	json_doc_free(d);
}

/* What one read of a numeric array delivered: per element a kind and a value. */
struct elems {
	VEC(struct jnum) v;
	size_t runs; /* elements that came in runs */
};

static int elems_batch(void *ctx, size_t first, const struct jnum *v, size_t n)
{
	struct elems *e = ctx;
	CHECK_INT(first, e->v.len);
	for (size_t i = 0; i < n; i++)
		vec_push(&e->v, v[i]);
	return JNUM_SKIP;
}

static void elems_uints(void *ctx, const uint64_t *v, size_t n)
{
	struct elems *e = ctx;
	for (size_t i = 0; i < n; i++)
		vec_push(&e->v, ((struct jnum){.kind = JNUM_INT, .i = (int64_t)v[i], .d = (double)v[i]}));
	e->runs += n;
}

static void elems_reals(void *ctx, const double *v, size_t n)
{
	struct elems *e = ctx;
	for (size_t i = 0; i < n; i++)
		vec_push(&e->v, ((struct jnum){.kind = JNUM_DOUBLE, .d = v[i]}));
	e->runs += n;
}

/* Reads TEXT's root array with RUNS (NULL: element by element); returns the stream's result. */
static int read_elems(const char *text, const struct jnum_runs *runs, struct elems *out, char **err)
{
	capture_begin();
	struct source *src = source_open_buffer(text, strlen(text), "a.json");
	struct jstream *js = jstream_open(src, NULL);
	int rc = jstream_peek(js) == JSON_ARRAY && jstream_begin_array(js) == 0
			 ? jstream_array_runs(js, runs, elems_batch, out)
			 : -2;
	jstream_close(js);
	source_close(src);
	*err = strdup(capture_end());
	return rc;
}

/* Runs of plain numbers (jstream_array_runs) give every element the value it has read one by
 * one: integers of every length around the 18-digit limit, fractions around 2^53, signs, -0,
 * exponents, whitespace, nulls and strings between them, chunk edges anywhere; and a bad array
 * fails with the same line at the same place. Random texts from a fixed LCG. */
static void runs_read_like_elements(void)
{
	static const char *const odd[] = {"null", "\"s\"", " 7", "7 ", "1e3", "-5", "-0", "0",
					  "-0.0", "5.000", "1E-2", "0.1", "123456789012345678",
					  "1234567890123456789", "99999999999999999999", "9007199254740993.5",
					  "900719925474099.35", "4.9406564584124654e-324", "[1]", "true"};
	uint64_t seed = 42;
	size_t runs_seen = 0;
	for (int round = 0; round < 200; round++) {
		VEC(char) t = {0};
		vec_push(&t, '[');
		size_t count = 1 + round % 97;
		for (size_t i = 0; i < count; i++) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			unsigned r = (unsigned)(seed >> 33);
			char el[64];
			if (r % 5 == 0) {
				snprintf(el, sizeof(el), "%s", odd[(r >> 3) % ARRAY_SIZE(odd)]);
			} else {
				unsigned long long x = (seed >> 3) % (r & 64 ? 10000ULL : 1000000000000000000ULL);
				if (r & 128)
					snprintf(el, sizeof(el), "%s%llu.%0*llu", r & 256 ? "-" : "", x / 1000,
						 (int)(1 + (r >> 10) % 9), x % 1000);
				else
					snprintf(el, sizeof(el), "%llu", x);
			}
			for (const char *c = i ? "," : ""; *c; c++)
				vec_push(&t, *c);
			for (const char *c = el; *c; c++)
				vec_push(&t, *c);
		}
		for (const char *c = round % 7 == 0 ? ",]" : round % 11 == 0 ? "" : "]"; *c; c++)
			vec_push(&t, *c);
		vec_push(&t, '\0');
		for (int mode = 0; mode < 2; mode++) {
			static const struct jnum_runs uints = {.uints = elems_uints}, reals = {.reals = elems_reals};
			source_set_max_chunk(round % 3 == 0 ? 1 + round % 13 : 0);
			struct elems one = {0}, fast = {0};
			char *err1, *err2;
			int rc1 = read_elems(t.items, NULL, &one, &err1);
			int rc2 = read_elems(t.items, mode ? &reals : &uints, &fast, &err2);
			source_set_max_chunk(0);
			CHECK_INT(rc2, rc1);
			CHECK_STR(err2, err1);
			if (rc1 >= 0) /* after an error, each may have delivered more or less of what it read */
				CHECK_INT(fast.v.len, one.v.len);
			size_t differ = 0;
			for (size_t i = 0; i < one.v.len && i < fast.v.len; i++) {
				const struct jnum *a = &one.v.items[i], *b = &fast.v.items[i];
				bool same = mode ? (a->kind == JNUM_INT || a->kind == JNUM_DOUBLE) == (b->kind != JNUM_NULL && b->kind != JNUM_OTHER) &&
							   memcmp(&a->d, &b->d, sizeof(double)) == 0
						 : a->kind == b->kind && a->i == b->i && memcmp(&a->d, &b->d, sizeof(double)) == 0;
				if (!same && differ++ < 3)
					fprintf(stderr, "%s: element %zu: kind %d %lld %.17g, in a run: kind %d %lld %.17g\n",
						mode ? "reals" : "uints", i, a->kind, (long long)a->i, a->d, b->kind,
						(long long)b->i, b->d);
			}
			CHECK_INT(differ, 0);
			runs_seen += fast.runs;
			vec_free(&one.v), vec_free(&fast.v), free(err1), free(err2);
		}
		vec_free(&t);
	}
	CHECK(runs_seen > 5000); /* the runs were taken, not only the element path */
}

/* gzip through zlib, so the parser sees 1 MiB chunks that split tokens anywhere */
static unsigned char *gzip(const char *text, size_t len, size_t *out_len)
{
	z_stream z = {0};
	deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
	size_t cap = deflateBound(&z, len) + 64;
	unsigned char *out = malloc(cap);
	z.next_in = (unsigned char *)text;
	z.avail_in = (unsigned)len;
	z.next_out = out;
	z.avail_out = (unsigned)cap;
	deflate(&z, Z_FINISH);
	*out_len = cap - z.avail_out;
	deflateEnd(&z);
	return out;
}

static void chunk_boundaries_through_gzip(void)
{
	/* 3 MiB of numbers, strings with escapes and literals: every token kind crosses a chunk edge */
	size_t cap = 4u << 20, n = 0;
	char *text = malloc(cap);
	n += (size_t)sprintf(text + n, "{\"nums\": [");
	size_t count = 0;
	while (n < 3u << 20) {
		n += (size_t)sprintf(text + n, "%s%zu.%zu", count ? "," : "", count * 7919 % 100003, count % 1000);
		count++;
	}
	n += (size_t)sprintf(text + n, "], \"strs\": [");
	size_t scount = 0;
	while (n < (3u << 20) + 300000) {
		n += (size_t)sprintf(text + n, "%s\"s\\u00e9%zu\\n\", null, true", scount ? "," : "", scount);
		scount++;
	}
	n += (size_t)sprintf(text + n, "]}");
	size_t gz_len;
	unsigned char *gz = gzip(text, n, &gz_len);
	struct json_doc *a = json_parse_buffer(text, n, "plain", NULL);
	struct json_doc *b = json_parse_buffer((const char *)gz, gz_len, "gz", NULL);
	CHECK(a != NULL && b != NULL);
	const struct json *na = json_get(json_doc_root(a), "nums"), *nb = json_get(json_doc_root(b), "nums");
	CHECK_INT(json_len(na), count);
	CHECK_INT(json_len(nb), count);
	size_t mismatches = 0;
	for (size_t i = 0; i < count; i++) {
		double x, y;
		json_f64_at(na, i, &x);
		json_f64_at(nb, i, &y);
		char expect[64];
		snprintf(expect, sizeof(expect), "%zu.%zu", i * 7919 % 100003, i % 1000);
		mismatches += x != y || x != strtod(expect, NULL);
	}
	CHECK_INT(mismatches, 0);
	const struct json *sb = json_get(json_doc_root(b), "strs");
	CHECK_INT(json_len(sb), 3 * scount);
	mismatches = 0;
	for (size_t i = 0; i < scount; i++) {
		char expect[64];
		snprintf(expect, sizeof(expect), "s\xc3\xa9%zu\n", i);
		mismatches += strcmp(json_str(json_at(sb, 3 * i)), expect) != 0 ||
			      json_type(json_at(sb, 3 * i + 1)) != JSON_NULL || !json_bool(json_at(sb, 3 * i + 2));
	}
	CHECK_INT(mismatches, 0);
	json_doc_free(a);
	json_doc_free(b);
	/* a truncated gzip stream is one clear error */
	capture_begin();
	struct json_doc *c = json_parse_buffer((const char *)gz, gz_len / 2, "cut.json.gz", NULL);
	CHECK_STR(capture_end(), "profan: cut.json.gz: gzip: unexpected end of compressed data (truncated file?)\n");
	CHECK(c == NULL);
	free(gz);
	free(text);
}

/* Reads all of BUF through a source: the decoded bytes, the last rc, and what was printed. */
struct read_result {
	char *bytes;
	size_t len;
	int rc;
	char *err;
};

static struct read_result read_source(const unsigned char *buf, size_t len)
{
	struct read_result r = {0};
	capture_begin();
	struct source *s = source_open_buffer(buf, len, "x.gz");
	r.rc = s == NULL ? -2 : 1;
	const char *d;
	size_t n;
	while (s != NULL && (r.rc = source_next(s, &d, &n)) == 1) {
		r.bytes = realloc(r.bytes, r.len + n);
		memcpy(r.bytes + r.len, d, n);
		r.len += n;
	}
	source_close(s);
	r.err = strdup(capture_end());
	return r;
}

/* gzip inflated ahead on the second thread (small chunks make small inputs take that path) gives
 * the bytes, the end and the error line of the same input inflated on one thread, wherever the
 * damage is: truncated anywhere, a wrong CRC or length, bad blocks, trailing bytes, a second
 * member, the decoded-size cap. */
static void gzip_inflated_ahead_like_one_thread(void)
{
	size_t n = 200000;
	char *text = malloc(n);
	uint32_t x = 1; /* digits and commas that do not compress away: every byte of it matters */
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		text[i] = "0123456789,"[(x >> 16) % 11];
	}
	size_t gz_len;
	unsigned char *gz = gzip(text, n, &gz_len);
	unsigned char *buf = malloc(2 * gz_len + 16);
	struct {
		const char *what;
		size_t len;
		size_t flip; /* a byte to corrupt, or SIZE_MAX */
		const char *expect; /* the error line, or NULL when the whole text is read */
	} cases[] = {
		{"whole", gz_len, SIZE_MAX, NULL},
		{"cut early", gz_len / 5, SIZE_MAX, "profan: x.gz: gzip: unexpected end of compressed data (truncated file?)\n"},
		{"cut late", gz_len - 3, SIZE_MAX, "profan: x.gz: gzip: unexpected end of compressed data (truncated file?)\n"},
		{"CRC", gz_len, gz_len - 8, "profan: x.gz: gzip: incorrect data check\n"},
		{"length", gz_len, gz_len - 2, "profan: x.gz: gzip: incorrect length check\n"},
		{"block", gz_len, gz_len / 2, NULL /* whatever one thread says */},
		{"trailing", gz_len + 1, SIZE_MAX, "profan: x.gz: gzip: trailing garbage after the compressed data\n"},
		{"two members", 2 * gz_len, SIZE_MAX, NULL},
	};
	size_t threaded_reads = 0;
	for (size_t k = 0; k < ARRAY_SIZE(cases); k++) {
		memcpy(buf, gz, gz_len);
		memcpy(buf + gz_len, gz, gz_len);
		buf[gz_len] = k == 6 ? 'x' : buf[gz_len];
		if (cases[k].flip != SIZE_MAX)
			buf[cases[k].flip] ^= 0x55;
		source_set_gzip_chunk(61);
		task_set_inline(true);
		struct read_result one = read_source(buf, cases[k].len);
		task_set_inline(false);
		struct read_result ahead = read_source(buf, cases[k].len);
		source_set_gzip_chunk(0);
		threaded_reads += ahead.len > 61;
		CHECK_INT(ahead.rc, one.rc);
		CHECK_INT(ahead.len, one.len);
		CHECK(ahead.len == one.len && memcmp(ahead.bytes, one.bytes, one.len) == 0);
		CHECK_STR(ahead.err, one.err);
		if (cases[k].expect != NULL)
			CHECK_STR(one.err, cases[k].expect);
		else if (k != 5)
			CHECK(one.rc == 0 && one.len == (k == 7 ? 2 : 1) * n && memcmp(one.bytes, text, n) == 0);
		else
			CHECK(one.rc == -1 && strncmp(one.err, "profan: x.gz: gzip: ", 20) == 0);
		free(one.bytes), free(one.err), free(ahead.bytes), free(ahead.err);
	}
	CHECK(threaded_reads >= 6);
	/* the decoded-size cap, read ahead: the reader stops at the chunk that passes it */
	setenv("PROFAN_MAX_INPUT_MB", "1", 1);
	char *big = calloc(1, 3u << 20);
	unsigned char *bgz = gzip(big, 3u << 20, &gz_len);
	source_set_gzip_chunk(4096);
	struct read_result capped = read_source(bgz, gz_len);
	source_set_gzip_chunk(0);
	unsetenv("PROFAN_MAX_INPUT_MB");
	CHECK_INT(capped.rc, -1);
	CHECK_INT(capped.len, 1u << 20);
	CHECK_STR(capped.err, "profan: x.gz: input exceeds 1 MiB when decoded (set PROFAN_MAX_INPUT_MB to raise the limit)\n");
	free(capped.bytes), free(capped.err), free(big), free(bgz);
	free(buf), free(gz), free(text);
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	CHECK(f != NULL && fwrite(data, 1, len, f) == len);
	fclose(f);
}

/* source_whole() maps a plain file (perf.data is read so): the file's bytes; and when another
 * program cuts the file short under the mapping, one line and exit status 1 instead of SIGBUS
 * (in a child process). */
static void mapped_file_cut_short(void)
{
	size_t n = (3u << 20) + 12345; /* not a multiple of the page */
	char *text = malloc(n);
	for (size_t i = 0; i < n; i++)
		text[i] = "0123456789,"[(i * 7919) % 11];
	char path[] = "/tmp/profan-test-json-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	close(fd);
	write_file(path, text, n);
	struct source *s = source_open_file(path);
	const unsigned char *whole;
	size_t whole_len;
	CHECK(s != NULL && source_whole(s, &whole, &whole_len) == 0);
	CHECK(whole_len == n && memcmp(whole, text, n) == 0);
	source_close(s);

	int err_pipe[2];
	CHECK(pipe(err_pipe) == 0);
	pid_t child = fork();
	if (child == 0) {
		dup2(err_pipe[1], STDERR_FILENO);
		struct source *cut = source_open_file(path);
		if (cut == NULL || source_whole(cut, &whole, &whole_len) != 0 || truncate(path, 4096) != 0)
			_exit(2);
		unsigned sum = 0;
		for (size_t i = 0; i < whole_len; i++)
			sum += whole[i];
		_exit(sum == 12345 ? 3 : 4); /* not reached: the handler exits 1 at the first page cut away */
	}
	close(err_pipe[1]);
	char said[512] = "";
	ssize_t got = read(err_pipe[0], said, sizeof(said) - 1);
	said[got > 0 ? got : 0] = '\0';
	close(err_pipe[0]);
	int status = 0;
	waitpid(child, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	char expect[512];
	snprintf(expect, sizeof(expect), "profan: %s: the file shrank while it was read (did another program write it?)\n",
		 path);
	CHECK_STR(said, expect);
	unlink(path);
	free(text);
}

static void jr_helpers_report_paths(void)
{
	struct json_doc *d = parse("{\"threads\": [{}, {}, {\"samples\": {\"stack\": [1, 2, \"x\", 9001], "
				   "\"n\": \"s\"}}]}");
	const struct json *r = json_doc_root(d);
	struct jr rd = jr_begin(d);
	const struct json *threads = jr_need(&rd, r, "threads", JSON_ARRAY);
	const struct json *samples = jr_need(&rd, json_at(threads, 2), "samples", JSON_OBJECT);
	const struct json *stack = jr_need(&rd, samples, "stack", JSON_ARRAY);
	CHECK(stack != NULL && !rd.failed);
	int64_t v;
	capture_begin();
	CHECK(!jr_int_at(&rd, stack, 2, 0, 10, false, 0, &v));
	CHECK_STR(capture_end(), "profan: t.json: threads[2].samples.stack[2]: expected an integer, got a string\n");
	rd = jr_begin(d);
	capture_begin();
	CHECK(!jr_int_at(&rd, stack, 3, 0, 811, false, 0, &v));
	CHECK_STR(capture_end(), "profan: t.json: threads[2].samples.stack[3]: 9001 is out of range [0, 811]\n");
	rd = jr_begin(d);
	capture_begin();
	CHECK(jr_need(&rd, samples, "time", JSON_ARRAY) == NULL);
	jr_need(&rd, samples, "n", JSON_NUMBER); /* silent: one error line per failure */
	CHECK_STR(capture_end(), "profan: t.json: threads[2].samples: missing key \"time\"\n");
	rd = jr_begin(d);
	capture_begin();
	CHECK(jr_need(&rd, samples, "n", JSON_NUMBER) == NULL);
	CHECK_STR(capture_end(), "profan: t.json: threads[2].samples.n: expected a number, got a string\n");
	rd = jr_begin(d);
	size_t len = 0;
	capture_begin();
	CHECK(jr_int_column(&rd, stack, 0, 100, false, 0, &len) == NULL);
	capture_end();
	json_doc_free(d);
}

static void jslb_and_directory_are_refused(void)
{
	const char jslb[] = "\xDC\xDF\x4A\x53\x4C\x42\x01\x00rest";
	capture_begin();
	struct json_doc *d = json_parse_buffer(jslb, sizeof(jslb) - 1, "p.jslb", NULL);
	CHECK_STR(capture_end(), "profan: p.jslb: samply binary container (JSLB) is not supported yet; save the "
				 "profile as JSON\n");
	CHECK(d == NULL);
	capture_begin();
	struct source *s = source_open_file(".");
	CHECK_STR(capture_end(), "profan: .: is a directory, not a profile\n");
	CHECK(s == NULL);
	capture_begin();
	s = source_open_file("no/such/file.json");
	CHECK_STR(capture_end(), "profan: no/such/file.json: cannot open: No such file or directory\n");
	CHECK(s == NULL);
}

/* json_head: the members near the top as far as a prefix goes, values skipped by their
 * brackets and strings (brackets inside strings, escaped quotes), never past the bytes. */
static void head_of_a_prefix(void)
{
	struct json_head h;
	enum json_type t = JSON_NULL;
	const char *doc = "\xEF\xBB\xBF {\"meta\": {\"interval\": 1.5, \"cat\": [{\"x\": \"]}\\\"\"}], "
			  "\"preprocessedProfileVersion\": 55}, \"libs\": [{\"name\": \"a\"}], \"threads\": [";
	json_head_scan(doc, strlen(doc), &h);
	CHECK(h.is_json);
	CHECK_INT(h.root, JSON_OBJECT);
	CHECK(json_head_has(&h, "meta", &t) && t == JSON_OBJECT);
	CHECK(json_head_has(&h, "meta.interval", &t) && t == JSON_NUMBER);
	CHECK(json_head_has(&h, "meta.cat", &t) && t == JSON_ARRAY);
	CHECK(json_head_has(&h, "meta.preprocessedProfileVersion", &t) && t == JSON_NUMBER);
	CHECK(json_head_has(&h, "libs", &t) && t == JSON_ARRAY);
	CHECK(json_head_has(&h, "threads", &t) && t == JSON_ARRAY);
	CHECK(!json_head_has(&h, "meta.cat.x", NULL)); /* three levels down: not recorded */
	CHECK(json_head_has(&h, "libs[0]", &t) && t == JSON_OBJECT); /* of an array, the first element */
	CHECK(!json_head_has(&h, "libs[0].name", NULL));
	CHECK_INT(h.count, 7);

	/* cut inside a string: what came before stays */
	json_head_scan(doc, 33, &h);
	CHECK(json_head_has(&h, "meta.interval", NULL) && !json_head_has(&h, "meta.cat", NULL));

	/* a root array: its first element's members */
	const char *trace = "[{\"ph\": \"P\", \"args\": {\"data\": 1}}, {\"name\": \"x\"}]";
	json_head_scan(trace, strlen(trace), &h);
	CHECK_INT(h.root, JSON_ARRAY);
	CHECK(json_head_has(&h, "[0]", &t) && t == JSON_OBJECT);
	CHECK(json_head_has(&h, "[0].ph", &t) && t == JSON_STRING);
	CHECK(!json_head_has(&h, "[0].args.data", NULL) && !json_head_has(&h, "name", NULL));
	CHECK_INT(h.count, 3);

	json_head_scan("  \"meta\"", 8, &h);
	CHECK(!h.is_json && h.count == 0);
	json_head_scan("PERFILE2", 8, &h);
	CHECK(!h.is_json);
}

/* An ingest plan: the arrays at its paths become columns, with the values the entries declare
 * (worked out by hand below); anything else at those paths, and every other path, stays in the tree. */
static void plan_reads_declared_paths_into_columns(void)
{
	static const struct jplan_entry entries[] = {
		{"a[].s.u", JPLAN_UINTS, .max = 1000, .null_as = 0, .bias = 1},
		{"a[].s.t", JPLAN_TIMES},
		{"a[].s.d", JPLAN_TIMES, .deltas = true},
		{"a[].s.w", JPLAN_UINTS, .max = 5, .null_as = 9},
		{"a[].s.c", JPLAN_UINTS, .max = 5},
		{"a[].s.v", JPLAN_UINTS, .max = 5},
	};
	static const struct json_plan plan = {entries, ARRAY_SIZE(entries)};
	const struct json_parse_opts opts = {.plan = {&plan}};
	const char *text = "{\"a\":[{\"s\":{\"u\":[0,7,null,300],\"t\":[1.5,-2,4],\"d\":[1,2,3],\"w\":[5,-1,6],"
			   "\"c\":[3,3,3],\"v\":\"x\"}},{\"s\":{\"u\":{\"k\":1},\"t\":[]}}],\"u\":[1,2],"
			   "\"b\":{\"u\":[9]}}";
	struct json_doc *d = json_parse_buffer(text, strlen(text), "plan", &opts);
	CHECK(d != NULL);
	if (d == NULL)
		return;
	const struct json *root = json_doc_root(d), *a = json_get(root, "a");
	const struct json *s0 = json_get(json_at(a, 0), "s"), *s1 = json_get(json_at(a, 1), "s");
	/* u: each integer + 1, a null 0; 301 needs two bytes */
	const struct jcol *u = json_column(json_get(s0, "u"));
	CHECK(u != NULL && u->entry == &entries[0]);
	if (u != NULL) {
		CHECK_INT(u->len, 4);
		CHECK_INT(u->width, 2);
		CHECK_INT(jcol_get(u, 0), 1);
		CHECK_INT(jcol_get(u, 1), 8);
		CHECK_INT(jcol_get(u, 2), 0);
		CHECK_INT(jcol_get(u, 3), 301);
		CHECK(u->bad == SIZE_MAX);
	}
	CHECK_INT(json_len(json_get(s0, "u")), 4);
	CHECK(json_at(json_get(s0, "u"), 0) == NULL);
	/* t: the range of 1.5, -2, 4; d: of the sums 1, 3, 6 */
	const struct jcol *t = json_column(json_get(s0, "t")), *dl = json_column(json_get(s0, "d"));
	CHECK(t != NULL && dl != NULL);
	if (t != NULL && dl != NULL) {
		CHECK(t->len == 3 && t->t_min == -2 && t->t_max == 4 && t->bad == SIZE_MAX);
		CHECK(dl->len == 3 && dl->t_min == 1 && dl->t_max == 6 && dl->bad == SIZE_MAX);
	}
	/* w: -1 is the first element out of [0, 5], kept as read; 6 after it does not replace it */
	const struct jcol *w = json_column(json_get(s0, "w"));
	CHECK(w != NULL);
	if (w != NULL) {
		CHECK_INT(w->len, 3);
		CHECK_INT(w->bad, 1);
		CHECK(w->bad_value.kind == JNUM_INT && w->bad_value.i == -1);
		CHECK_INT(jcol_get(w, 0), 5);
	}
	char path[64];
	json_path(d, json_get(s0, "w"), path, sizeof(path));
	CHECK_STR(path, "a[0].s.w");
	/* c: one value throughout, kept without a byte per element */
	const struct jcol *c = json_column(json_get(s0, "c"));
	CHECK(c != NULL && c->width == 0 && jcol_all(c, 3) && !jcol_all(c, 4));
	/* not arrays at planned paths, and arrays elsewhere: the tree's */
	CHECK_STR(json_str(json_get(s0, "v")), "x");
	CHECK(json_column(json_get(s1, "u")) == NULL && json_type(json_get(s1, "u")) == JSON_OBJECT);
	const struct jcol *t1 = json_column(json_get(s1, "t"));
	CHECK(t1 != NULL && t1->len == 0);
	CHECK(json_column(json_get(root, "u")) == NULL && json_i64_at(json_get(root, "u"), 1, &(int64_t){0}) == JSON_ELEM_OK);
	CHECK(json_column(json_get(json_get(root, "b"), "u")) == NULL);
	json_doc_free(d);

	/* a long column read in runs: 0 .. 999, each + 1 */
	char *big = malloc(16 * 1024);
	size_t n = (size_t)sprintf(big, "{\"a\":[{\"s\":{\"u\":[");
	for (int i = 0; i < 1000; i++)
		n += (size_t)sprintf(big + n, "%s%d", i ? "," : "", i);
	n += (size_t)sprintf(big + n, "]}}]}");
	d = json_parse_buffer(big, n, "plan", &opts);
	u = d ? json_column(json_get(json_get(json_at(json_get(json_doc_root(d), "a"), 0), "s"), "u")) : NULL;
	CHECK(u != NULL);
	if (u != NULL) {
		uint64_t sum = 0;
		for (size_t i = 0; i < u->len; i++)
			sum += jcol_get(u, i);
		CHECK_INT(u->len, 1000);
		CHECK_INT(sum, 500500); /* 1 + 2 + ... + 1000 */
		CHECK_INT(u->width, 2);
	}
	json_doc_free(d);
	free(big);
}

/* A JPLAN_ROWS entry: objects become rows, their declared members columns, and what does not fit
 * is kept as read (worked out by hand below). */
static void plan_reads_rows(void)
{
	static const struct jplan_member members[] = {{"a", JPLAN_INT, 10}, {"f", JPLAN_INDICES, 5}};
	static const struct jplan_entry entries[] = {{"r", JPLAN_ROWS, .members = members, .nmembers = 2}};
	static const struct json_plan plan = {entries, 1};
	const struct json_parse_opts opts = {.plan = {&plan}};
	const char *text = "{\"r\":[{\"a\":3,\"f\":[0,2],\"z\":[1,{}]},{\"f\":[],\"a\":\"x\"},"
			   "{\"a\":-1,\"f\":[1,null,7,\"s\",4]},5,{\"a\":1}]}";
	struct json_doc *d = json_parse_buffer(text, strlen(text), "rows", &opts);
	CHECK(d != NULL);
	const struct json *arr = d ? json_get(json_doc_root(d), "r") : NULL;
	struct jrows *R = json_rows(arr);
	CHECK(R != NULL && json_column(arr) == NULL);
	if (R != NULL) {
		CHECK_INT(json_len(arr), 5);
		CHECK_INT(R->elements, 5);
		CHECK_INT(R->len, 3); /* element 3 is no object: the rows stop there */
		CHECK_INT(R->not_object, 3);
		CHECK(R->not_object_type == JSON_NUMBER && !R->numbers);
		CHECK_STR(R->path, "r");
		CHECK_INT(R->has[0], 3);
		CHECK_INT(R->has[1], 3);
		CHECK_INT(R->has[2], 3);
		CHECK_INT(R->value[0][0], 3);
		/* f: row 0 [0, 2], row 1 [], row 2 five elements, three of them unfit */
		CHECK_INT(R->at[1], 2);
		CHECK_INT(R->at[2], 2);
		CHECK_INT(R->at[3], 7);
		CHECK(R->pool[0] == 0 && R->pool[1] == 2 && R->pool[2] == 1 && R->pool[6] == 4);
		CHECK(R->pool[3] == UINT32_MAX && R->pool[4] == UINT32_MAX && R->pool[5] == UINT32_MAX);
		/* row 1's a is a string, row 2's a is -1, and of row 2's f the last unfit element is "s" */
		CHECK_INT(R->nbad, 3);
		if (R->nbad == 3) {
			CHECK(R->bad[0].row == 1 && R->bad[0].member == 0 && R->bad[0].index == SIZE_MAX &&
			      R->bad[0].type == JSON_STRING);
			CHECK(R->bad[1].row == 2 && R->bad[1].member == 0 && R->bad[1].type == JSON_NUMBER &&
			      R->bad[1].v.kind == JNUM_INT && R->bad[1].v.i == -1);
			CHECK(R->bad[2].row == 2 && R->bad[2].member == 1 && R->bad[2].index == 3 &&
			      R->bad[2].v.kind == JNUM_OTHER && R->bad[2].v.type == JSON_STRING);
		}
	}
	json_doc_free(d);
	/* only numbers and nulls: no rows, and the tree would have packed them */
	d = json_parse_buffer("{\"r\":[1,null,2]}", 16, "rows", &opts);
	R = d ? json_rows(json_get(json_doc_root(d), "r")) : NULL;
	CHECK(R != NULL && R->numbers && R->len == 0 && R->not_object == 0 && R->elements == 3);
	json_doc_free(d);
}

int main(void)
{
	RUN(scalars_and_objects);
	RUN(packed_arrays_widen);
	RUN(packed_columns_read_directly);
	RUN(packed_array_unpacks_on_non_number);
	RUN(numbers_exact);
	RUN(decimals_equal_strtod);
	RUN(strings_and_escapes);
	RUN(errors_name_offset_line_column_and_path);
	RUN(deep_nesting_is_bounded);
	RUN(dhat_missing_bracket_repair);
	RUN(runs_read_like_elements);
	RUN(chunk_boundaries_through_gzip);
	RUN(gzip_inflated_ahead_like_one_thread);
	RUN(mapped_file_cut_short);
	RUN(jr_helpers_report_paths);
	RUN(jslb_and_directory_are_refused);
	RUN(head_of_a_prefix);
	RUN(plan_reads_declared_paths_into_columns);
	RUN(plan_reads_rows);
	return check_summary();
}
